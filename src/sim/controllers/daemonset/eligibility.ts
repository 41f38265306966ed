/**
 * Should this node run a pod of this DaemonSet? (`daemon_controller.go: NodeShouldRunDaemonPod`,
 * `predicates`, `NewPod`.)
 *
 * Why: this is the controller's whole notion of eligibility. It looks only at the template's
 * nodeName, its nodeSelector and required node affinity, and the node's NoSchedule/NoExecute
 * taints against the template's tolerations plus the automatic daemon tolerations. Node
 * readiness, `spec.unschedulable`, resources and ports are the scheduler's business.
 *
 * Every verdict is data: each predicate says whether it passed and, when not, why in the
 * scheduler's words, so the UI and `sim why` explain from it and never recompute it.
 *
 * Cost: the template-derived facts are compiled once per template object, and verdicts are
 * memoised per node object and per node list (stored objects and the store's lists are never
 * mutated, so an identity hit is never stale).
 */
import type { DaemonSet, Node, PodTemplateSpec, Taint, Toleration } from '../../api/types.js';
import { compileRequiredNodeAffinity, type NodeMatcher } from '../../api/nodeaffinity.js';
import { ERR_REASON_UNTOLERATED_TAINT, findMatchingUntoleratedTaint, formatTaint, isHardEffect } from '../../api/toleration.js';
import { ERR_REASON_POD } from '../scheduler/plugins/nodeaffinity.js';
import { ERR_REASON_NODE_NAME } from '../scheduler/plugins/nodename.js';
import { addOrUpdateDaemonPodTolerations } from './tolerations.js';

export type PredicateName = 'NodeName' | 'NodeAffinity' | 'TaintToleration';

/** One predicate's verdict. `message` uses the scheduler's wording when it failed. */
export interface Predicate {
  readonly name: PredicateName;
  readonly passed: boolean;
  readonly message: string;
  /** TaintToleration: the first NoSchedule/NoExecute taint no toleration tolerates. */
  readonly taint?: Taint;
  /** TaintToleration: whether an existing pod may stay (only NoSchedule taints are untolerated). */
  readonly detail?: string;
}

export interface NodeVerdict {
  /** A daemon pod should be created here if there is none. */
  readonly shouldRun: boolean;
  /** An existing daemon pod may keep running here. */
  readonly shouldContinueRunning: boolean;
  /** NodeName, NodeAffinity, TaintToleration, in that order. */
  readonly reasons: readonly Predicate[];
}

/** The facts `NewPod` derives from a template, once per template object. */
export interface CompiledTemplate {
  readonly template: PodTemplateSpec;
  /** `spec.nodeName` of the template, when it pins one node. */
  readonly nodeName: string | undefined;
  /** nodeSelector AND required node affinity. */
  readonly matchesAffinity: NodeMatcher;
  /** The template's tolerations with the automatic DaemonSet tolerations merged in. */
  readonly tolerations: readonly Toleration[];
  /** Memoised verdicts per node object. */
  readonly verdicts: WeakMap<Node, NodeVerdict>;
  /** Memoised verdicts per node list array (the store keeps one while no node changes). */
  readonly lists: WeakMap<readonly Node[], NodeListVerdicts>;
}

/** The verdicts of every node of a list, by position, and how many nodes should run the pod. */
export interface NodeListVerdicts {
  readonly verdicts: readonly NodeVerdict[];
  readonly desired: number;
}

/** The scheduler plugins' reasons: the controller words its verdicts as the scheduler would. */
export const MSG_NODE_NAME = ERR_REASON_NODE_NAME;
export const MSG_NODE_AFFINITY = ERR_REASON_POD;


const compiledByTemplate = new WeakMap<PodTemplateSpec, CompiledTemplate>();

/** Compiles (or returns the cached) template facts of a DaemonSet. */
export function compileDaemonSetTemplate(template: PodTemplateSpec): CompiledTemplate {
  const hit = compiledByTemplate.get(template);
  if (hit) return hit;
  const compiled: CompiledTemplate = {
    template,
    nodeName: template.spec.nodeName || undefined,
    matchesAffinity: compileRequiredNodeAffinity(template.spec),
    tolerations: addOrUpdateDaemonPodTolerations(template.spec),
    verdicts: new WeakMap(),
    lists: new WeakMap(),
  };
  compiledByTemplate.set(template, compiled);
  return compiled;
}

