/**
 * Zones and the rate limit on NoExecute tainting (`ComputeZoneState`, `handleDisruption`,
 * `setLimiterInZone`, `ReducedQPSFunc`, and the token bucket behind `RateLimitedTimedQueue`):
 *
 * - A zone is `topology.kubernetes.io/region` + zone label (one zone when unlabelled).
 * - FullDisruption: no Ready node; PartialDisruption: more than 2 not-Ready nodes and at least
 *   55% (`--unhealthy-zone-threshold`); otherwise Normal.
 * - Tainting rate per zone: Normal 0.1 nodes/s (`--node-eviction-rate`); PartialDisruption
 *   0.01/s (`--secondary-node-eviction-rate`) above 50 nodes (`--large-cluster-size-threshold`)
 *   and 0 (stop) below; FullDisruption 0.1/s, unless every zone is fully disrupted: then the
 *   controller assumes it is cut off itself ("master disruption mode"), removes the NoExecute
 *   not-ready/unreachable taints everywhere and stops tainting.
 * - The bucket holds one token; after a swap from a limiter that had none, the new one starts
 *   empty.
 */
import type { Node } from '../../api/types.js';

export type ZoneState = 'Initial' | 'Normal' | 'PartialDisruption' | 'FullDisruption';

export const EVICTION_QPS = 0.1;
export const SECONDARY_EVICTION_QPS = 0.01;
export const LARGE_CLUSTER_THRESHOLD = 50;
export const UNHEALTHY_ZONE_THRESHOLD = 0.55;

export interface ZoneRecord {
  state: ZoneState;
  /** Tokens per second; 0 never grants one. */
  qps: number;
  /** When the next token is available (meaningless when qps is 0). */
  tokenAt: number;
  /**
   * Nodes waiting for a NoExecute taint, first come first served (upstream's `UniqueQueue`: a
   * Set keeps insertion order and answers membership at once; thousands of nodes wait in a
   * zone in full disruption, and every node turning Ready looks itself up).
   */
  queue: Set<string>;
  /** Nodes already tainted through the queue (kept so they are not queued again). */
  done: Set<string>;
}

export function newZone(now: number): ZoneRecord {
  return { state: 'Initial', qps: EVICTION_QPS, tokenAt: now, queue: new Set(), done: new Set() };
}

/** `nodetopology.GetZoneKey`. */
export function zoneKey(node: Node): string {
  const l = node.metadata.labels ?? {};
  const region = l['topology.kubernetes.io/region'] ?? l['failure-domain.beta.kubernetes.io/region'] ?? '';
  const zone = l['topology.kubernetes.io/zone'] ?? l['failure-domain.beta.kubernetes.io/zone'] ?? '';
  return region === '' && zone === '' ? '' : `${region}:\u0000:${zone}`;
}

export function computeZoneState(ready: number, notReady: number): ZoneState {
  if (ready === 0 && notReady > 0) return 'FullDisruption';
  if (notReady > 2 && notReady / (notReady + ready) >= UNHEALTHY_ZONE_THRESHOLD) return 'PartialDisruption';
  return 'Normal';
}

export function qpsFor(state: ZoneState, size: number): number {
  if (state === 'PartialDisruption') return size > LARGE_CLUSTER_THRESHOLD ? SECONDARY_EVICTION_QPS : 0;
  return EVICTION_QPS;
}

/** `SwapLimiter`. */
export function swapLimiter(z: ZoneRecord, qps: number, now: number): void {
  if (z.qps === qps) return;
  const hadToken = z.qps > 0 && now >= z.tokenAt;
  z.qps = qps;
  if (qps > 0) z.tokenAt = hadToken ? now : now + 1000 / qps;
}

/** `TryAccept`. */
export function tryAccept(z: ZoneRecord, now: number): boolean {
  if (z.qps <= 0 || now < z.tokenAt) return false;
  z.tokenAt = now + 1000 / z.qps;
  return true;
}
