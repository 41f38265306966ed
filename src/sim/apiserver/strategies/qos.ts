/**
 * A pod's QoS class (`pkg/apis/core/helper/qos`: `GetPodQOS` / `ComputePodQOS`), stored in
 * `status.qosClass` when the pod is created.
 *
 * Only cpu and memory count, and only quantities above zero, summed over containers and init
 * containers. BestEffort: no such request or limit anywhere. Guaranteed: every container limits
 * both cpu and memory, and the summed requests equal the summed limits for every resource (pod
 * defaulting has already copied limits into missing requests). Anything else is Burstable.
 */
import type { Container, PodSpec } from '../../api/types.js';
import { parseQuantity } from '../../api/quantity.js';

export type QOSClass = 'Guaranteed' | 'Burstable' | 'BestEffort';

const QOS_RESOURCES = new Set(['cpu', 'memory']);

export function computePodQOS(spec: PodSpec): QOSClass {
  const requests = new Map<string, bigint>();
  const limits = new Map<string, bigint>();
  let guaranteed = true;
  const all: readonly Container[] = [...(spec.containers ?? []), ...(spec.initContainers ?? [])];
  for (const c of all) {
    addPositive(requests, c.resources?.requests);
    const found = addPositive(limits, c.resources?.limits);
    if (!found.has('cpu') || !found.has('memory')) guaranteed = false;
  }
  if (requests.size === 0 && limits.size === 0) return 'BestEffort';
  if (guaranteed) {
    for (const [name, req] of requests) {
      if (limits.get(name) !== req) {
        guaranteed = false;
        break;
      }
    }
  }
  return guaranteed && requests.size === limits.size ? 'Guaranteed' : 'Burstable';
}

/** Adds the positive cpu/memory quantities of `list` into `sums`; returns the names it added. */
function addPositive(sums: Map<string, bigint>, list: Readonly<Record<string, string | number>> | undefined): Set<string> {
  const found = new Set<string>();
  for (const [name, raw] of Object.entries(list ?? {})) {
    if (!QOS_RESOURCES.has(name)) continue;
    const q = parseQuantity(raw);
    if ('error' in q || q.nano <= 0n) continue;
    found.add(name);
    sums.set(name, (sums.get(name) ?? 0n) + q.nano);
  }
  return found;
}
