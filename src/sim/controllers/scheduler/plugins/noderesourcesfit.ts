/**
 * NodeResourcesFit (`pkg/scheduler/framework/plugins/noderesources/fit.go`, `Filter`,
 * `fitsRequest`): the pod's requests must fit in the node's allocatable minus what the pods
 * already on the node request (requests, not usage). Every shortage is reported at once, in the
 * order pods, cpu, memory, ephemeral-storage, then scalar resources by name. A resource the pod
 * requests 0 of is not checked; the pod count always is. When the pod asks for more than the
 * whole node has, the status is UnschedulableAndUnresolvable and preemption skips the node.
 */
import type { Status } from '../framework.js';
import type { FilterPlugin, InsufficientResource } from '../framework.js';
import type { NodeInfo } from '../nodeinfo.js';
import { hasScalars, type Resources } from '../resources.js';

export const NODE_RESOURCES_FIT = 'NodeResourcesFit';

export const ERR_REASON_TOO_MANY_PODS = 'Too many pods';

/** "Insufficient cpu", "Insufficient memory", "Insufficient nvidia.com/gpu", ... */
export function insufficientReason(resourceName: string): string {
  return `Insufficient ${resourceName}`;
}

/**
 * `fitsRequest`: every resource the node is short of for a pod with these requests. A node that
 * fits (nearly every call: the scheduler's filter and the kubelet's admission, once per pod)
 * gets the shared empty list, with nothing allocated.
 */
export function fitsRequest(req: Readonly<Resources>, nodeInfo: NodeInfo): readonly InsufficientResource[] {
  let out: InsufficientResource[] | undefined;
  const alloc = nodeInfo.allocatable;
  const used = nodeInfo.requested;
  if (nodeInfo.podCount + 1 > alloc.allowedPodNumber) {
    out = [{ resourceName: 'pods', reason: ERR_REASON_TOO_MANY_PODS, requested: 1, used: nodeInfo.podCount, capacity: alloc.allowedPodNumber, unresolvable: false }];
  }
  out = short(out, 'cpu', req.milliCPU, alloc.milliCPU, used.milliCPU);
  out = short(out, 'memory', req.memory, alloc.memory, used.memory);
  out = short(out, 'ephemeral-storage', req.ephemeralStorage, alloc.ephemeralStorage, used.ephemeralStorage);
  // Scalar resources in name order; a pod with none (most) sorts nothing.
  if (hasScalars(req)) {
    for (const name of Object.keys(req.scalar).sort()) out = short(out, name, req.scalar[name] ?? 0, alloc.scalar[name] ?? 0, used.scalar[name] ?? 0);
  }
  return out ?? FITS;
}

const FITS: readonly InsufficientResource[] = [];

/** `out` with the shortage of one resource appended, if the node is short of it (made on the first). */
function short(out: InsufficientResource[] | undefined, name: string, want: number, have: number, inUse: number): InsufficientResource[] | undefined {
  if (want > 0 && want > have - inUse) {
    (out ??= []).push({ resourceName: name, reason: insufficientReason(name), requested: want, used: inUse, capacity: have, unresolvable: want > have });
  }
  return out;
}

export const nodeResourcesFit: FilterPlugin = {
  name: NODE_RESOURCES_FIT,
  filter(state, nodeInfo): Status | undefined {
    const insufficient = fitsRequest(state.requests.requests, nodeInfo);
    if (insufficient.length === 0) return undefined;
    return {
      plugin: NODE_RESOURCES_FIT,
      code: insufficient.some((r) => r.unresolvable) ? 'UnschedulableAndUnresolvable' : 'Unschedulable',
      reasons: insufficient.map((r) => r.reason),
      insufficient,
    };
  },
};
