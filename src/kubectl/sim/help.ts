/**
 * `sim --help` and the help of every `sim` verb, in the same layout as kubectl's. These commands
 * have no upstream counterpart: every word here is the playground's own. A verb added to SIM_VERBS
 * needs an entry in `commands` (the completeness test says so).
 */
import { BEHAVIOURS } from '../../sim/controllers/kubelet/images.js';
import { NODE_CONDITION_TYPES } from '../../sim/controllers/kubelet/nodestatus.js';
import { SIM_DEFAULTS } from '../../sim/engine/defaults.js';
import type { CommandHelp, ProgramHelp } from '../help/types.js';
import { SETTLE_FLAGS } from './clock.js';
import { IMAGE_FLAGS } from './image.js';
import { NODE_ADD_FLAGS } from './node.js';
import { REWIND_FLAGS } from './rewind.js';
import { STEP_FLAGS } from './step.js';
import { WHY_FLAGS } from './why.js';

const node: CommandHelp = {
  short: 'Add, fail, recover and remove the machines of the cluster',
  long: 'The machines under the cluster, which no kubectl command can create or break.',
  examples: `# Three machines join
    sim node add node-{1..3}

    # The kubelet of node-2 stops answering
    sim node fail node-2

    # A zone of the fleet goes dark at once (the shell expands the braces, as bash does)
    sim node fail node-{0001..0500}`,
  use: 'node SUBCOMMAND',
  subcommands: {
    add: {
      short: 'A machine joins the cluster',
      long: `Registers each named machine as its kubelet would: the Node gets the kubernetes.io/hostname,
        kubernetes.io/os and kubernetes.io/arch labels, starts NotReady and turns Ready once the machine
        has booted (${SIM_DEFAULTS.nodeBootSeconds}s of virtual time). The shell expands brace ranges (node-{1..3},
        node-{001..100}) and lists (node-{a,b}) into names, as bash does. If any name is already a Node, no machine is added, and
        the error says how many of the names exist.`,
      examples: `# One machine
        sim node add node-1

        # A hundred labelled machines
        sim node add node-{001..100} --labels disktype=ssd,topology.kubernetes.io/zone=eu-1a

        # A GPU machine that repels pods without a toleration
        sim node add gpu-1 --taints nvidia.com/gpu=true:NoSchedule --cpu 16 --memory 64Gi`,
      use: 'add NAME [NAME...]',
      flags: NODE_ADD_FLAGS,
      flagDocs: {
        cpu: { usage: 'CPU capacity of the machine, as a quantity (2, 500m).', value: SIM_DEFAULTS.nodeCpu },
        labels: { usage: 'Extra labels, key=value,key2= (they may override the standard ones).' },
        memory: { usage: 'Memory capacity of the machine, as a quantity (512Mi, 16Gi).', value: SIM_DEFAULTS.nodeMemory },
        paths: { usage: 'The host paths that exist on the machine, comma-separated (hostPath volumes need them); a path may end in :Kind. Default: the usual directories and files of a Linux node.' },
        pods: { usage: 'How many pods the machine can run.', value: String(SIM_DEFAULTS.nodePods) },
        taints: { usage: 'Taints the node registers with, key=value:Effect,key:Effect.' },
      },
    },
    condition: {
      short: 'Set a condition the kubelet reports',
      long: `The kubelet of the node reports the condition until it is changed again; the node controller turns
        pressure and unavailability conditions into taints. Types: ${NODE_CONDITION_TYPES.join(', ')}.`,
      examples: `# The node runs short of memory
        sim node condition node-1 MemoryPressure=True

        # So do ten of them
        sim node condition node-{1..10} MemoryPressure=True`,
      use: 'condition NAME... Type=Status...',
    },
    fail: {
      short: 'The kubelet of a machine stops',
      long: `The kubelet stops posting node status: after the ${SIM_DEFAULTS.nodeMonitorGracePeriodSeconds}s node-monitor grace
        period the node turns Ready=Unknown and is tainted unreachable, and its pods are evicted once they
        stop tolerating that taint. DaemonSet pods tolerate it and stay.`,
      examples: `# node-2 goes dark
        sim node fail node-2

        # So do the first 500 machines of a fleet
        sim node fail node-{1..500}`,
      use: 'fail NAME...',
    },
    recover: {
      short: 'The kubelet of a failed machine comes back',
      long: 'The kubelet posts status again: the node turns Ready and its taints are lifted.',
      examples: `# node-2 is back
        sim node recover node-2

        # So are the first 500
        sim node recover node-{1..500}`,
      use: 'recover NAME...',
    },
    remove: {
      short: 'A machine leaves the cluster',
      long: 'The machine and its Node object are gone; the pod garbage collector removes the pods bound to it.',
      examples: `# node-3 is decommissioned
        sim node remove node-3

        # A whole pool leaves
        sim node remove gpu-{01..20}`,
      use: 'remove NAME...',
    },
  },
};

const image: CommandHelp = {
  short: 'Make an image pull, crash or never turn ready',
  long: `Sets how containers of an image behave from their next pull or start on: ${BEHAVIOURS.join(', ')}. Every
    image is ok until told otherwise. Without arguments, lists the behaviours set so far.`,
  examples: `# Version 1.1 of the agent crashes after starting
    sim image registry.example/log-agent:1.1 --behaviour crash

    # It runs for a minute, then crashes
    sim image registry.example/log-agent:1.1 --behaviour crash --after 1m

    # The tag does not exist in the registry
    sim image registry.example/log-agent:9.9 --behaviour pull-error`,
  use: 'image [IMAGE --behaviour BEHAVIOUR]',
  flags: IMAGE_FLAGS,
  flagDocs: {
    after: { usage: `With crash, how long each container runs (and passes readiness) before it crashes; default ${SIM_DEFAULTS.crashAfterSeconds}s.` },
    behavior: { usage: 'The same as --behaviour.' },
    behaviour: { usage: `How containers of the image behave: ${BEHAVIOURS.join(', ')}.` },
  },
};

