/**
 * `kubectl describe node`: describe.go's `NodeDescriber` / `describeNode` (roles, labels, taints,
 * unschedulable, lease, conditions, addresses, capacity, allocatable, system info, the
 * non-terminated pods on the node with their resource shares, events).
 *
 * The playground stores no Lease objects: the `Lease:` section shows what the kubelet's lease
 * would hold, renewed at the Ready condition's last heartbeat.
 */
import type { Node } from '../../../sim/api/types.js';
import { keyOf, type Store } from '../../../sim/store/store.js';
import { byteOrder, quantityText, rfc1123z } from '../go-format.js';
import { nodeRoles } from '../tables/node.js';
import { describeEvents, type EventSearch } from './events.js';
import { printAnnotationsMultiline, printLabelsMultiline, printTaintsMultiline } from './multiline.js';
import { describeNodeResource } from './node-resources.js';
import { LEVEL_0, LEVEL_1, tabbedString, type PrefixWriter } from './writer.js';

const SYSTEM_INFO: readonly [string, string][] = [
  ['Machine ID', 'machineID'],
  ['System UUID', 'systemUUID'],
  ['Boot ID', 'bootID'],
  ['Kernel Version', 'kernelVersion'],
  ['OS Image', 'osImage'],
  ['Operating System', 'operatingSystem'],
  ['Architecture', 'architecture'],
  ['Container Runtime Version', 'containerRuntimeVersion'],
  ['Kubelet Version', 'kubeletVersion'],
];

function describeLease(node: Node, w: PrefixWriter): void {
  const ready = node.status?.conditions?.find((c) => c.type === 'Ready');
  if (!ready) return w.write(LEVEL_0, `Lease:\tFailed to get lease: leases.coordination.k8s.io "${node.metadata.name}" not found\n`);
  w.write(LEVEL_0, 'Lease:\n');
  w.write(LEVEL_1, `HolderIdentity:\t${node.metadata.name}\n`);
  w.write(LEVEL_1, 'AcquireTime:\t<unset>\n');
  w.write(LEVEL_1, `RenewTime:\t${ready.lastHeartbeatTime ? rfc1123z(ready.lastHeartbeatTime) : '<unset>'}\n`);
}

function printResourceList(w: PrefixWriter, title: string, list: Readonly<Record<string, string | number>> | undefined): void {
  const names = Object.keys(list ?? {}).sort(byteOrder);
  if (names.length === 0) return;
  w.write(LEVEL_0, `${title}:\n`);
  for (const n of names) w.write(LEVEL_0, `  ${n}:\t${quantityText(list![n]!)}\n`);
}

export function describeNode(store: Store, node: Node, now: number, search: EventSearch | undefined): string {
  const name = node.metadata.name;
  // The pods bound to the node (the store's index: a filter of every pod, per node, made
  // `describe nodes` on a fleet quadratic), in the list's order.
  const pods = [...store.podsOnNode(name)]
    .filter((p) => p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed')
    .sort((a, b) => byteOrder(keyOf(a.metadata.namespace, a.metadata.name), keyOf(b.metadata.namespace, b.metadata.name)));
  const events = search?.about({ name, namespace: '', kind: 'Node', uids: [node.metadata.uid, name] });
  return tabbedString((w) => {
    w.write(LEVEL_0, `Name:\t${name}\n`);
    w.write(LEVEL_0, `Roles:\t${nodeRoles(node).join(',') || '<none>'}\n`);
    printLabelsMultiline(w, 'Labels', node.metadata.labels);
    printAnnotationsMultiline(w, 'Annotations', node.metadata.annotations);
    w.write(LEVEL_0, `CreationTimestamp:\t${rfc1123z(node.metadata.creationTimestamp)}\n`);
    printTaintsMultiline(w, 'Taints', node.spec?.taints);
    w.write(LEVEL_0, `Unschedulable:\t${node.spec?.unschedulable === true}\n`);
    describeLease(node, w);
    const conditions = node.status?.conditions ?? [];
    if (conditions.length > 0) {
      w.write(LEVEL_0, 'Conditions:\n  Type\tStatus\tLastHeartbeatTime\tLastTransitionTime\tReason\tMessage\n');
      w.write(LEVEL_1, '----\t------\t-----------------\t------------------\t------\t-------\n');
      for (const c of conditions) {
        w.write(LEVEL_1, `${c.type} \t${c.status} \t${rfc1123z(c.lastHeartbeatTime)} \t${rfc1123z(c.lastTransitionTime)} \t${c.reason ?? ''} \t${c.message ?? ''}\n`);
      }
    }
    w.write(LEVEL_0, 'Addresses:\n');
    for (const a of node.status?.addresses ?? []) w.write(LEVEL_1, `${a.type}:\t${a.address}\n`);
    printResourceList(w, 'Capacity', node.status?.capacity);
    printResourceList(w, 'Allocatable', node.status?.allocatable);
    w.write(LEVEL_0, 'System Info:\n');
    const info = node.status?.nodeInfo ?? {};
    for (const [title, key] of SYSTEM_INFO) w.write(LEVEL_0, `  ${title}:\t${info[key] ?? ''}\n`);
    if (node.spec?.podCIDR) w.write(LEVEL_0, `PodCIDR:\t${node.spec.podCIDR}\n`);
    const cidrs = (node.spec as { podCIDRs?: readonly string[] } | undefined)?.podCIDRs ?? [];
    if (cidrs.length > 0) w.write(LEVEL_0, `PodCIDRs:\t${cidrs.join(',')}\n`);
    if (node.spec?.providerID) w.write(LEVEL_0, `ProviderID:\t${node.spec.providerID}\n`);
    describeNodeResource(pods, node, w, now);
    describeEvents(events, w, now);
  });
}
