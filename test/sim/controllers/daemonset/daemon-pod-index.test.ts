import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from '../../../../src/sim/api/types.js';
import { compileLabelSelector } from '../../../../src/sim/api/labels.js';
import { Store, controllerUid } from '../../../../src/sim/store/store.js';
import { DaemonPodIndex } from '../../../../src/sim/controllers/daemonset/daemon-pod-index.js';
import { getNodesToDaemonPods } from '../../../../src/sim/controllers/daemonset/node-pods.js';
import { alignedPods, TrackedNodePods } from '../../../../src/sim/controllers/daemonset/aligned-pods.js';
import { daemonSet, node, pod } from './fixtures.js';

/** Two node lists a sync may see: one without node c (whose pods are then on a missing node). */
const NODE_LISTS = [[node('a'), node('b')], [node('a'), node('b'), node('c')]];

const change = fc.record({
  pod: fc.nat(7),
  kind: fc.constantFrom('put', 'remove', 'relabel', 'disown', 'own', 'terminal', 'deleting', 'bind', 'otherNs'),
  node: fc.constantFrom('a', 'b', 'c'),
  nodeList: fc.constantFrom(0, 1),
});

describe('DaemonPodIndex: the incrementally kept node -> pods map (and its view by node position) equals a fresh getNodesToDaemonPods', () => {
  it('after every change of a random sequence (owner, labels, deletion, phase, binding, namespace)', () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 40 }), fc.boolean(), (changes, buildFirst) => {
        const store = new Store();
        const ds = daemonSet();
        const matches = compileLabelSelector(ds.spec.selector);
        let index: DaemonPodIndex | undefined = buildFirst ? new DaemonPodIndex(ds, matches, store) : undefined;
        store.watch((c) => index?.apply(c));
        let rv = 1;
        const put = (p: Pod) => store.put({ ...p, metadata: { ...p.metadata, resourceVersion: String(++rv) } });
        for (const c of changes) {
          const name = `p${c.pod}`;
          const cur = store.get('Pod', 'default', name) ?? store.get('Pod', 'other', name);
          switch (c.kind) {
            case 'put':
              if (!cur) put(pod(name, c.node, { bound: false }));
              break;
            case 'remove':
              if (cur) store.remove('Pod', cur.metadata.namespace!, name);
              break;
            case 'relabel':
              if (cur) put({ ...cur, metadata: { ...cur.metadata, labels: cur.metadata.labels?.app === 'agent' ? { app: 'other' } : { app: 'agent' } } });
              break;
            case 'disown':
              if (cur) put({ ...cur, metadata: { ...cur.metadata, ownerReferences: undefined } });
              break;
            case 'own':
              if (cur) put({ ...cur, metadata: { ...cur.metadata, ownerReferences: pod('x', 'a').metadata.ownerReferences } });
              break;
            case 'terminal':
              if (cur) put({ ...cur, status: { ...cur.status, phase: 'Failed' } });
              break;
            case 'deleting':
              if (cur) put({ ...cur, metadata: { ...cur.metadata, deletionTimestamp: '2026-01-01T00:01:00Z' } });
              break;
            case 'bind':
              if (cur) put({ ...cur, spec: { ...cur.spec, nodeName: c.node } });
              break;
            case 'otherNs':
              if (!cur) put({ ...pod(name, c.node), metadata: { ...pod(name, c.node).metadata, namespace: 'other' } });
              break;
          }
          if (!index) index = new DaemonPodIndex(ds, matches, store);
          const claimed = store.list('Pod', 'default').filter((p) => controllerUid(p) === 'ds-uid' && matches(p.metadata.labels));
          const norm = (m: Map<string, Pod[]>) => [...m].map(([n, ps]) => [n, ps.map((p) => p.metadata.resourceVersion)]).sort();
          expect(norm(index.map(true))).toEqual(norm(getNodesToDaemonPods(claimed, true)));
          expect(norm(index.map(false))).toEqual(norm(getNodesToDaemonPods(claimed, false)));
          expect(index.claimed().map((p) => p.metadata.name).sort()).toEqual(claimed.map((p) => p.metadata.name).sort());
          const unmatched = store.list('Pod', 'default').filter((p) => controllerUid(p) === 'ds-uid' && !matches(p.metadata.labels));
          expect([...index.unmatched()].map((p) => p.metadata.name).sort()).toEqual(unmatched.map((p) => p.metadata.name).sort());
          // The view by node position, patched from the changes since the last call, equals a
          // fresh one.
          const nodes = NODE_LISTS[c.nodeList]!;
          const map = index.map(false);
          const view = alignedPods(nodes, map);
          const fresh = nodes.map((n) => map.get(n.metadata.name));
          expect(nodes.map((_, i) => view.lists[i])).toEqual(fresh);
          expect(view.listed).toBe(fresh.filter((l) => l !== undefined).length);
          // Each node's slot holds the map's list, and no change is left pending once a map
          // with lists is aligned.
          const tracked = index.map(true) as TrackedNodePods;
          if (map === tracked && tracked.size > 0) expect(tracked.changed).toEqual([]);
          for (const n of ['a', 'b', 'c']) expect(tracked.slot(n).pods).toBe(tracked.get(n));
        }
      }),
      { numRuns: 200 },
    );
  });
});
