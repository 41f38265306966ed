/** Help for kubectl's "Basic Commands": create, run, set, explain, get, delete. */
import { FLAGS as CREATE_FLAGS } from '../../verbs/create.js';
import { DEPLOYMENT_FLAGS } from '../../verbs/create-deployment.js';
import { NS_FLAGS } from '../../verbs/create-namespace.js';
import { FLAGS as DELETE_FLAGS } from '../../verbs/delete.js';
import { EXPLAIN_FLAGS } from '../../verbs/explain.js';
import { GET_FLAGS } from '../../verbs/get.js';
import { RUN_FLAGS } from '../../verbs/run-flags.js';
import { FLAGS as SET_IMAGE_FLAGS } from '../../verbs/set.js';
import { RESOURCES_FLAGS as SET_RESOURCES_FLAGS } from '../../verbs/set-resources.js';
import { ENV_FLAGS as SET_ENV_FLAGS } from '../../verbs/set-env.js';
import { fieldManager } from '../flag-docs.js';
import type { CommandHelp } from '../types.js';

/** `-o` of create and its generators: what is printed instead of the "created" line. */
const CREATE_OUTPUT = {
  usage: 'Print the object instead of the "created" line: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE. With --dry-run=client, the object as it would be sent.',
};

export const create: CommandHelp = {
  short: 'Create a resource from a file or from stdin',
  long: `Sends every object of the manifest to the API server as a new object. An object that already
    exists is refused (AlreadyExists): kubectl apply creates or updates. Each object succeeds or
    fails on its own.

    There is no kubectl create daemonset: write the manifest, or let kubectl create deployment
    --dry-run=client -o yaml write one to start from and change its kind.`,
  examples: `# Create the objects of a manifest file
    kubectl create -f log-agent.yaml

    # Create what the heredoc after the command holds
    kubectl create -f -

    # Let the API server check the manifest without storing anything
    kubectl create -f log-agent.yaml --dry-run=server

    # Create it and keep the manifest for a later kubectl apply
    kubectl create -f log-agent.yaml --save-config

    # Create it and print the stored object, with what the API server filled in
    kubectl create -f log-agent.yaml -o yaml`,
  use: 'create -f FILENAME',
  flags: CREATE_FLAGS,
  flagDocs: { 'field-manager': fieldManager('kubectl-create'), output: CREATE_OUTPUT },
  subcommands: {
    deployment: {
      short: 'Create a deployment with the specified name',
      long: `Builds a Deployment running the given images, labelled and selected by app=NAME, one
        container per image named after it. This playground serves no Deployments, so only
        --dry-run=client does anything here: it prints the object, a manifest to start a DaemonSet
        from (change the kind, drop replicas and strategy). Anything after -- is the command of the
        container.`,
      examples: `# Start a DaemonSet manifest: print a Deployment and edit it into one
        kubectl create deployment log-agent --image=fluent/fluent-bit:3.0 --dry-run=client -o yaml > agent.yaml

        # Two containers in the pod template
        kubectl create deployment web --image=nginx --image=busybox --dry-run=client -o yaml

        # A container with a command and a port
        kubectl create deployment probe --image=busybox --port=8080 --dry-run=client -o yaml -- sleep 3600`,
      use: 'deployment NAME --image=image -- [COMMAND] [args...]',
      aliases: ['deploy'],
      flags: DEPLOYMENT_FLAGS,
      flagDocs: {
        'field-manager': fieldManager('kubectl-create'),
        output: CREATE_OUTPUT,
        image: { usage: 'The image of a container; repeat it, or separate images with commas, for one container each. Required.' },
        port: { usage: 'The containerPort of the first container; -1 (the default) declares none.' },
        replicas: { usage: 'The spec.replicas of the Deployment (1 unless given).' },
      },
    },
    namespace: {
      short: 'Create a namespace with the specified name',
      long: 'Creates an empty namespace. Deleting it later deletes everything in it.',
      examples: `# Create the namespace monitoring
        kubectl create namespace monitoring

        # Print the namespace as a manifest instead of creating it
        kubectl create namespace monitoring --dry-run=client -o yaml`,
      use: 'namespace NAME [--dry-run=server|client|none]',
      aliases: ['ns'],
      flags: NS_FLAGS,
      flagDocs: { 'field-manager': fieldManager('kubectl-create'), output: CREATE_OUTPUT },
    },
  },
};

