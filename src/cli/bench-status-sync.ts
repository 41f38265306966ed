/**
 * `statusSync`: the DaemonSet controller's status computation (`updateDaemonSetStatus`) over
 * 1,000 and 10,000 nodes, with no affinity and with the six-expression NotIn node affinity, the
 * workload of upstream's BenchmarkUpdateDaemonSetStatus (nodes labelled with hostname, zone and
 * region; no pods; the same node objects every sync, as in a steady cluster).
 *
 * A steady cluster's node list is one array from sync to sync, whose verdicts are computed once;
 * the `...NewNodeList` figures time a sync that gets a new list array every time (what follows
 * any node change), where every node's memoised verdict is looked up again.
 */
import { performance } from 'node:perf_hooks';
import type { Affinity, DaemonSet, Node } from '../sim/api/types.js';
import { computeDaemonSetStatus, withDaemonSetDefaults } from '../sim/controllers/daemonset/index.js';
import { EPOCH_MS } from '../sim/engine/time.js';
import { collectGarbage } from './bench-harness.js';
import { round } from './bench-fleet-steps.js';

/** The affinity of upstream's `exclusionNodeAffinity`: one term, six NotIn expressions. */
const EXCLUSION_AFFINITY: Affinity = {
  nodeAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [
        {
          matchExpressions: [
            { key: 'example.com/papaya', operator: 'NotIn', values: ['true'] },
            { key: 'example.com/kumquat', operator: 'NotIn', values: ['true'] },
            { key: 'quince', operator: 'NotIn', values: ['dragonfruit'] },
            { key: 'lychee', operator: 'NotIn', values: ['rambutan'] },
            { key: 'example.com/durian', operator: 'NotIn', values: ['mangosteen', 'tamarind', 'persimmon'] },
            { key: 'example.com/guava', operator: 'NotIn', values: ['starfruit'] },
          ],
        },
      ],
    },
  },
};

function benchNodes(n: number): Node[] {
  const nodes: Node[] = [];
  for (let i = 0; i < n; i++) {
    const name = `node-${i}`;
    nodes.push({
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        name,
        uid: `uid-${i}`,
        resourceVersion: '1',
        creationTimestamp: '2026-01-01T00:00:00Z',
        labels: { 'kubernetes.io/hostname': name, 'topology.kubernetes.io/zone': `zone-${i % 3}`, 'topology.kubernetes.io/region': 'region-1' },
      },
      spec: {},
      status: { allocatable: { cpu: '4', memory: '8Gi', pods: '110' } },
    });
  }
  return nodes;
}

function benchDaemonSet(affinity?: Affinity): DaemonSet {
  return withDaemonSetDefaults({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'bench', namespace: 'default', uid: 'bench-uid', resourceVersion: '1', creationTimestamp: '2026-01-01T00:00:00Z', generation: 1 },
    spec: {
      selector: { matchLabels: { name: 'bench' } },
      template: {
        metadata: { labels: { name: 'bench' } },
        spec: { containers: [{ name: 'foo', image: 'foo/bar' }], ...(affinity ? { affinity } : {}) },
      },
    },
    status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 },
  });
}

/** Milliseconds per status sync: the median of several timed batches after a warm-up. */
function timeStatusSync(nodes: number, affinity: Affinity | undefined, newListEachSync: boolean): number {
  const nodeList = benchNodes(nodes);
  const ds = benchDaemonSet(affinity);
  const empty = new Map();
  const sync = () => computeDaemonSetStatus(ds, newListEachSync ? [...nodeList] : nodeList, empty, 'hash', EPOCH_MS);
  const first = sync();
  if (first.desiredNumberScheduled !== nodes) throw new Error(`status sync counted ${first.desiredNumberScheduled} desired of ${nodes}`);
  for (let i = 0; i < 50; i++) sync();
  collectGarbage();
  const batches: number[] = [];
  const perBatch = nodes >= 10_000 ? 50 : 500;
  for (let b = 0; b < 15; b++) {
    const t0 = performance.now();
    for (let i = 0; i < perBatch; i++) sync();
    batches.push((performance.now() - t0) / perBatch);
  }
  batches.sort((a, b) => a - b);
  return round(batches[Math.floor(batches.length / 2)]!);
}

/** Every statusSync figure, by cluster size. */
export function measureStatusSync(): Record<string, Record<string, number>> {
  const sizes = { nodes1000: 1000, nodes10000: 10_000 } as const;
  return Object.fromEntries(
    Object.entries(sizes).map(([key, n]) => [
      key,
      {
        noAffinity: timeStatusSync(n, undefined, false),
        exclusionAffinity: timeStatusSync(n, EXCLUSION_AFFINITY, false),
        noAffinityNewNodeList: timeStatusSync(n, undefined, true),
        exclusionAffinityNewNodeList: timeStatusSync(n, EXCLUSION_AFFINITY, true),
      },
    ]),
  );
}
