/** Help for kubectl's "Deploy Commands": rollout and its subcommands, scale. */
import { SUBCOMMANDS as ROLLOUT_FLAGS } from '../../verbs/rollout.js';
import { FLAGS as SCALE_FLAGS } from '../../verbs/scale.js';
import { fieldManager } from '../flag-docs.js';
import type { CommandHelp } from '../types.js';

const TARGET = '(TYPE NAME | TYPE/NAME) [flags]';

/** `-f` and `-R` of the rollout subcommands that name their objects by file. */
const ROLLOUT_FILE_DOCS = {
  filename: {
    usage: 'A manifest file whose objects name the live objects to act on (the rest of the file does not matter); "-" reads standard input. May be repeated.',
  },
  recursive: { usage: "Accepted for compatibility and changes nothing: the editor's files are flat tabs, with no directory to recurse into." },
};

/** `--show-managed-fields` of the rollout subcommands that print objects. */
const NO_MANAGED_FIELDS = { usage: 'Accepted for compatibility: the playground keeps no managedFields, so the output is the same with or without it.' };

/** The printer flags of pause and resume, which never print: a DaemonSet is refused before anything is printed. */
const NEVER_PRINTED = { usage: 'Accepted as kubectl accepts it, and never used: no object here can be paused or resumed, so nothing is printed.' };

/** What pause and resume make of their flags. */
const PAUSE_RESUME_DOCS = {
  ...ROLLOUT_FILE_DOCS,
  'field-manager': fieldManager('kubectl-rollout'),
  output: NEVER_PRINTED,
  template: NEVER_PRINTED,
  'allow-missing-template-keys': NEVER_PRINTED,
  'show-managed-fields': NEVER_PRINTED,
};