/** What the flags that only matter to `--rm` mean here: nothing, as `--rm` is refused. */
const ONLY_WITH_RM = (what: string): { usage: string } => ({
  usage: `${what} when --rm deletes the pod after an attached session; --rm is refused here (nothing attaches), so it is checked and has no effect.`,
});

export const run: CommandHelp = {
  short: 'Run a particular image on the cluster',
  summary: 'Create and run a particular image in a pod.',
  long: `Creates one bare pod: a single container named NAME running the image, labelled run=NAME
    unless --labels says otherwise. The API server fills in the defaults, the scheduler places the
    pod on a node and the kubelet starts it. What follows -- becomes the container's args, or its
    command with --command.

    With --dry-run=client -o yaml nothing is created: the pod is printed as a manifest to edit and
    apply. --overrides merges a JSON fragment into the pod before it is sent.

    The simulated containers run no processes, so there is nothing to attach to: -i, -t, --attach
    and --rm are refused and nothing is created. Services are not modelled, so --expose is refused too.`,
  examples: `# Start an nginx pod
    kubectl run web --image=nginx

    # A pod that only sleeps, never restarted
    kubectl run test --image=busybox --restart=Never -- sleep 3600

    # Your own labels instead of run=NAME
    kubectl run web --image=nginx --labels=app=web,tier=front

    # Write the pod as a manifest to edit, instead of creating it
    kubectl run probe --image=busybox --dry-run=client -o yaml > probe.yaml

    # Pin the pod to one node with an override of the generated object
    kubectl run web --image=nginx --overrides='{"spec":{"nodeSelector":{"kubernetes.io/hostname":"node-1"}}}'

    # A container with its own command, an environment variable and a port
    kubectl run api --image=busybox --env=MODE=test --port=8080 --command -- sleep 3600`,
  use: 'run NAME --image=image [--env="key=value"] [--port=port] [--dry-run=server|client] [--overrides=inline-json] [--command] -- [COMMAND] [args...]',
  flags: RUN_FLAGS,
  flagDocs: {
    annotations: { usage: 'An annotation KEY=VALUE for the pod; repeat the flag for more.' },
    attach: { usage: 'Attach to the container once it runs. Refused here: the simulated containers run no processes.' },
    cascade: ONLY_WITH_RM('The deletion strategy'),
    command: { usage: 'Make the words after -- the container\'s command instead of its args.' },
    env: { usage: 'An environment variable NAME=VALUE for the container; repeat the flag for more.' },
    expose: { usage: 'Also create a Service for the pod. Refused here: Services are not modelled.' },
    'field-manager': fieldManager('kubectl-run'),
    filename: { usage: 'Accepted for compatibility and ignored, as by kubectl run.' },
    force: ONLY_WITH_RM('Skip the graceful deletion'),
    'grace-period': ONLY_WITH_RM('The grace period'),
    image: { usage: 'The image of the container. Required.' },
    'image-pull-policy': { usage: 'The container\'s imagePullPolicy: Always, IfNotPresent or Never; empty leaves it to the API server\'s default.' },
    kustomize: { usage: 'Accepted for compatibility and ignored, as by kubectl run.' },
    labels: { usage: 'The pod\'s labels as KEY=VALUE pairs apart by commas, instead of run=NAME.' },
    'leave-stdin-open': { usage: 'With -i, leave the container\'s stdin open after the first attach (stdinOnce: false).' },
    output: CREATE_OUTPUT,
    'override-type': {
      usage: 'How --overrides is applied: merge (a JSON merge patch, the default), strategic (containers merge by name) or json (a list of JSON patch operations).',
    },
    overrides: {
      usage: 'A JSON fragment applied to the generated pod before it is sent, e.g. \'{"spec":{"nodeName":"node-1"}}\'; it must leave apiVersion v1 and kind Pod.',
    },
    'pod-running-timeout': { usage: 'How long an attach waits for the pod to run; higher than zero. Only an attach uses it, and attaching is refused here.' },
    port: { usage: 'The containerPort of the container.' },
    privileged: { usage: 'Run the container privileged (securityContext.privileged: true).' },
    quiet: { usage: 'Leave out the prompts of an attached session. Accepted; nothing attaches here.' },
    recursive: { usage: 'Accepted for compatibility and ignored, as by kubectl run.' },
    restart: { usage: 'The pod\'s restartPolicy: Always (the default), OnFailure or Never.' },
    rm: { usage: 'Delete the pod after an attached session ends. Refused here: nothing attaches.' },
    stdin: { usage: 'Keep the container\'s stdin open, and attach to it unless --attach=false. Attaching is refused here.' },
    timeout: ONLY_WITH_RM('How long to wait for the deletion'),
    tty: { usage: 'Give the container a TTY (with -i). Attaching is refused here.' },
    wait: ONLY_WITH_RM('Wait until the pod is gone'),
  },
};

