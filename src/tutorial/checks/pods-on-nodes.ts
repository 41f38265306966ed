/**
 * `podsOnNodes`: how many non-terminating pods matching a selector run on each listed node
 * (`nodes: {node-1: 1}`), optionally every other node too (`others: 0`), only pods of one
 * image (`image:`, the first container's), and every counted pod Ready (`ready: true`).
 */
import { byNode, firstImage, isPodReady, isTerminating, podsNoun, selectPods, type PodSelector } from '../cluster-query.js';

import { readNamespace, readSelector } from './fields.js';
import { notYet, PASS, type CheckBase, type CheckKind } from './types.js';

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
    const noun = spec.image ? `${podsNoun(spec.selector)} of ${spec.image}` : podsNoun(spec.selector);
    const counted = selectPods(cluster.store, spec.selector).filter((p) => !isTerminating(p) && (spec.image === undefined || firstImage(p) === spec.image));
    const perNode = byNode(counted);
    for (const [node, want] of spec.nodes) {
      const have = perNode.get(node)?.length ?? 0;
      if (have !== want) return notYet(`${node} has ${have} ${noun}, want ${want}`);
    }
    if (spec.others !== undefined) {
      // Nodes without a pod matter only when others > 0; pods bound to a vanished node count too.
      const names = new Set(perNode.keys());
      if (spec.others > 0) for (const n of cluster.store.list('Node')) names.add(n.metadata.name);
      for (const node of [...names].sort()) {
        const have = perNode.get(node)?.length ?? 0;
        if (!spec.nodes.has(node) && have !== spec.others) return notYet(`${node} has ${have} ${noun}, want ${spec.others}`);
      }
    }
    if (spec.ready) {
      for (const [node, pods] of perNode) {
        if (!spec.nodes.has(node) && spec.others === undefined) continue;
        const unready = pods.find((p) => !isPodReady(p));
        if (unready) return notYet(`${unready.metadata.name} on ${node} is not Ready`);
      }
    }
    return PASS;
  },
};

