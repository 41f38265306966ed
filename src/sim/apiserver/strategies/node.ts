/**
 * The Node strategy (`pkg/registry/core/node/strategy.go`, core/v1 `SetDefaults_NodeStatus`, the
 * `TaintNodesByCondition` admission plugin `plugin/pkg/admission/nodetaint`, and core validation
 * `ValidateNode` / `validateNodeTaints`).
 *
 * - defaults: `status.allocatable` is a copy of `status.capacity` when absent.
 * - admission, on create only: a node registers with `node.kubernetes.io/not-ready:NoSchedule`
 *   unless it already has a taint with that key and effect, so nothing schedules onto it before
 *   the node lifecycle controller sees it Ready (and removes the taint).
 * - validation: cluster-scoped metadata with a DNS-1123 subdomain name; taints need a qualified
 *   key, a label-value value, a supported effect, and must be unique by key and effect.
 */
import type { Node, Taint } from '../../api/types.js';
import { isValidLabelValue } from '../../api/name-validation.js';
import { identityMemo } from '../../memo.js';
import { trimmed, withField } from '../../intern.js';
import type { Strategy } from '../strategy.js';
import { appendErrors, child, duplicate, goValue, index, invalid, type FieldError } from '../validation/field.js';
import { goTaint } from '../validation/govalue.js';
import { nameIsDNSSubdomain, validateLabelName, validateObjectMeta } from '../validation/objectmeta.js';
import { validateTaintEffect } from '../validation/tolerations.js';
import { TAINT_NODE_NOT_READY } from './default-toleration-seconds.js';

/**
 * `TaintNodesByCondition` `addNotReadyTaint`, into the create's own node (strategy.ts): its spec
 * is replaced in place, where a spread of the node was then copied packed again by the API server.
 */
function addNotReadyTaint(node: Node): Node {
  const taints = node.spec?.taints ?? [];
  if (taints.some((t) => t.key === TAINT_NODE_NOT_READY && t.effect === 'NoSchedule')) return node;
  // A node registering without taints of its own (nearly every node of a fleet) gets the one
  // shared list, which validation then checks once for all of them (`taintErrors`).
  const list = taints.length === 0 ? (NOT_READY_ONLY as Taint[]) : trimmed([...taints, NOT_READY_ONLY[0]!]);
  // withField: a spread that gains a key would give every node's spec a hidden class of its own.
  (node as { spec: Node['spec'] }).spec = withField(node.spec ?? {}, 'taints', list);
  return node;
}

/** The taints of a node that registered without any: shared by all such nodes, so only read. */
const NOT_READY_ONLY: readonly Taint[] = [{ key: TAINT_NODE_NOT_READY, effect: 'NoSchedule' }];

/** `validateNodeTaints`. */
export function validateNodeTaints(taints: readonly Taint[] | undefined, path: string): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  (taints ?? []).forEach((t, i) => {
    const p = index(path, i);
    errs.push(...validateLabelName(t.key ?? '', child(p, 'key')));
    const msgs = isValidLabelValue(t.value ?? '');
    if (msgs.length > 0) errs.push(invalid(child(p, 'value'), goValue(t.value ?? ''), msgs.join(';')));
    errs.push(...validateTaintEffect(t.effect, false, child(p, 'effect')));
    const id = `${t.effect ?? ''}\u0000${t.key ?? ''}`;
    if (seen.has(id)) errs.push(duplicate(p, goTaint(t), 'taints must be unique by key and effect pair'));
    seen.add(id);
  });
  return errs;
}

export const nodeStrategy: Strategy<Node> = {
  defaults(node) {
    const status = node.status ?? {};
    if (status.allocatable || !status.capacity) return node;
    return { ...node, status: { ...status, allocatable: { ...status.capacity } } };
  },

  admit(node, op) {
    return op === 'create' ? addNotReadyTaint(node) : node;
  },

  validate(node) {
    const taints = node.spec?.taints;
    const errs = validateObjectMeta(node.metadata, false, nameIsDNSSubdomain);
    return taints ? appendErrors(errs, taintErrors(taints, 'spec.taints')) : errs;
  },
};

/**
 * `validateNodeTaints` once per taints list object: a node's status writes keep its list, and
 * the nodes registered by one `sim node add` share the taints they were given. Only read.
 */
const taintErrors = identityMemo((taints: readonly Taint[], path: string) => validateNodeTaints(taints, path));