/** What the flags every set subcommand takes (set-pod-template.ts `SET_FLAGS`) mean here. */
const SET_FLAG_DOCS = {
  'field-manager': fieldManager('kubectl-set'),
  filename: { usage: 'A manifest file naming the objects to change (their kind, name and namespace); "-" reads standard input. May be repeated.' },
  local: { usage: 'Change the objects of the -f files themselves and print them, without asking the cluster; use with -o yaml.' },
  recursive: { usage: "Accepted for compatibility and changes nothing: the editor's files are flat tabs, with no directory to recurse into." },
  'show-managed-fields': { usage: 'Accepted for compatibility: the playground keeps no managedFields, so the output is the same with or without it.' },
};

export const set: CommandHelp = {
  short: 'Set specific features on objects',
  summary: 'Configure application resources.',
  long: 'Changes one part of existing objects in place. The playground has the image, env and resources subcommands.',
  examples: `# Roll the log-agent DaemonSet to a new image
    kubectl set image ds/log-agent agent=registry.example/log-agent:1.1

    # Give its agent container a CPU and memory limit
    kubectl set resources ds/log-agent -c agent --limits=cpu=200m,memory=256Mi`,
  use: 'set SUBCOMMAND',
  subcommands: {
    image: {
      short: 'Update the image of a pod template',
      summary: 'Update existing container image(s) of resources.',
      long: `Sets the image of the named containers (* names every container, init containers included) of a
        pod or of a DaemonSet's pod template. A new template makes the DaemonSet controller roll its pods
        over as spec.updateStrategy says. An object whose images already match is left as it is and not
        printed.

        With -f, the objects a manifest names are changed in the cluster. With --local, the objects of the
        manifest itself are changed and printed as kubectl holds them (zero values such as resources: {}
        included), and the cluster is not asked at all.`,
      examples: `# Move the agent container of log-agent to version 1.1
        kubectl set image ds/log-agent agent=registry.example/log-agent:1.1

        # Every container of every DaemonSet in the namespace
        kubectl set image ds --all '*=registry.example/base:2'

        # Print the result without changing anything
        kubectl set image ds/log-agent agent=registry.example/log-agent:1.1 --dry-run=client

        # Change the image in the manifest itself, without the cluster
        kubectl set image --local -f log-agent.yaml agent=registry.example/log-agent:1.1 -o yaml`,
      use: 'image (-f FILENAME | TYPE NAME) CONTAINER_NAME_1=CONTAINER_IMAGE_1 ... CONTAINER_NAME_N=CONTAINER_IMAGE_N',
      flags: SET_IMAGE_FLAGS,
      flagDocs: {
        ...SET_FLAG_DOCS,
        output: { usage: 'Print each changed object instead of the "image updated" line: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.' },
      },
    },
    env: {
      short: 'Update environment variables on a pod template',
      summary: 'Update environment variables on a pod template.',
      long: `Sets (KEY=VALUE) and removes (KEY-) environment variables of the containers (all of them, init
        containers included, unless -c picks some) of a pod or of a DaemonSet's pod template. A variable
        already there is replaced in place, a new one goes after the others; - reads KEY=VALUE lines
        from standard input. A new template makes the DaemonSet controller roll its pods over. --list
        prints the variables instead, and changes nothing. ConfigMaps and Secrets are not modelled, so
        --from, --keys and --resolve are refused.`,
      examples: `# Turn up the agent's log level (a new template: the pods roll over)
        kubectl set env ds/log-agent LOG_LEVEL=debug

        # Remove it again
        kubectl set env ds/log-agent LOG_LEVEL-

        # List the variables of every container
        kubectl set env ds/log-agent --list

        # Only the sidecar, each name with a prefix
        kubectl set env ds/log-agent -c sidecar --prefix=APP_ -e MODE=fast`,
      use: 'env RESOURCE/NAME KEY_1=VAL_1 ... KEY_N=VAL_N',
      flags: SET_ENV_FLAGS,
      flagDocs: {
        ...SET_FLAG_DOCS,
        containers: { usage: 'The containers to change, by name; * (the default) is every one, and may be part of a name (agent-*).' },
        env: { usage: 'A KEY=VALUE to set in each picked container, before the positional ones. May be repeated.' },
        from: { usage: 'Refused here: it names a ConfigMap or Secret to read variables from, and those are not modelled.' },
        keys: { usage: 'With --from, the keys to read; refused here with --from.' },
        list: { usage: 'Print the variables of each picked container (after the changes given) instead of changing anything.' },
        output: { usage: 'Print each changed object instead of the "env updated" line: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.' },
        overwrite: { usage: 'Allow a variable already set to get another value (the default); with --overwrite=false such a change is refused.' },
        prefix: { usage: 'Put this before the name of every variable set.' },
        resolve: { usage: 'Refused here: it shows what ConfigMap and Secret references point at, and those are not modelled.' },
      },
    },
    resources: {
      short: 'Update resource requests/limits on objects with pod templates',
      summary: 'Specify compute resource requirements (CPU, memory) for any resource that defines a pod template.',
      long: `Sets the resource requests and limits of the containers (all of them, init containers included,
        unless -c picks some, with * as a wildcard) of a pod or of a DaemonSet's pod template. Each
        given resource is set, the others kept. A new template makes the DaemonSet controller roll its
        pods over; the API server refuses a request above its limit. What a node's daemon pods
        request is what the scheduler counts against its allocatable (describe node shows it).`,
      examples: `# A CPU and memory limit on the agent container of log-agent
        kubectl set resources ds/log-agent -c agent --limits=cpu=200m,memory=256Mi

        # Requests and limits on every container
        kubectl set resources ds/log-agent --requests=cpu=100m,memory=128Mi --limits=cpu=200m,memory=256Mi

        # Print the result without changing anything
        kubectl set resources ds/log-agent --limits=cpu=200m --dry-run=client -o yaml`,
      use: 'resources (-f FILENAME | TYPE NAME)  ([--limits=LIMITS & --requests=REQUESTS]',
      flags: SET_RESOURCES_FLAGS,
      flagDocs: {
        ...SET_FLAG_DOCS,
        containers: { usage: 'The containers to change, by name; * (the default) is every one, and may be part of a name (agent-*).' },
        limits: { usage: 'The limits to set, e.g. cpu=200m,memory=256Mi.' },
        output: { usage: 'Print each changed object instead of the "resource requirements updated" line: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.' },
        requests: { usage: 'The requests to set, e.g. cpu=100m,memory=128Mi.' },
      },
    },
  },
};

