/**
 * NodeResourcesFit's default scoring strategy, LeastAllocated
 * (`pkg/scheduler/framework/plugins/noderesources/least_allocated.go`, `leastResourceScorer`):
 * for cpu and memory (weight 1 each), `(allocatable - requested) * 100 / allocatable`, where
 * requested includes the incoming pod and counts unset container requests as 100m / 200Mi
 * (the non-zero requests). The node score is the weighted mean, 0..100.
 */
import type { CycleState } from '../framework.js';
import type { NodeInfo } from '../nodeinfo.js';

export const MAX_NODE_SCORE = 100;

function leastRequested(requested: number, capacity: number): number {
  if (capacity === 0 || requested > capacity) return 0;
  return Math.floor(((capacity - requested) * MAX_NODE_SCORE) / capacity);
}

export function leastAllocatedScore(state: CycleState, nodeInfo: NodeInfo): number {
  const cpu = leastRequested(nodeInfo.nonZeroMilliCPU + state.requests.nonZeroMilliCPU, nodeInfo.allocatable.milliCPU);
  const mem = leastRequested(nodeInfo.nonZeroMemory + state.requests.nonZeroMemory, nodeInfo.allocatable.memory);
  return Math.floor((cpu + mem) / 2);
}
