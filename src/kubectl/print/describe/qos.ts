/**
 * The `QoS Class:` of a pod: kubectl `util/qos.GetPodQOS` (the stored `status.qosClass`, else
 * `ComputePodQOS`): Guaranteed when every container has cpu and memory limits equal to its
 * requests, BestEffort when no container sets any request or limit, Burstable otherwise.
 */
import type { Container, Pod } from '../../../sim/api/types.js';
import { parseQuantity, compareQuantity, type Quantity } from '../../../sim/api/quantity.js';

const TRACKED = ['cpu', 'memory'];

function q(v: string | number | undefined): Quantity | undefined {
  if (v === undefined) return undefined;
  const p = parseQuantity(v);
  return 'error' in p ? undefined : p;
}

export function podQOS(pod: Pod): 'Guaranteed' | 'Burstable' | 'BestEffort' {
  if (pod.status?.qosClass) return pod.status.qosClass;
  const containers: Container[] = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])];
  let anySet = false;
  let guaranteed = true;
  for (const c of containers) {
    const req = c.resources?.requests ?? {};
    const lim = c.resources?.limits ?? {};
    for (const name of TRACKED) {
      const r = q(req[name]);
      const l = q(lim[name]);
      if ((r && r.nano !== 0n) || (l && l.nano !== 0n)) anySet = true;
      const effectiveReq = r ?? l;
      if (!l || !effectiveReq || compareQuantity(effectiveReq, l) !== 0) guaranteed = false;
    }
  }
  if (!anySet) return 'BestEffort';
  return guaranteed ? 'Guaranteed' : 'Burstable';
}
