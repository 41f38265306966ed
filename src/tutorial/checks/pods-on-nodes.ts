/**
 * `podsOnNodes`: how many non-terminating pods matching a selector run on each listed node
 * (`nodes: {node-1: 1}`), optionally every other node too (`others: 0`), only pods of one
 * image (`image:`, the first container's), and every counted pod Ready (`ready: true`).
 */
import { byNode, firstImage, isPodReady, isTerminating, podNouns, selectPods, type PodSelector } from '../cluster-query.js';
import { readNamespace, readSelector } from './fields.js';
import { notYet, PASS, type CheckBase, type CheckKind } from './types.js';
import { countOf, listWords } from './words.js';

export interface PodsOnNodesSpec extends CheckBase {
  readonly kind: 'podsOnNodes';
  readonly selector: PodSelector;
  readonly nodes: ReadonlyMap<string, number>;
  readonly others?: number;
  readonly ready: boolean;
  readonly image?: string;
}

export const podsOnNodes: CheckKind<PodsOnNodesSpec> = {
  kind: 'podsOnNodes',
  graded: true,
  parse(r, base) {
    const selector = readSelector(r, readNamespace(r));
    const nodes = new Map<string, number>();
    const m = r.map('nodes', true);
    for (const key of m?.keys() ?? []) {
      const n = m!.number(key, { integer: true, min: 0 });
      if (n) nodes.set(key, n.value);
    }
    if (m && nodes.size === 0 && m.keys().length === 0) r.src.error(m.node, `${r.what}: "nodes" names no node`);
    const others = r.number('others', { integer: true, min: 0 })?.value;
    const ready = r.boolean('ready')?.value ?? false;
    const image = r.string('image')?.value;
    if (!selector || !m) return undefined;
    const spec: PodsOnNodesSpec = { ...base, kind: 'podsOnNodes', selector, nodes, ready, ...(others === undefined ? {} : { others }), ...(image === undefined ? {} : { image }) };
    return spec;
  },
  evaluate(spec, { cluster }) {
    const nouns = podNouns(spec.selector, spec.image);
    const counted = selectPods(cluster.store, spec.selector).filter((p) => !isTerminating(p) && (spec.image === undefined || firstImage(p) === spec.image));
    const perNode = byNode(counted);
    // The nodes the check is about, with the count each should have. Nodes without a pod matter
    // only when others > 0; pods bound to a vanished node count too.
    const want = new Map(spec.nodes);
    const addOthers = (names: Iterable<string>): void => {
      if (spec.others !== undefined) for (const n of names) if (!want.has(n)) want.set(n, spec.others);
    };
    const nodeNames = function* (): Iterable<string> {
      for (const n of cluster.store.list('Node')) yield n.metadata.name;
    };
    addOthers(perNode.keys());
    if (spec.others !== undefined && spec.others > 0) addOthers(nodeNames());
    const have = (node: string): number => perNode.get(node)?.length ?? 0;
    const wrong = [...want.keys()].filter((node) => have(node) !== want.get(node)).sort();
    if (wrong.length > 0) {
      addOthers(nodeNames()); // "2 of 3 nodes" counts the nodes that are right too
      return notYet(mismatch(want, wrong, have, nouns));
    }
    if (spec.ready) {
      for (const [node, pods] of perNode) {
        if (!want.has(node)) continue;
        const unready = pods.find((p) => !isPodReady(p));
        if (unready) return notYet(`${unready.metadata.name} on ${node} is not Ready yet`);
      }
    }
    return PASS;
  },
  describe(spec) {
    const { one, many } = podNouns(spec.selector, spec.image);
    const parts = [...groupBy(spec.nodes.keys(), (node) => spec.nodes.get(node)!)].map(([n, nodes]) => `${countOf(n, one, many)} on ${nodes.length > 1 ? 'each of ' : ''}${listWords(nodes)}`);
    if (spec.others !== undefined) parts.push(`${spec.others === 0 ? 'none' : countOf(spec.others, one, many)} on any other node`);
    return `${parts.join('; ')}${spec.ready ? ', all Ready' : ''}`;
  },
};

/**
 * "2 of 3 nodes have 1 log-agent pod; node-2 has none" when every node should have the same
 * count, else each wrong node with what it has and should have.
 */
function mismatch(want: ReadonlyMap<string, number>, wrong: readonly string[], have: (node: string) => number, { one, many }: { one: string; many: string }): string {
  const counts = new Set(want.values());
  if (counts.size === 1) {
    const w = [...counts][0]!;
    const each = [...groupBy(wrong, have)].map(([n, nodes]) => `${listWords(nodes)} ${nodes.length === 1 ? 'has' : 'have'} ${n === 0 ? 'none' : n}`);
    return `${want.size - wrong.length} of ${want.size} nodes have ${countOf(w, one, many)}; ${each.join('; ')}`;
  }
  const each = wrong.map((node) => `${node} has ${countOf(have(node), one, many)}, should have ${want.get(node) === 0 ? 'none' : want.get(node)}`);
  return `${each.slice(0, 3).join('; ')}${each.length > 3 ? `; ${each.length - 3} more nodes are off too` : ''}`;
}

/** Nodes grouped by a count, in first-seen order. */
function groupBy(nodes: Iterable<string>, count: (node: string) => number): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const node of nodes) {
    const n = count(node);
    const list = out.get(n);
    if (list) list.push(node);
    else out.set(n, [node]);
  }
  return out;
}