const PASS_NODE_NAME: Predicate = { name: 'NodeName', passed: true, message: 'the template does not name another node' };
const FAIL_NODE_NAME: Predicate = { name: 'NodeName', passed: false, message: MSG_NODE_NAME };
const PASS_AFFINITY: Predicate = { name: 'NodeAffinity', passed: true, message: "node matches the template's nodeSelector and required node affinity" };
const FAIL_AFFINITY: Predicate = { name: 'NodeAffinity', passed: false, message: MSG_NODE_AFFINITY };
const PASS_TAINTS: Predicate = { name: 'TaintToleration', passed: true, message: 'every NoSchedule/NoExecute taint is tolerated' };
const ALL_PASS: NodeVerdict = { shouldRun: true, shouldContinueRunning: true, reasons: [PASS_NODE_NAME, PASS_AFFINITY, PASS_TAINTS] };

/**
 * `NodeShouldRunDaemonPod`: (shouldRun, shouldContinueRunning) with the predicate verdicts.
 *
 * | situation | shouldRun | shouldContinueRunning |
 * | template nodeName names another node | false | false |
 * | nodeSelector / required affinity mismatch | false | false |
 * | an untolerated NoExecute taint | false | false |
 * | only untolerated NoSchedule taints | false | true |
 * | otherwise | true | true |
 */
export function nodeShouldRunDaemonPod(node: Node, ds: Pick<DaemonSet, 'spec'>, compiled?: CompiledTemplate): NodeVerdict {
  return verdictFor(node, compiled ?? compileDaemonSetTemplate(ds.spec.template));
}

function verdictFor(node: Node, c: CompiledTemplate): NodeVerdict {
  const hit = c.verdicts.get(node);
  if (hit) return hit;
  const verdict = evaluate(node, c);
  c.verdicts.set(node, verdict);
  return verdict;
}

/**
 * `nodeShouldRunDaemonPod` for every node of a list, by position. A sync walks the node list
 * three times (manage, rolling update, status) and a steady cluster's list is the same array
 * from sync to sync, so the whole vector is computed once per list and template.
 */
export function nodeListVerdicts(nodes: readonly Node[], c: CompiledTemplate): NodeListVerdicts {
  const hit = c.lists.get(nodes);
  if (hit) return hit;
  const verdicts = nodes.map((node) => verdictFor(node, c));
  let desired = 0;
  for (let i = 0; i < verdicts.length; i++) if (verdicts[i]!.shouldRun) desired++;
  const result = { verdicts, desired };
  c.lists.set(nodes, result);
  return result;
}

function evaluate(node: Node, c: CompiledTemplate): NodeVerdict {
  const fitsName = c.nodeName === undefined || c.nodeName === node.metadata.name;
  const fitsAffinity = c.matchesAffinity(node);
  const taints = node.spec?.taints;
  const untolerated = taints && taints.length > 0 ? findMatchingUntoleratedTaint(taints, c.tolerations, isHardEffect) : undefined;
  if (fitsName && fitsAffinity && !untolerated) return ALL_PASS;
  let taintPredicate = PASS_TAINTS;
  let noExecute: Taint | undefined;
  if (untolerated) {
    noExecute = findMatchingUntoleratedTaint(taints, c.tolerations, (t) => t.effect === 'NoExecute');
    taintPredicate = {
      name: 'TaintToleration',
      passed: false,
      message: ERR_REASON_UNTOLERATED_TAINT,
      taint: untolerated,
      detail: noExecute
        ? `untolerated NoExecute taint ${formatTaint(noExecute)}: existing daemon pods are deleted`
        : `untolerated taint ${formatTaint(untolerated)}, and only NoSchedule taints are untolerated: no new daemon pod, but an existing one keeps running (counted as misscheduled)`,
    };
  }
  const reasons = [fitsName ? PASS_NODE_NAME : FAIL_NODE_NAME, fitsAffinity ? PASS_AFFINITY : FAIL_AFFINITY, taintPredicate];
  if (!fitsName || !fitsAffinity) return { shouldRun: false, shouldContinueRunning: false, reasons };
  return { shouldRun: false, shouldContinueRunning: !noExecute, reasons };
}

/** The first failed predicate's message, for reasons such as "node-2 should not run ...: <why>". */
export function firstFailure(v: NodeVerdict): string {
  const f = v.reasons.find((p) => !p.passed);
  return f ? f.message : 'all predicates passed';
}
