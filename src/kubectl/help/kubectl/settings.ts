/** Help for kubectl's "Settings Commands": label, annotate. */
import { FLAGS as METADATA_FLAGS } from '../../verbs/metadata-edit.js';
import type { CommandHelp } from '../types.js';

const USE_PAIRS = '(-f FILENAME | TYPE NAME | TYPE/NAME) KEY_1=VAL_1 ... KEY_N=VAL_N [--resource-version=version]';

/** `-f` of label and annotate: the file names objects of the cluster, unless --local. */
const FILENAME = { usage: 'A file naming the objects to change (their kind, name and namespace); "-" reads standard input. May be repeated.' };

/** `-o` of label and annotate: what is printed instead of the "labeled" line. */
const OUTPUT = { usage: 'Print each changed object instead of the "labeled"/"annotated" line: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.' };

/** `-A` of label and annotate: it widens selections, never names. */
const ALL_NAMESPACES = {
  usage:
    'With --all, -l or --field-selector, pick objects in every namespace instead of only the current one. Names after TYPE must then be of cluster-wide kinds (nodes).',
};

/** `--field-manager` of label and annotate, with the name kubectl shows as its default. */
const fieldManager = (name: string) => ({
  usage:
    'Accepted for compatibility: the manager name the API server would record for the changed fields. The playground keeps no managedFields, so it changes nothing.',
  value: name,
});

/** `--resource-version` of label and annotate. */
const resourceVersion = (noun: string) => ({
  usage: `Change the ${noun}s only if the object's resourceVersion is still this one; if it moved on, the API server refuses with a Conflict. Needs one object named: one NAME, one TYPE/NAME or one file. With --local it is just written into the printed object.`,
});

export const label: CommandHelp = {
  short: 'Update the labels on a resource',
  long: `Sets labels (key=value) on objects or removes them (key-). A key that already has another value
    needs --overwrite. Labels on nodes decide where a DaemonSet with a nodeSelector or node affinity
    runs: labelling a node can start a daemon pod on it, and unlabelling can remove one.`,
  examples: `# Let DaemonSets that select disktype=ssd run on node-1
    kubectl label nodes node-1 disktype=ssd

    # Change the value of an existing label
    kubectl label nodes node-1 disktype=hdd --overwrite

    # Remove the label again
    kubectl label nodes node-1 disktype-

    # Label the DaemonSet the manifest describes
    kubectl label -f log-agent.yaml tier=node

    # Add the label to the manifest itself, without the cluster, as a new file
    kubectl label --local -f log-agent.yaml tier=node -o yaml > log-agent-node.yaml`,
  use: `label [--overwrite] ${USE_PAIRS}`,
  flags: METADATA_FLAGS,
  flagDocs: {
    all: { usage: 'Label every object of the given type in the namespace (with -A, in every namespace).' },
    'all-namespaces': ALL_NAMESPACES,
    'field-manager': fieldManager('kubectl-label'),
    filename: FILENAME,
    local: { usage: 'Label the objects of the -f files themselves and print them, without asking the cluster; use with -o yaml.' },
    list: { usage: 'List the labels of each object, with the pairs given applied, instead of changing anything (one object: its lines alone; several: a header each).' },
    output: OUTPUT,
    'resource-version': resourceVersion('label'),
  },
};

export const annotate: CommandHelp = {
  short: 'Update the annotations on a resource',
  summary: 'Update the annotations on one or more resources.',
  long: `Sets annotations (key=value; the value may contain =) on objects or removes them (key-). A key that
    already has another value needs --overwrite. Annotations carry notes for people and tools, such as
    the kubernetes.io/change-cause that kubectl rollout history shows.`,
  examples: `# Say why the DaemonSet changed, for rollout history
    kubectl annotate ds log-agent kubernetes.io/change-cause='agent 1.1: smaller memory footprint' --overwrite

    # Remove an annotation
    kubectl annotate ds log-agent owner-

    # Annotate the manifest itself, without the cluster
    kubectl annotate --local -f log-agent.yaml owner=team-infra -o yaml`,
  use: `annotate [--overwrite] ${USE_PAIRS}`,
  flags: METADATA_FLAGS,
  flagDocs: {
    all: { usage: 'Annotate every object of the given type in the namespace (with -A, in every namespace).' },
    'all-namespaces': ALL_NAMESPACES,
    'field-manager': fieldManager('kubectl-annotate'),
    filename: FILENAME,
    local: { usage: 'Annotate the objects of the -f files themselves and print them, without asking the cluster; use with -o yaml.' },
    list: {
      usage:
        'List the annotations of each object, with the pairs given applied, instead of changing anything (one object: its lines alone; several: a header each). Any -o is left unused.',
    },
    output: OUTPUT,
    'resource-version': resourceVersion('annotation'),
  },
};