export const explain: CommandHelp = {
  short: 'Get documentation for a resource',
  summary: 'Describe fields and structure of various resources.',
  long: `Shows what a kind and its fields are: each field's type, whether the API requires it, the values
    it accepts and its description. Name a field with dots after the resource, through lists and maps:
    ds.spec.template.spec.containers.image.

    The fields are those this playground models; the descriptions are the Kubernetes API's own, taken
    from the kubernetes-types package (Kubernetes 1.30), so a newer field shows its type alone.`,
  examples: `# What a DaemonSet is, and its fields
    kubectl explain ds

    # One field: its type, its values and what it means
    kubectl explain ds.spec.updateStrategy.type

    # Every field of a pod's containers, names and types only
    kubectl explain pods.spec.containers --recursive

    # Ask for a group and version
    kubectl explain daemonsets --api-version=apps/v1

    # Name the output form (plaintext is the default and the one the playground prints)
    kubectl explain ds.spec --output=plaintext`,
  use: 'explain TYPE [--recursive=FALSE|TRUE] [--api-version=api-version-group] [-o|--output=plaintext|plaintext-openapiv2]',
  flags: EXPLAIN_FLAGS,
  flagDocs: {
    'api-version': { usage: 'The API group and version to explain the resource in, e.g. apps/v1.' },
    output: {
      usage:
        "How to render the schema: plaintext (from the server's OpenAPI v3 document). kubectl also knows plaintext-openapiv2, its older layout from the OpenAPI v2 document; the playground serves no v2 document and refuses it.",
    },
    recursive: { usage: 'List the fields of fields too, all the way down, without their descriptions.' },
  },
};