export const rollout: CommandHelp = {
  short: 'Manage the rollout of a resource',
  summary: 'Manage the rollout of one or many resources.',
  long: `Follows and steers how a DaemonSet replaces its pods after its template changed: watch it, list
    its revisions, go back to one, or start a new rollout of the same template.`,
  examples: `# Watch the rollout of log-agent until every node runs the new pod
    kubectl rollout status ds/log-agent

    # Go back to the previous template
    kubectl rollout undo ds/log-agent`,
  use: 'rollout SUBCOMMAND',
  subcommands: {
    history: {
      short: 'View rollout history',
      summary: 'View previous rollout revisions and configurations.',
      long: `Lists the revisions a DaemonSet keeps as ControllerRevisions, with the change-cause
        annotation of each; --revision shows one revision's pod template.`,
      examples: `# The revisions of log-agent
        kubectl rollout history ds/log-agent

        # The pod template of revision 2
        kubectl rollout history ds/log-agent --revision=2`,
      use: `history ${TARGET}`,
      flags: ROLLOUT_FLAGS['history'],
      flagDocs: {
        ...ROLLOUT_FILE_DOCS,
        revision: { usage: 'Show the pod template of this revision instead of the list.' },
        output: {
          usage: "Print the ControllerRevisions themselves (only --revision's, if given) instead of the table: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.",
        },
        'show-managed-fields': NO_MANAGED_FIELDS,
        template: {
          usage: 'The template for -o jsonpath or -o go-template, applied to each revision; without -o it means -o go-template and, as in kubectl, prints the DaemonSet itself.',
        },
      },
    },
    pause: {
      short: 'Mark the provided resource as paused',
      long: `Only Deployments can be paused, and the playground has none: for a DaemonSet (or any other
        object found by name, -l or -f) the command fails as it does on a real cluster, with one
        error line per object.`,
      examples: `# Refused for a DaemonSet
        kubectl rollout pause ds/log-agent

        # Refused for each DaemonSet the manifest names
        kubectl rollout pause -f log-agent.yaml`,
      use: 'pause RESOURCE',
      flags: ROLLOUT_FLAGS['pause'],
      flagDocs: PAUSE_RESUME_DOCS,
    },
    restart: {
      short: 'Restart a resource',
      long: `Starts a new rollout with an unchanged template by stamping the kubectl.kubernetes.io/restartedAt
        annotation into it: every pod is replaced as spec.updateStrategy says.`,
      examples: `# Replace every pod of log-agent
        kubectl rollout restart ds/log-agent`,
      use: 'restart RESOURCE',
      flags: ROLLOUT_FLAGS['restart'],
      flagDocs: {
        ...ROLLOUT_FILE_DOCS,
        'field-manager': fieldManager('kubectl-rollout'),
        output: {
          usage: 'Print the restarted DaemonSet, as the API server answered, instead of the message: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.',
        },
        'show-managed-fields': NO_MANAGED_FIELDS,
      },
    },
    resume: {
      short: 'Resume a paused resource',
      long: `A DaemonSet cannot be paused, so there is nothing to resume: for it (or any other object found
        by name, -l or -f) the command fails as it does on a real cluster, with one error line per object.`,
      examples: `# Refused for a DaemonSet
        kubectl rollout resume ds/log-agent`,
      use: 'resume RESOURCE',
      flags: ROLLOUT_FLAGS['resume'],
      flagDocs: PAUSE_RESUME_DOCS,
    },
    status: {
      short: 'Show the status of the rollout',
      long: `Prints how far the rollout of a DaemonSet has come and, by default, keeps watching until every
        node runs an updated, available pod. Watching moves the virtual clock, so the pods really are
        replaced while it waits.`,
      examples: `# Watch until log-agent has rolled out
        kubectl rollout status ds/log-agent

        # Print the state once and return
        kubectl rollout status ds/log-agent --watch=false

        # Give up after five minutes of virtual time
        kubectl rollout status ds/log-agent --timeout=5m

        # Watch the DaemonSet the manifest describes
        kubectl rollout status -f log-agent.yaml`,
      use: `status ${TARGET}`,
      flags: ROLLOUT_FLAGS['status'],
      flagDocs: {
        ...ROLLOUT_FILE_DOCS,
        revision: { usage: 'Fail unless the rollout is of this revision; 0 (the default) follows the latest.' },
        timeout: { usage: 'How long to watch before giving up; 0 (the default) watches until the rollout is done.' },
        watch: { usage: 'Keep watching until the rollout is done (the default); --watch=false prints the state once.' },
      },
    },
    undo: {
      short: 'Undo a previous rollout',
      summary: 'Roll back to a previous rollout.',
      long: `Puts the pod template of an earlier revision (the previous one by default) back into the
        DaemonSet, which then rolls its pods over to it.`,
      examples: `# Back to the previous template
        kubectl rollout undo ds/log-agent

        # Back to revision 1
        kubectl rollout undo ds/log-agent --to-revision=1`,
      use: `undo ${TARGET}`,
      flags: ROLLOUT_FLAGS['undo'],
      flagDocs: {
        ...ROLLOUT_FILE_DOCS,
        'to-revision': { usage: 'The revision to go back to; 0 (the default) means the one before the current.' },
        'dry-run': { usage: 'With "client" or "server", print the template that would be restored without restoring it.' },
        output: {
          usage: 'Print the DaemonSet as it was before the rollback instead of the message: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE.',
        },
        'show-managed-fields': NO_MANAGED_FIELDS,
      },
    },
  },
};

export const scale: CommandHelp = {
  short: 'Set a new size for a deployment, replica set, or replication controller',
  summary: 'Set a new size for a deployment, replica set, replication controller, or stateful set.',
  long: `A DaemonSet has no replica count: it runs one pod on every node it may run on. So scale fails here
    as it does against a real cluster. To run on fewer nodes, give the DaemonSet a nodeSelector or node
    affinity; to run on more, add nodes (sim node add) or let it tolerate their taints.`,
  examples: `# Fails: a DaemonSet cannot be scaled
    kubectl scale ds/log-agent --replicas=2`,
  use: 'scale [--resource-version=version] [--current-replicas=count] --replicas=COUNT (-f FILENAME | TYPE NAME)',
  flags: SCALE_FLAGS,
  flagDocs: {
    'current-replicas': { usage: 'Only scale when the current size is this; -1 (the default) does not check.' },
    output: { usage: 'Output format: json, yaml or name.' },
    recursive: { usage: 'Accepted for compatibility: -f names one file or standard input here.' },
    replicas: { usage: 'The new number of replicas (required).' },
    'resource-version': { usage: 'Only scale when the object still has this resourceVersion.' },
    timeout: { usage: 'How long to wait for the new size; 0 (the default) does not wait.' },
  },
};
