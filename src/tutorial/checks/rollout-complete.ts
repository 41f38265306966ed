/**
 * `rolloutComplete`: the DaemonSet's rollout is done, by the test `kubectl rollout status`
 * applies (`DaemonSetStatusViewer.Status`): the controller observed the current generation and
 * updatedNumberScheduled and numberAvailable both reached desiredNumberScheduled.
 */
import type { DaemonSet } from '../../sim/api/types.js';
import { daemonSetStatus } from '../../kubectl/verbs/rollout-status.js';
import { DEFAULT_NAMESPACE, objectWords, readNamespace, readObjectRef } from './fields.js';
import { notYet, PASS, type CheckBase, type CheckKind, type CheckOutcome } from './types.js';

export interface RolloutCompleteSpec extends CheckBase {
  readonly kind: 'rolloutComplete';
  readonly name: string;
  readonly namespace: string;
}

export const rolloutComplete: CheckKind<RolloutCompleteSpec> = {
  kind: 'rolloutComplete',
  graded: true,
  parse(r, base) {
    const ref = readObjectRef(r, readNamespace(r), ['DaemonSet']);
    if (!ref || 'pods' in ref) return undefined;
    return { ...base, kind: 'rolloutComplete', name: ref.name, namespace: ref.namespace };
  },
  evaluate(spec, { cluster }) {
    return rolloutOutcome(spec.name, cluster.store.get('DaemonSet', spec.namespace, spec.name), spec.namespace);
  },
  describe(spec) {
    return `the rollout of ${objectWords('DaemonSet', spec.name, spec.namespace)} is complete`;
  },
};

/** Whether a DaemonSet's rollout is complete, with kubectl's own words while it is not. */
export function rolloutOutcome(name: string, ds: DaemonSet | undefined, namespace = DEFAULT_NAMESPACE): CheckOutcome {
  if (!ds) return notYet(`${objectWords('DaemonSet', name, namespace)} does not exist yet`);
  const status = daemonSetStatus(ds);
  if ('error' in status) return notYet(status.error);
  return status.done ? PASS : notYet(status.message.trim());
}
