/**
 * `tryUpdateNodeHealth`: when a node's health signal is older than the grace period
 * (`--node-monitor-grace-period`, 50 s; `--node-startup-grace-period`, 60 s, for a node that
 * never posted a Ready condition), the controller sets Ready, MemoryPressure, DiskPressure and
 * PIDPressure to Unknown: reason `NodeStatusUnknown` "Kubelet stopped posting node status.", or
 * `NodeStatusNeverUpdated` "Kubelet never posted node status." for a condition that was never
 * posted. NetworkUnavailable is left alone (it belongs to the network provider).
 */
import type { ConditionStatus, Node, NodeCondition } from '../../api/types.js';
import { rfc3339 } from '../../engine/time.js';

/** Upstream default `--node-startup-grace-period`. */
export const NODE_STARTUP_GRACE_MS = 60_000;

const UNKNOWN_TYPES = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure'] as const;

export function readyStatus(node: Node): ConditionStatus | undefined {
  // An indexed loop, neither `find` nor for-of: every monitorNode asks, twice.
  const conditions = node.status.conditions;
  if (conditions) for (let i = 0; i < conditions.length; i++) if (conditions[i]!.type === 'Ready') return conditions[i]!.status;
  return undefined;
}

/** The conditions with the kubelet's silence taken into account, or undefined if unchanged. */
export function unknownConditions(node: Node, now: number): NodeCondition[] | undefined {
  const out = [...(node.status.conditions ?? [])];
  let changed = false;
  for (const type of UNKNOWN_TYPES) {
    const i = out.findIndex((c) => c.type === type);
    if (i < 0) {
      out.push({
        type,
        status: 'Unknown',
        lastHeartbeatTime: node.metadata.creationTimestamp,
        lastTransitionTime: rfc3339(now),
        reason: 'NodeStatusNeverUpdated',
        message: 'Kubelet never posted node status.',
      });
      changed = true;
    } else if (out[i]!.status !== 'Unknown') {
      out[i] = { ...out[i]!, status: 'Unknown', reason: 'NodeStatusUnknown', message: 'Kubelet stopped posting node status.', lastTransitionTime: rfc3339(now) };
      changed = true;
    }
  }
  return changed ? out : undefined;
}
