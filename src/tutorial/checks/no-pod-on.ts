/** `noPodOn`: no non-terminating pod matching the selector is bound to the node. */
import { isTerminating, podNouns, selectPods, type PodSelector } from '../cluster-query.js';
import { readNamespace, readSelector } from './fields.js';
import { notYet, PASS, type CheckBase, type CheckKind } from './types.js';
import { countOf, listWords } from './words.js';

export interface NoPodOnSpec extends CheckBase {
  readonly kind: 'noPodOn';
  readonly selector: PodSelector;
  readonly node: string;
}

export const noPodOn: CheckKind<NoPodOnSpec> = {
  kind: 'noPodOn',
  graded: true,
  parse(r, base) {
    const selector = readSelector(r, readNamespace(r));
    const node = r.string('node', true)?.value;
    if (!selector || node === undefined) return undefined;
    return { ...base, kind: 'noPodOn', selector, node };
  },
  evaluate(spec, { cluster }) {
    const left = selectPods(cluster.store, spec.selector, spec.node).filter((p) => !isTerminating(p));
    if (left.length === 0) return PASS;
    const { one, many } = podNouns(spec.selector);
    return notYet(`${spec.node} still runs ${countOf(left.length, one, many)} (${listWords(left.map((p) => p.metadata.name))}); it should run none`);
  },
  describe(spec) {
    return `no ${podNouns(spec.selector).one} on ${spec.node}`;
  },
};
