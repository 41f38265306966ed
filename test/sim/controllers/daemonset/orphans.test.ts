import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from '../../../../src/sim/api/types.js';
import { Store, controllerUid } from '../../../../src/sim/store/store.js';
import { DaemonSetsController } from '../../../../src/sim/controllers/daemonset/controller.js';
import { pod } from './fixtures.js';

/** The orphans a controller derived, by namespace, in its order. */
function orphansOf(c: DaemonSetsController): [string, string[]][] {
  const orphans = (c as unknown as { orphans: Map<string, Map<string, Pod>> }).orphans;
  return [...orphans].map(([ns, m]) => [ns, [...m.keys()]]);
}

/** The orphans `Store.list` gives, by namespace in list order. */
function listed(store: Store): [string, string[]][] {
  const out = new Map<string, string[]>();
  for (const p of store.list('Pod')) {
    if (controllerUid(p) !== undefined) continue;
    const ns = p.metadata.namespace ?? '';
    const names = out.get(ns) ?? [];
    names.push(p.metadata.name);
    out.set(ns, names);
  }
  return [...out];
}

describe('DaemonSetsController orphans, rebuilt on restore', () => {
  it('are the pods without a controller in `namespace/name` order, whatever order they were stored in', () => {
    const entry = fc.record({ name: fc.stringMatching(/^[a-z][a-z0-9.-]{0,6}$/), ns: fc.constantFrom('default', 'kube-system', 'a', 'a-b', 'b'), owned: fc.boolean() });
    fc.assert(
      fc.property(fc.uniqueArray(entry, { selector: (e) => `${e.ns}/${e.name}`, maxLength: 30 }), (entries) => {
        const store = new Store();
        for (const e of entries) {
          const p = pod(e.name, 'node-a');
          store.put({ ...p, metadata: { ...p.metadata, namespace: e.ns, ...(e.owned ? {} : { ownerReferences: undefined }) } });
        }
        const c = new DaemonSetsController(store);
        const want = listed(store);
        expect(orphansOf(c)).toEqual(want);
        c.restore(c.snapshot());
        expect(orphansOf(c)).toEqual(want);
        expect(want.flatMap(([, names]) => names)).toHaveLength(entries.filter((e) => !e.owned).length);
      }),
    );
  });
});
