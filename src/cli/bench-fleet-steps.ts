/**
 * The fleet build and the rolling updates the benches time, with nothing of Node in it: the Node
 * bench (bench-build.ts, bench-rollout.ts) and the browser bench (bench-browser-page.ts) run the
 * very same lines, step by step, and round their figures alike.
 */
import { exec } from '../kubectl/exec.js';
import type { Cluster } from '../sim/index.js';

/** A DaemonSet named `name` running one container with small requests, as a fleet agent does. */
export function agentDaemonSet(name: string, rollingUpdate = '{maxUnavailable: 1}'): string {
  return `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ${name}
spec:
  selector:
    matchLabels: {app: ${name}}
  updateStrategy:
    type: RollingUpdate
    rollingUpdate: ${rollingUpdate}
  template:
    metadata:
      labels: {app: ${name}}
    spec:
      containers:
      - name: ${name}
        image: registry.example/${name}:1.0
        resources:
          requests: {cpu: 50m, memory: 64Mi}
`;
}

/** Milliseconds to three decimals. */
export function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/**
 * How many times each fleet build is timed, each in a fresh process or page: one build's wall
 * time swings by a tenth from run to run on a shared two-core machine (the JIT's compile threads
 * and the collector contend with the engine for the cores), so the figure is the median run.
 */
export const BUILD_RUNS = 5;

/**
 * The median of `runs` by total (of an even number, the slower of the two middle ones): a whole
 * run, so that its steps add up to the figure; and every run's total, in the order run.
 */
export function medianRun<T extends { readonly total: number }>(runs: readonly T[]): { median: T; totals: number[] } {
  if (runs.length === 0) throw new Error('no runs to take the median of');
  const sorted = [...runs].sort((a, b) => a.total - b.total);
  return { median: sorted[sorted.length >> 1]!, totals: runs.map((r) => r.total) };
}

/** Runs one command line in `cluster`; throws with its standard error unless it succeeded. */
export function run(cluster: Cluster, line: string, stdin?: string): void {
  const r = exec(cluster, line, stdin);
  if (r.exitCode !== 0) throw new Error(`${line}: ${r.stderr}`);
}

/** One command line and its standard input. */
export interface BenchLine {
  readonly line: string;
  readonly stdin?: string;
}

/**
 * The four timed steps of a fleet build, as a learner types them: `sim node add` of every node
 * at once, settle, apply each DaemonSet, settle.
 */
export function fleetBuildSteps(nodes: number, daemonSets: readonly string[], rollingUpdate?: string): readonly (readonly BenchLine[])[] {
  return [
    nodes > 0 ? [{ line: `sim node add node-{1..${nodes}}` }] : [],
    [{ line: 'sim settle' }],
    daemonSets.map((name) => ({ line: 'kubectl apply -f -', stdin: agentDaemonSet(name, rollingUpdate) })),
    [{ line: 'sim settle --timeout=1h' }],
  ];
}

/**
 * Runs the fleet build's steps in `cluster` (each line must succeed) and returns when each step
 * ended, by `now`; throws unless every DaemonSet then has an available pod on every node.
 */
export function runFleetBuild(cluster: Cluster, nodes: number, daemonSets: readonly string[], now: () => number, rollingUpdate?: string): [number, number, number, number] {
  const ends: number[] = [];
  for (const step of fleetBuildSteps(nodes, daemonSets, rollingUpdate)) {
    for (const { line, stdin } of step) run(cluster, line, stdin);
    ends.push(now());
  }
  for (const name of daemonSets) {
    const available = cluster.store.get('DaemonSet', 'default', name)?.status.numberAvailable;
    if (available !== nodes) throw new Error(`${name}: only ${available} of ${nodes} pods are available`);
  }
  return ends as [number, number, number, number];
}

/** The two rolling updates the benches time, by the figure's name: the `rollingUpdate` each DaemonSet is built with. */
export const ROLLOUTS = {
  maxUnavailable10: '{maxUnavailable: 10%}',
  maxSurge10: '{maxSurge: 10%, maxUnavailable: 0}',
} as const;

/**
 * Changes the image of the fleet's DaemonSet `agent` and runs `cluster` until the rollout is done
 * on all `nodes` nodes (every pod updated and available), calling `onStep` after every instant;
 * returns the virtual milliseconds it took, or throws if a virtual day was not enough.
 */
export function runRollout(cluster: Cluster, nodes: number, onStep: () => void = () => undefined): number {
  const v0 = cluster.now;
  run(cluster, 'kubectl set image ds/agent agent=registry.example/agent:1.1');
  const done = cluster.advanceUntil(
    () => {
      const d = cluster.store.get('DaemonSet', 'default', 'agent')!;
      return (d.status.observedGeneration ?? 0) >= (d.metadata.generation ?? 0) && d.status.updatedNumberScheduled === nodes && d.status.numberAvailable === nodes;
    },
    24 * 3_600_000,
    onStep,
  );
  if (!done) throw new Error(`the rollout over ${nodes} nodes did not finish within a virtual day`);
  return cluster.now - v0;
}
