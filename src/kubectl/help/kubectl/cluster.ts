/** Help for kubectl's "Cluster Management Commands": cordon, uncordon, drain, taint. */
import { CORDON_FLAGS } from '../../verbs/cordon.js';
import { FLAGS as DRAIN_FLAGS } from '../../verbs/drain.js';
import { FLAGS as TAINT_FLAGS } from '../../verbs/taint.js';
import { fieldManager } from '../flag-docs.js';
import type { CommandHelp } from '../types.js';

export const cordon: CommandHelp = {
  short: 'Mark node as unschedulable',
  long: `Sets spec.unschedulable on the node, and the node controller adds the
    node.kubernetes.io/unschedulable:NoSchedule taint. New ordinary pods are no longer scheduled there;
    pods already running stay. DaemonSet pods tolerate that taint, so a DaemonSet still runs on a
    cordoned node.`,
  examples: `# Take node-1 out of scheduling
    kubectl cordon node-1

    # Every node with the label disktype=hdd
    kubectl cordon -l disktype=hdd`,
  use: 'cordon NODE',
  flags: CORDON_FLAGS,
};

export const uncordon: CommandHelp = {
  short: 'Mark node as schedulable',
  long: 'Clears spec.unschedulable, and with it the unschedulable taint: pods may be scheduled on the node again.',
  examples: `# Put node-1 back into scheduling
    kubectl uncordon node-1`,
  use: 'uncordon NODE',
  flags: CORDON_FLAGS,
};

export const drain: CommandHelp = {
  short: 'Drain node in preparation for maintenance',
  long: `Cordons the node, then evicts its pods and waits until they are gone, moving the virtual clock
    while it waits. DaemonSet pods cannot be moved elsewhere (their controller would put them right
    back), so drain refuses to start while the node has any, unless --ignore-daemonsets tells it to
    leave them running. Pods that no controller owns are refused too, unless --force.`,
  examples: `# Empty node-1, leaving the DaemonSet pods where they are
    kubectl drain node-1 --ignore-daemonsets

    # Also evict pods without a controller and pods with emptyDir data
    kubectl drain node-1 --ignore-daemonsets --force --delete-emptydir-data

    # See which pods would go, without evicting any
    kubectl drain node-1 --ignore-daemonsets --dry-run=client`,
  use: 'drain NODE',
  flags: DRAIN_FLAGS,
  flagDocs: {
    'chunk-size': { usage: 'Accepted for compatibility: the playground lists every pod in one go.' },
    'delete-emptydir-data': { usage: 'Also evict pods that use emptyDir volumes; their data is lost.' },
    'delete-local-data': { usage: 'The old name of --delete-emptydir-data.', deprecated: true },
    'disable-eviction': { usage: 'Delete the pods instead of evicting them (no disruption budget is consulted either way here).' },
    force: { usage: 'Also evict pods that no controller owns; they will not come back.' },
    'grace-period': { usage: "Seconds each pod gets to shut down; -1 (the default) uses the pod's own terminationGracePeriodSeconds." },
    'ignore-daemonsets': { usage: 'Leave DaemonSet pods running instead of refusing to drain.' },
    'pod-selector': { usage: 'Only evict the pods with these labels.' },
    selector: { usage: 'Drain every node with these labels instead of naming nodes.' },
    'skip-wait-for-delete-timeout': { usage: 'Stop waiting for a pod whose deletion began this many seconds ago or more (0, the default, always waits).' },
    timeout: { usage: 'How long to wait for the pods to go before giving up; 0 (the default) waits as long as it takes.' },
  },
};

export const taint: CommandHelp = {
  short: 'Update the taints on one or more nodes',
  long: `Adds a taint (key=value:Effect or key:Effect) to nodes, or removes one (key:Effect- or key-). A pod
    is scheduled on a tainted node only if it tolerates the taint; a NoExecute taint also evicts the
    running pods that do not tolerate it. DaemonSet pods tolerate some taints automatically, such as
    node.kubernetes.io/not-ready and unreachable.`,
  examples: `# Keep pods without a matching toleration off node-1
    kubectl taint nodes node-1 dedicated=gpu:NoSchedule

    # Evict running pods that do not tolerate it, too
    kubectl taint nodes node-1 maintenance=true:NoExecute

    # Remove the taint again
    kubectl taint nodes node-1 dedicated:NoSchedule-

    # Change the value of an existing taint
    kubectl taint nodes node-1 dedicated=ml:NoSchedule --overwrite`,
  use: 'taint NODE NAME KEY_1=VAL_1:TAINT_EFFECT_1 ... KEY_N=VAL_N:TAINT_EFFECT_N',
  flags: TAINT_FLAGS,
  flagDocs: {
    all: { usage: 'Taint every node in the cluster.' },
    'field-manager': fieldManager('kubectl-taint'),
    output: {
      usage: 'Print the node instead of the "tainted" line: json, yaml, name, jsonpath=TEMPLATE or go-template=TEMPLATE. With --dry-run=client, the node with its new taints.',
    },
    overwrite: { usage: 'Replace the value of a taint that already has the same key and effect; without it that is refused.' },
    selector: { usage: 'Taint every node with these labels instead of naming nodes.' },
    'show-managed-fields': { usage: 'Accepted for compatibility: the playground keeps no metadata.managedFields, so the output is the same either way.' },
    validate: {
      usage: 'How the API server treats unknown or duplicate fields: "strict" (the default), "warn" or "ignore".',
      value: 'strict',
    },
  },
};