export const get: CommandHelp = {
  short: 'Display one or many resources',
  long: `Prints a table of objects, or the objects themselves with -o json, -o yaml, -o jsonpath or -o go-template. Name a
    type (pods, ds, nodes), a type and names, or TYPE/NAME; several types are separated by commas. Only
    the current namespace is searched unless -A is given. With -f, each object a manifest names is
    read again from the cluster and printed as if named on the command line.

    With --raw PATH, kubectl sends a plain GET of PATH to the API server and prints the answer
    as it comes: discovery (/api, /apis/apps/v1), an object or a list as JSON
    (/api/v1/namespaces/default/pods), /version, /healthz. This is what the API server really
    stores and sends, before kubectl turns it into a table.

    With -w (--watch), the objects are printed, then every change to them as it happens, while
    the playground's clock runs: for --request-timeout when it is given, else until the cluster
    settles (as sim settle does), where kubectl would go on until Ctrl+C. --watch-only prints the
    changes alone.`,
  examples: `# The DaemonSets of the current namespace
    kubectl get ds

    # Pods with the node they run on
    kubectl get pods -o wide

    # Pods of one DaemonSet, by its label, in every namespace
    kubectl get pods -A -l app=log-agent

    # One field of one object
    kubectl get ds log-agent -o jsonpath='{.status.numberReady}'

    # Watch the pods of a DaemonSet come up, with each change's type
    kubectl get pods -l app=log-agent -w --output-watch-events

    # Watch the DaemonSet's counts for two minutes of cluster time
    kubectl get ds log-agent -w --request-timeout=2m

    # Its update strategy, with a Go template as kubernetes.io writes it
    kubectl get ds/log-agent -o go-template='{{.spec.updateStrategy.type}}{{"\\n"}}'

    # Nodes with their zone as an extra column
    kubectl get nodes -L topology.kubernetes.io/zone

    # The live objects a manifest names, as JSON
    kubectl get -f log-agent.yaml -o json

    # The pods of the default namespace exactly as the API server sends them
    kubectl get --raw /api/v1/namespaces/default/pods

    # What the apps/v1 API group serves
    kubectl get --raw /apis/apps/v1`,
  use: 'get [(-o|--output=)json|yaml|name|wide|custom-columns=...|custom-columns-file=...|go-template=...|go-template-file=...|jsonpath=...|jsonpath-file=...] (TYPE[.VERSION][.GROUP] [NAME | -l label] | TYPE[.VERSION][.GROUP]/NAME ...) [flags]',
  flags: GET_FLAGS,
  flagDocs: {
    output: {
      usage: 'Output format: wide, json, yaml, name, jsonpath=TEMPLATE, jsonpath-as-json=TEMPLATE, go-template=TEMPLATE, go-template-file=FILE or custom-columns=SPEC.',
    },
    filename: { usage: 'A file naming the objects to get (their kind, name and namespace); "-" reads standard input. May be repeated.' },
    'label-columns': { usage: 'Add a column with the value of each of these labels (comma-separated or repeated).' },
    'output-watch-events': { usage: 'With --watch, print each change as a watch event: an EVENT column (ADDED, MODIFIED, DELETED), or {"type":...,"object":...} with -o json.' },
    raw: {
      usage:
        'A path on the API server (e.g. /api/v1/nodes, /apis/apps/v1, /version) to GET and print as it answers; a query string such as ?labelSelector=, ?limit= or ?pretty=true is passed along. No resource arguments, -o, -l or --watch with it.',
    },
    recursive: { usage: "Accepted for compatibility and changes nothing: -f names the editor's files or standard input, never a directory." },
    'show-kind': { usage: 'Put the kind before every name, as when several types are listed.' },
    'server-print': {
      usage: "Ask the API server for the table to print (the default). With --server-print=false kubectl prints only each object's NAME and AGE itself.",
    },
    'show-labels': { usage: 'Add a LABELS column with every label of the object.' },
    'sort-by': { usage: 'Sort the rows by the value at this JSONPath, e.g. .metadata.creationTimestamp.' },
    watch: { usage: 'After the objects, print each change to them while the clock runs: until the cluster settles, or for --request-timeout.' },
    'watch-only': { usage: 'Print the changes only, not the objects as they are first.' },
  },
};

