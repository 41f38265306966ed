/**
 * Property test over whole-cluster sequences: random node joins, taints, label
 * changes, template changes, readiness, kubelet terminations and pod failures, with the
 * DaemonSet invariants checked at quiescence after every step.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { DaemonSetSpec, Taint } from '../../../../src/sim/api/types.js';
import { nodeShouldRunDaemonPod } from '../../../../src/sim/controllers/daemonset/eligibility.js';
import { computeDaemonSetStatus } from '../../../../src/sim/controllers/daemonset/status.js';
import { getNodesToDaemonPods } from '../../../../src/sim/controllers/daemonset/node-pods.js';
import { allowsSurge } from '../../../../src/sim/controllers/daemonset/update-budget.js';
import { addNode, counters, createDs, dsSpec, finishTerminating, getDs, livePods, markAllReady, newCluster, podsOf, setLabels, setTaints, targetNode, updateTemplate } from './helpers.js';

const opArb = fc.oneof(
  fc.record({ op: fc.constant('addNode' as const), tier: fc.constantFrom('a', 'b') }),
  fc.record({ op: fc.constant('taint' as const), node: fc.nat(5), taint: fc.constantFrom<Taint[]>([], [{ key: 'k', effect: 'NoSchedule' }], [{ key: 'k', effect: 'NoExecute' }]) }),
  fc.record({ op: fc.constant('label' as const), node: fc.nat(5), tier: fc.constantFrom('a', 'b') }),
  fc.record({ op: fc.constant('template' as const), image: fc.constantFrom('v1', 'v2', 'v3') }),
  fc.constant({ op: 'ready' as const }),
  fc.constant({ op: 'finish' as const }),
  fc.record({ op: fc.constant('fail' as const), pod: fc.nat(5) }),
  fc.constant({ op: 'tick' as const }),
);

const strategyArb = fc.constantFrom<DaemonSetSpec['updateStrategy']>(
  { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
  { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '50%', maxSurge: 0 } },
  { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
  { type: 'OnDelete' },
);

describe('property: DaemonSet invariants hold at quiescence after every step of a random session', () => {
  it('one pod per eligible node, none where it may not continue, status equals a recount', () => {
    fc.assert(
      fc.property(strategyArb, fc.boolean(), fc.array(opArb, { maxLength: 12 }), (updateStrategy, selectA, ops) => {
        const { cluster } = newCluster();
        let nodes = 0;
        for (; nodes < 2; nodes++) addNode(cluster, `node-${nodes}`, { labels: { tier: 'a' } });
        const spec = dsSpec({ updateStrategy });
        createDs(cluster, 'agent', selectA ? { ...spec, template: { ...spec.template, spec: { ...spec.template.spec, nodeSelector: { tier: 'a' } } } } : spec);
        cluster.settle();
        for (const o of ops) {
          const name = (i: number) => `node-${i % nodes}`;
          switch (o.op) {
            case 'addNode':
              addNode(cluster, `node-${nodes++}`, { labels: { tier: o.tier } });
              break;
            case 'taint':
              setTaints(cluster, name(o.node), o.taint);
              break;
            case 'label':
              setLabels(cluster, name(o.node), { tier: o.tier });
              break;
            case 'template':
              updateTemplate(cluster, 'agent', `agent:${o.image}`);
              break;
            case 'ready':
              markAllReady(cluster, 'agent');
              break;
            case 'finish':
              finishTerminating(cluster, 'agent');
              break;
            case 'fail': {
              const pods = livePods(cluster, 'agent').filter((p) => p.spec.nodeName);
              const p = pods[o.pod % Math.max(1, pods.length)];
              if (p) cluster.api.updateStatus<'Pod'>({ ...p, status: { ...p.status, phase: 'Failed', conditions: [{ type: 'Ready', status: 'False' }] } });
              break;
            }
            case 'tick':
              cluster.advanceTo(cluster.now + 5_000);
              break;
          }
          cluster.settle();
          check();
        }
        function check(): void {
          const ds = getDs(cluster, 'agent');
          const hash = ds.status && [...cluster.store.list('ControllerRevision', 'default')].sort((a, b) => b.revision - a.revision)[0]!.metadata.labels!['controller-revision-hash']!;
          const owned = podsOf(cluster, 'agent');
          const map = getNodesToDaemonPods(owned, false);
          const surge = allowsSurge(ds);
          for (const n of cluster.store.list('Node')) {
            const v = nodeShouldRunDaemonPod(n, ds);
            const here = map.get(n.metadata.name) ?? [];
            const liveHere = here.filter((p) => !p.metadata.deletionTimestamp);
            const runningHere = liveHere.filter((p) => p.status.phase !== 'Failed' && p.status.phase !== 'Succeeded');
            if (!v.shouldContinueRunning) expect(liveHere.map((p) => p.metadata.name)).toEqual([]);
            if (v.shouldRun) expect(here.length).toBeGreaterThan(0);
            if (!surge) expect(runningHere.length).toBeLessThanOrEqual(1);
            else {
              expect(runningHere.filter((p) => p.metadata.labels?.['controller-revision-hash'] === hash).length).toBeLessThanOrEqual(1);
              expect(runningHere.filter((p) => p.metadata.labels?.['controller-revision-hash'] !== hash).length).toBeLessThanOrEqual(1);
            }
          }
          for (const p of owned) expect(cluster.store.get('Node', '', targetNode(p))).toBeDefined();
          expect(counters(ds)).toEqual(computeDaemonSetStatus(ds, cluster.store.list('Node'), map, hash, cluster.now));
          expect(ds.status.observedGeneration).toBe(ds.metadata.generation);
        }
      }),
      { numRuns: 60 },
    );
  });
});