const advance: CommandHelp = {
  short: 'Move virtual time forward',
  long: 'Runs everything that falls due in the given time: image pulls, probes, grace periods, backoffs, evictions. Durations are Go durations: 30s, 5m, 1h30m.',
  examples: `# Half a minute passes
    sim advance 30s`,
  use: 'advance DURATION',
};

const settle: CommandHelp = {
  short: 'Move virtual time until nothing is pending',
  long: 'Advances the clock until no controller has anything left to do, and fails if the cluster is still changing after the timeout (a crash loop never settles).',
  examples: `# Until the cluster is quiet
    sim settle

    # At most two minutes of virtual time
    sim settle --timeout=2m`,
  use: 'settle',
  flags: SETTLE_FLAGS,
  flagDocs: { timeout: { usage: 'The longest stretch of virtual time to wait.', value: '10m0s' } },
};

const now: CommandHelp = {
  short: 'Print the virtual time',
  long: 'Prints the virtual time and how long the session has been running.',
  examples: `# What time is it in the cluster?
    sim now`,
  use: 'now',
};

const seed: CommandHelp = {
  short: 'Reseed generated names',
  long: 'Generated pod-name suffixes and uids follow this seed from now on; the same script and seed always give the same output.',
  examples: `# Names as in the lesson text
    sim seed 42`,
  use: 'seed N',
};

const why: CommandHelp = {
  short: 'Explain whether a DaemonSet runs a pod on a node',
  long: `Every verdict behind "is there a daemon pod on this node?": the DaemonSet controller's (node name,
    node affinity, taints and tolerations decide whether a pod is made at all) and, for a daemon pod
    still Pending there, each scheduler plugin's. Without a DaemonSet, every DaemonSet is explained.`,
  examples: `# Why has node-3 no log-agent pod?
    sim why node-3 log-agent

    # Every DaemonSet of kube-system on node-1
    sim why node-1 -n kube-system`,
  use: 'why NODE [DAEMONSET]',
  flags: WHY_FLAGS,
  flagDocs: {
    namespace: { usage: 'The namespace of the DaemonSets to explain (default: every namespace; a named DaemonSet is found in any namespace where its name is unique).' },
    'all-namespaces': { usage: 'Explain the DaemonSets of every namespace (wins over --namespace).' },
  },
};

const step: CommandHelp = {
  short: 'Advance to the next moment anything is due, and run it',
  long: `Moves virtual time to the next thing the cluster has waiting (an image pull finishing, a grace
    period ending, a probe, a back-off), runs it, and says what changed. With --wave it advances
    until the rolling update of a DaemonSet starts its next batch of replacements (with
    maxUnavailable 1, the next node); without a name it takes the one DaemonSet rolling out.`,
  examples: `# One moment further
    sim step

    # Until log-agent replaces its next batch of pods
    sim step --wave log-agent`,
  use: 'step [--wave [DAEMONSET]]',
  flags: STEP_FLAGS,
  flagDocs: {
    wave: { usage: 'Advance to the next batch of the rolling update instead of the next moment.' },
    namespace: { usage: 'With --wave, the namespace of the DaemonSet (default: every namespace).' },
  },
};

const checkpoint: CommandHelp = {
  short: 'Name the present moment, to rewind to it later',
  long: 'Gives the present moment of the session a name; a name used again moves to now. "sim rewind NAME" goes back to it.',
  examples: `# Before trying a risky update
    sim checkpoint before-rollout`,
  use: 'checkpoint NAME',
};

const checkpoints: CommandHelp = {
  short: 'List the checkpoints of the session',
  long: 'Prints every checkpoint with its virtual time.',
  examples: `# Where can the session go back to?
    sim checkpoints`,
  use: 'checkpoints',
};

const rewind: CommandHelp = {
  short: 'Go back to a checkpoint or a past moment',
  long: `Restores the cluster as it was at a checkpoint, or at a virtual time since the start (5m30s) or an
    RFC 3339 instant, by replaying the session's commands up to then. Commands given afterwards start
    a new branch; the later ones are kept on the branch left behind.`,
  examples: `# Back to a checkpoint
    sim rewind before-rollout

    # Back to five and a half minutes after the start
    sim rewind --to 5m30s`,
  use: 'rewind (NAME | --to TIME)',
  flags: REWIND_FLAGS,
  flagDocs: { to: { usage: 'The moment to go back to: a duration since the start (5m30s) or an RFC 3339 instant.' } },
};

export const SIM_HELP: ProgramHelp = {
  name: 'sim',
  use: 'sim COMMAND [ARGS...] [options]',
  intro: 'sim does to the cluster what no kubectl command can: machines join, fail and leave, images misbehave, and virtual time moves.',
  groups: [
    { message: 'Machines and images:', commands: ['node', 'image'] },
    { message: 'Time:', commands: ['advance', 'settle', 'step', 'checkpoint', 'checkpoints', 'rewind', 'now'] },
    { message: 'Explanations:', commands: ['why'] },
  ],
  otherMessage: 'Other Commands:',
  commands: { node, image, advance, settle, step, checkpoint, checkpoints, rewind, now, seed, why },
  globalFlags: [],
};