export const del: CommandHelp = {
  short: 'Delete resources by file names, stdin, resources and names, or by resources and label selector',
  long: `Deletes objects by name, by label selector, with --all, or as a manifest names them. A pod is
    given its grace period to shut down and kubectl waits until it is gone; the clock moves while it
    waits. Deleting a DaemonSet lets the garbage collector remove its pods and history.

    A DaemonSet pod that is deleted comes back: the controller creates a new one on that node.`,
  examples: `# Delete a DaemonSet; its pods follow
    kubectl delete ds log-agent

    # Delete the pods of a DaemonSet at once, without a grace period
    kubectl delete pods -l app=log-agent --grace-period=0 --force

    # Delete what a manifest describes
    kubectl delete -f log-agent.yaml

    # Keep the pods running without their DaemonSet
    kubectl delete ds log-agent --cascade=orphan

    # List the pods first and delete them only on a "y" read from standard input
    echo y | kubectl delete pods -l app=log-agent -i

    # Send the DELETE request yourself and see the API server's answer
    kubectl delete --raw /apis/apps/v1/namespaces/default/daemonsets/log-agent`,
  use: 'delete ([-f FILENAME] | TYPE [(NAME | -l label | --all)])',
  flags: DELETE_FLAGS,
  flagDocs: {
    output: { usage: 'Output format: name prints TYPE/NAME for each deleted object.' },
    interactive: {
      usage:
        'List the objects and ask before deleting them. The answer is read from standard input (a pipe or heredoc): only "y" or "Y" deletes; anything else, or no input, cancels.',
    },
    raw: {
      usage:
        "A URI to send a DELETE request to, printing the API server's answer as it comes; the other flags, --dry-run included, do not apply. Here it takes one object's path: the answer is a Status, or for a pod, a namespace or an object its finalizers keep, the object marked deleted.",
    },
    recursive: { usage: "Accepted for compatibility and changes nothing: the editor's files are flat tabs, with no directory to recurse into." },
    now: { usage: 'Give pods one second to shut down (the same as --grace-period=1).' },
    timeout: { usage: 'How long to wait for the objects to be gone; 0 (the default) waits until the longest grace period and a minute more have passed.' },
    wait: { usage: 'Wait until the objects are really gone before returning (the default).' },
  },
};
