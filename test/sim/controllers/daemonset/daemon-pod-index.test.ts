import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Pod } from '../../../../src/sim/api/types.js';
import { compileLabelSelector } from '../../../../src/sim/api/labels.js';
import { Store, controllerUid } from '../../../../src/sim/store/store.js';
import { DaemonPodIndex } from '../../../../src/sim/controllers/daemonset/daemon-pod-index.js';
import { getNodesToDaemonPods } from '../../../../src/sim/controllers/daemonset/node-pods.js';
import { daemonSet, pod } from './fixtures.js';

const change = fc.record({
  pod: fc.nat(7),
  kind: fc.constantFrom('put', 'remove', 'relabel', 'disown', 'own', 'terminal', 'deleting', 'bind', 'otherNs'),
  node: fc.constantFrom('a', 'b', 'c'),
});

describe('DaemonPodIndex: the incrementally kept node -> pods map equals a fresh getNodesToDaemonPods', () => {
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
        }
      }),
      { numRuns: 200 },
    );
  });
});
