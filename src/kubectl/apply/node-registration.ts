/**
 * A `kind: Node` created with `kubectl apply`/`create` registers a node, as KWOK does: there is
 * no kubelet process behind it, so the manifest stands in for what the kubelet would report.
 *
 * - Labels: exactly what the manifest says, plus `kubernetes.io/hostname=<name>`,
 *   `kubernetes.io/os=linux` and `kubernetes.io/arch=amd64` where missing, because a real node
 *   only exists once its kubelet registers, and every kubelet sets those three (`sim node add`
 *   sets the same). These are added to the created object only, not to the
 *   last-applied annotation, as they are the kubelet's, not the learner's.
 * - Status: `status.capacity` and `status.allocatable` as written (a kubelet's report). With
 *   capacity but no allocatable, allocatable = capacity (no system reservation). Nothing else is
 *   made up: a Node applied without capacity has none, as with KWOK.
 */
import type { Node, NodeStatus, ResourceList } from '../../sim/api/types.js';
import { isMap, type JsonMap } from './json.js';

export const KUBELET_LABELS = ['kubernetes.io/arch', 'kubernetes.io/hostname', 'kubernetes.io/os'] as const;

/** The object to create for a Node manifest: the kubelet's three labels added where missing. */
export function withKubeletLabels(obj: JsonMap, name: string): JsonMap {
  const meta = isMap(obj.metadata) ? obj.metadata : {};
  const labels = isMap(meta.labels) ? meta.labels : {};
  const defaults: Record<string, string> = { 'kubernetes.io/arch': 'amd64', 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux' };
  return { ...obj, metadata: { ...meta, labels: { ...defaults, ...labels } } };
}

/** The status to write after creating `node`, or undefined when the manifest reports none. */
export function reportedNodeStatus(manifest: JsonMap, node: Node): NodeStatus | undefined {
  const status = isMap(manifest.status) ? manifest.status : undefined;
  const capacity = status && isMap(status.capacity) ? (status.capacity as ResourceList) : undefined;
  const allocatable = status && isMap(status.allocatable) ? (status.allocatable as ResourceList) : capacity;
  if (!capacity && !allocatable) return undefined;
  return { ...node.status, ...(capacity ? { capacity } : {}), ...(allocatable ? { allocatable } : {}) };
}
