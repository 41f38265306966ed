/**
 * `MarkPodsNotReady` (pkg/controller/util/node): for pods on a node that stopped being Ready
 * under the controller's watch, sets the pod's Ready condition to False and records a Warning
 * `NodeNotReady` "Node is not ready" on the pod. Only the Ready condition changes; the kubelet
 * writes its own view again when it comes back.
 */
import type { Pod, PodCondition } from '../../api/types.js';
import type { ControllerContext } from '../../engine/controller.js';
import { rfc3339 } from '../../engine/time.js';

export function markPodsNotReady(ctx: ControllerContext, pods: readonly Pod[], nodeName: string): void {
  for (const pod of pods) {
    if (pod.spec.nodeName !== nodeName) continue;
    const conditions = pod.status.conditions ?? [];
    const i = conditions.findIndex((c) => c.type === 'Ready');
    if (i < 0 || conditions[i]!.status === 'False') continue;
    const next: PodCondition[] = [...conditions];
    next[i] = { ...conditions[i]!, status: 'False', lastTransitionTime: rfc3339(ctx.now) };
    const r = ctx.client.updateStatus<'Pod'>({ ...pod, status: { ...pod.status, conditions: next } }, `node ${nodeName} is not ready, so its pods are not ready either`);
    if (r.ok) ctx.client.event(r.obj, 'Warning', 'NodeNotReady', 'Node is not ready');
  }
}
