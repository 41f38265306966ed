/** Help for kubectl's "Troubleshooting and Debugging Commands": describe, logs, events. */
import { DESCRIBE_FLAGS } from '../../verbs/describe.js';
import { FLAGS as EVENTS_FLAGS } from '../../verbs/events.js';
import { FLAGS as LOGS_FLAGS } from '../../verbs/logs.js';
import type { CommandHelp } from '../types.js';

export const describe: CommandHelp = {
  short: 'Show details of a specific resource or group of resources',
  long: `Prints a readable report of each object, ending with the events recorded about it: the first
    place to look when a pod stays Pending, a DaemonSet misses nodes or a container keeps restarting.
    With TYPE and a name that no object has exactly, every object whose name starts with it is
    described. With -f, the objects a manifest names are described; -l then picks among them by the
    labels written in the manifest.`,
  examples: `# Why is this pod not running?
    kubectl describe pod log-agent-x7k2p

    # Every pod of a DaemonSet, by its label
    kubectl describe pods -l app=log-agent

    # A node: its taints, conditions, capacity and the pods on it
    kubectl describe node node-1

    # The objects a manifest names
    kubectl describe -f log-agent.yaml`,
  use: 'describe (-f FILENAME | TYPE [NAME_PREFIX | -l label] | TYPE/NAME)',
  flags: DESCRIBE_FLAGS,
  flagDocs: {
    filename: { usage: 'A file naming the objects to describe (their kind, name and namespace); "-" reads standard input. May be repeated.' },
    recursive: { usage: "Accepted for compatibility and changes nothing: -f names the editor's files or standard input, never a directory." },
    'show-events': { usage: 'End each description with the events about the object (the default); --show-events=false leaves them out.' },
  },
};

export const logs: CommandHelp = {
  short: 'Print the logs for a container in a pod',
  summary: 'Print the logs for a container in a pod or specified resource. If the pod has only one container, the container name is optional.',
  long: `The logs here are simulated: each container's lifecycle writes them (its start, and for an image
    set to crash with sim image, the crash and its exit code), stamped with the virtual time. The
    first thing to read when a pod is in CrashLoopBackOff: --previous shows the instance that crashed.
    With -f the clock runs while the log is followed, until the container ends, the cluster settles
    or --request-timeout has passed.`,
  examples: `# The log of a pod's only (or first) container
    kubectl logs log-agent-x7k2p

    # The container that ran before the last restart, with timestamps
    kubectl logs log-agent-x7k2p -c agent --previous --timestamps

    # The last ten lines of every container, each line naming its container
    kubectl logs log-agent-x7k2p --all-containers --prefix --tail=10

    # The last ten lines of every log-agent pod in kube-system, each line naming its pod
    kubectl logs -l app=log-agent -n kube-system --prefix

    # One pod of a DaemonSet: the one best to read (named on stderr when there are several)
    kubectl logs ds/log-agent -n kube-system

    # What every pod of the DaemonSet wrote in the last 5 minutes, each line naming its pod
    kubectl logs ds/log-agent -n kube-system --all-pods --since=5m

    # Follow a pod's log until its container ends (a crash, a kill)
    kubectl logs -f log-agent-x7k2p`,
  use: 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]',
  flags: LOGS_FLAGS,
  flagDocs: {
    'all-containers': { usage: 'Print the logs of every container of the pod, init containers first.' },
    'all-pods': { usage: 'With TYPE/NAME, print the logs of every pod of the controller instead of one. Turns --prefix on.' },
    'ignore-errors': { usage: 'When a pod\'s log cannot be read (its node is down, its container not started), print the error among the logs and go on to the next.' },
    'insecure-skip-tls-verify-backend': { usage: 'Accepted for compatibility: the simulated kubelets have no serving certificate to check.' },
    'limit-bytes': { usage: 'Stop each container\'s log after this many bytes (timestamps included), even mid-line; 0 (the default) sets no limit.' },
    'pod-running-timeout': {
      usage: 'How long TYPE/NAME waits, in virtual time, for the controller\'s first pod when it has none (like 5s, 2m, higher than zero).',
    },
    since: { usage: 'Only lines written in this last span of virtual time (like 5s, 2m or 3h), rounded to seconds. Not with --since-time.' },
    'since-time': { usage: 'Only lines written at or after this RFC 3339 time (2026-01-01T00:05:00Z), to the second. Not with --since.' },
    'max-log-requests': { usage: 'How many logs -f may follow at once with a selector (default 5).' },
    selector: { usage: 'Read every pod matching this label selector (app=x), one after another; each shows its last 10 lines unless --tail is given.' },
    container: { usage: 'The container to read; without it, the one the pod\'s kubectl.kubernetes.io/default-container annotation names, else the first.' },
    follow: { usage: 'Keep printing what the container writes while the clock runs, until it ends, the cluster settles, or --request-timeout.' },
    prefix: { usage: 'Start each line with [pod/NAME/CONTAINER].' },
    previous: { usage: 'Print the log of the previous, terminated instance of the container.' },
    tail: { usage: 'How many of the last lines to print; -1 (the default) prints them all.' },
    timestamps: { usage: 'Start each line with its RFC 3339 time.' },
  },
};

export const events: CommandHelp = {
  short: 'List events',
  summary: 'Display events.',
  long: `Lists the events of the namespace, oldest first: what the controllers, the scheduler and the
    kubelets reported (a pod created, scheduled, pulled, started, backed off, evicted). Events expire
    an hour after they were last seen, as on a real cluster.`,
  examples: `# Everything that happened in the current namespace
    kubectl events

    # Only warnings, in every namespace
    kubectl events -A --types=Warning

    # The events of one DaemonSet
    kubectl events --for ds/log-agent

    # The events there are, then each new one while the cluster settles
    kubectl events -w`,
  use: 'events [(-o|--output=)json|yaml|name|jsonpath=...] [--for TYPE/NAME] [--watch] [--types=Normal,Warning]',
  flags: EVENTS_FLAGS,
  flagDocs: {
    for: { usage: 'Only the events about this object, given as TYPE/NAME (or a pod name alone).' },
    types: { usage: 'Only events of these types: Normal, Warning (comma-separated or repeated).' },
    watch: { usage: 'After the events there are, print each new one while the clock runs: until the cluster settles, or for --request-timeout.' },
  },
};
