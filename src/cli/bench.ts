/**
 * `npm run bench`: how fast the engine is on big clusters. Not a test: it prints figures and
 * writes bench/results.json (milliseconds unless named).
 *
 * (a) statusSync: the DaemonSet controller's status computation (`updateDaemonSetStatus`) over
 *     1,000 and 10,000 nodes, with no affinity and with the six-expression NotIn node affinity,
 *     the workload of upstream's BenchmarkUpdateDaemonSetStatus (nodes labelled with hostname,
 *     zone and region; no pods; the same node objects every sync, as in a steady cluster).
 *     A steady cluster's node list is one array from sync to sync, whose verdicts are computed
 *     once; the `...NewNodeList` figures time a sync that gets a new list array every time
 *     (what follows any node change), where every node's memoised verdict is looked up again.
 * (b) rollout5000: a full rolling update of one DaemonSet over 5,000 nodes, from the template
 *     change to settled, wall time and virtual time; once with maxUnavailable 10%, once with
 *     maxSurge 10% and maxUnavailable 0.
 * (c) peakHeapMB: the largest heap seen during the runs.
 *
 * `npm run bench` first bundles this file with Vite, as the page's worker is bundled, and runs
 * the bundle with Node: the figures are those of the code a browser runs, not of the tsx
 * loader (whose keep-names wrappers cost about a tenth on the hot paths).
 *
 * Node runs it with `--expose-gc`, and each timed section starts after a full collection, so
 * the garbage of one run (a whole 5,000-node cluster) is not collected on the next run's clock:
 * a learner's page holds one cluster, not the previous benchmark's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import type { Affinity, DaemonSet, Node } from '../sim/api/types.js';
import { computeDaemonSetStatus, withDaemonSetDefaults } from '../sim/controllers/daemonset/index.js';
import { exec } from '../kubectl/exec.js';
import { createCluster } from '../sim/index.js';
import { EPOCH_MS } from '../sim/engine/time.js';

let peakHeap = 0;
function sampleHeap(): void {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}

/** A full collection before a timed section (a no-op when Node was not given --expose-gc). */
function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

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
  sampleHeap();
  batches.sort((a, b) => a - b);
  return round(batches[Math.floor(batches.length / 2)]!);
}

function run(cluster: ReturnType<typeof createCluster>, line: string, stdin?: string): void {
  const r = exec(cluster, line, stdin);
  if (r.exitCode !== 0) throw new Error(`${line}: ${r.stderr}`);
}

/** A 5,000-node rolling update from `set image` to settled. */
function timeRollout(rollingUpdate: string): { wallMs: number; virtualSeconds: number } {
  const cluster = createCluster({ seed: 1, traceLimit: 200 });
  cluster.subscribe(() => undefined);
  run(cluster, 'sim node add node-{0001..5000}');
  run(
    cluster,
    'kubectl apply -f -',
    `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  updateStrategy:
    type: RollingUpdate
    rollingUpdate: ${rollingUpdate}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: registry.example/agent:1.0
        resources:
          requests: {cpu: 50m, memory: 64Mi}
`,
  );
  run(cluster, 'sim settle --timeout=1h');
  sampleHeap();
  const ds = cluster.store.get('DaemonSet', 'default', 'agent')!;
  if (ds.status.numberAvailable !== 5000) throw new Error(`before the update only ${ds.status.numberAvailable} of 5000 pods are available`);
  collectGarbage();
  const v0 = cluster.now;
  const t0 = performance.now();
  run(cluster, 'kubectl set image ds/agent agent=registry.example/agent:1.1');
  const done = cluster.advanceUntil(() => {
    const d = cluster.store.get('DaemonSet', 'default', 'agent')!;
    return (d.status.observedGeneration ?? 0) >= (d.metadata.generation ?? 0) && d.status.updatedNumberScheduled === 5000 && d.status.numberAvailable === 5000;
  }, 24 * 3_600_000, sampleHeap);
  const wallMs = performance.now() - t0;
  if (!done) throw new Error(`the rollout (${rollingUpdate}) did not finish`);
  return { wallMs: round(wallMs), virtualSeconds: Math.round((cluster.now - v0) / 1000) };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function main(): void {
  const sizes = { nodes1000: 1000, nodes10000: 10_000 } as const;
  const statusSync = Object.fromEntries(
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
  console.log('status sync (ms per sync; steady node list / new node list array each sync):');
  for (const [key, n] of Object.entries(sizes)) {
    const r = statusSync[key]!;
    console.log(`  ${n.toLocaleString('en-US').padStart(6)} nodes  no affinity ${r.noAffinity} / ${r.noAffinityNewNodeList}   exclusion affinity ${r.exclusionAffinity} / ${r.exclusionAffinityNewNodeList}`);
  }
  const rollout5000 = {
    maxUnavailable10: timeRollout('{maxUnavailable: 10%}'),
    maxSurge10: timeRollout('{maxSurge: 10%, maxUnavailable: 0}'),
  };
  console.log('rolling update over 5,000 nodes (template change to settled):');
  console.log(`  maxUnavailable 10%            ${rollout5000.maxUnavailable10.wallMs} ms wall, ${rollout5000.maxUnavailable10.virtualSeconds} s virtual`);
  console.log(`  maxSurge 10%, maxUnavailable 0 ${rollout5000.maxSurge10.wallMs} ms wall, ${rollout5000.maxSurge10.virtualSeconds} s virtual`);
  const peakHeapMB = Math.round((peakHeap / 1048576) * 10) / 10;
  console.log(`peak heap: ${peakHeapMB} MB`);
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/results.json', `${JSON.stringify({ statusSync, rollout5000, peakHeapMB }, null, 2)}\n`);
  console.log('wrote bench/results.json');
}

main();
