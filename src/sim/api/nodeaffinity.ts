/**
 * Required node affinity and nodeSelector matching (component-helpers
 * `scheduling/corev1/nodeaffinity`: `GetRequiredNodeAffinity(pod).Match(node)`,
 * `NewNodeSelector`). Compiled once per pod template, then run per node: the controller and the
 * scheduler evaluate it for every node of a big cluster.
 *
 * Semantics: nodeSelector entries are ANDed; required terms are ORed; the expressions and fields
 * of one term are ANDed; a term with neither never matches; a term that fails to parse (bad
 * operator, Gt/Lt value not an integer, matchFields key other than `metadata.name`) never
 * matches, and the parse error is otherwise ignored, as upstream's lazy error handling does.
 */
import type { Node, NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PodSpec } from './types.js';
import { memo } from '../memo.js';

export type NodeMatcher = (node: Node) => boolean;

const MATCH_ALL: NodeMatcher = () => true;
const MATCH_NONE: NodeMatcher = () => false;

/** Compiles `spec.nodeSelector` AND `spec.affinity.nodeAffinity.requiredDuringScheduling...`. */
export function compileRequiredNodeAffinity(spec: Pick<PodSpec, 'nodeSelector' | 'affinity'>): NodeMatcher {
  const required = spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  // A DaemonSet pod's pin alone: the scheduler and the kubelet compile it for every daemon pod.
  const pinned = required && spec.nodeSelector === undefined ? pinnedNodeName(required) : undefined;
  if (pinned !== undefined) return pinnedMatcher(pinned);
  const selector = compileNodeSelectorMap(spec.nodeSelector);
  const affinity = required ? compileNodeSelector(required) : MATCH_ALL;
  if (selector === MATCH_ALL) return affinity;
  if (affinity === MATCH_ALL) return selector;
  return (node) => selector(node) && affinity(node);
}

/**
 * The matcher of a pin to one node, one per node name: the scheduler compiles every daemon pod's
 * affinity (5,000 a fleet build or rollout), and each was a closure and a context of its own.
 */
const pinnedMatcher = memo((name: string): NodeMatcher => (node) => node.metadata.name === name, 1 << 16);

/** The node a selector of exactly one term, `matchFields metadata.name In [NODE]` and nothing else, names. */
function pinnedNodeName(sel: NodeSelector): string | undefined {
  const terms = sel.nodeSelectorTerms;
  if (terms?.length !== 1 || terms[0]!.matchExpressions?.length) return undefined;
  const fields = terms[0]!.matchFields;
  if (fields?.length !== 1) return undefined;
  const f = fields[0]!;
  return f.key === 'metadata.name' && f.operator === 'In' && f.values?.length === 1 ? f.values[0] : undefined;
}

/** `spec.nodeSelector`: every key must be a node label with exactly that value. */
export function compileNodeSelectorMap(map: Readonly<Record<string, string>> | undefined): NodeMatcher {
  const entries = Object.entries(map ?? {});
  if (entries.length === 0) return MATCH_ALL;
  return (node) => {
    const labels = node.metadata.labels ?? {};
    for (const [k, v] of entries) if (labels[k] !== v) return false;
    return true;
  };
}

/** A NodeSelector: its terms ORed. No terms matches nothing. */
export function compileNodeSelector(sel: NodeSelector): NodeMatcher {
  const terms = (sel.nodeSelectorTerms ?? []).map(compileTerm);
  if (terms.length === 0) return MATCH_NONE;
  if (terms.length === 1) return terms[0]!;
  return (node) => terms.some((t) => t(node));
}

/** One term: all expressions (on labels) and fields (on `metadata.name`) must match. */
export function compileTerm(term: NodeSelectorTerm): NodeMatcher {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return MATCH_NONE;
  const checks: ((labels: Readonly<Record<string, string>>, node: Node) => boolean)[] = [];
  for (const r of exprs) {
    const c = compileRequirement(r);
    if (!c) return MATCH_NONE;
    checks.push((labels) => c(labels));
  }
  for (const r of fields) {
    // Field requirements only support metadata.name, and In/NotIn with exactly one value
    // (`nodeSelectorRequirementsAsFieldSelector`).
    if (r.key !== 'metadata.name') return MATCH_NONE;
    if ((r.operator === 'In' || r.operator === 'NotIn') && (r.values ?? []).length !== 1) return MATCH_NONE;
    // The DaemonSet's pin of each pod to its node: a name comparison, with no label map built per node.
    if (r.operator === 'In' || r.operator === 'NotIn') {
      const name = r.values![0]!;
      const equal = r.operator === 'In';
      checks.push((_labels, node) => (node.metadata.name === name) === equal);
      continue;
    }
    const c = compileRequirement(r);
    if (!c) return MATCH_NONE;
    checks.push((_labels, node) => c({ 'metadata.name': node.metadata.name }));
  }
  return (node) => {
    const labels = node.metadata.labels ?? {};
    for (const c of checks) if (!c(labels, node)) return false;
    return true;
  };
}

/** One requirement over a label map, or undefined when it cannot be parsed. */
function compileRequirement(r: NodeSelectorRequirement): ((labels: Readonly<Record<string, string>>) => boolean) | undefined {
  const values = r.values ?? [];
  const key = r.key;
  switch (r.operator) {
    case 'In': {
      if (values.length === 0) return undefined;
      const set = new Set(values);
      return (l) => key in l && set.has(l[key]!);
    }
    case 'NotIn': {
      if (values.length === 0) return undefined;
      const set = new Set(values);
      return (l) => !(key in l) || !set.has(l[key]!);
    }
    case 'Exists':
      return values.length === 0 ? (l) => key in l : undefined;
    case 'DoesNotExist':
      return values.length === 0 ? (l) => !(key in l) : undefined;
    case 'Gt':
    case 'Lt': {
      if (values.length !== 1 || !/^-?\d+$/.test(values[0]!)) return undefined;
      const bound = Number(values[0]);
      const gt = r.operator === 'Gt';
      return (l) => {
        const v = l[key];
        if (v === undefined || !/^-?\d+$/.test(v)) return false;
        return gt ? Number(v) > bound : Number(v) < bound;
      };
    }
    default:
      return undefined;
  }
}
