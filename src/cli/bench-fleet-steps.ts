/**
 * The fleet build the benches time, with nothing of Node in it: the Node bench (bench-build.ts)
 * and the browser bench (bench-browser-page.ts) run the very same lines, step by step.
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
    for (const { line, stdin } of step) {
      const r = exec(cluster, line, stdin);
      if (r.exitCode !== 0) throw new Error(`${line}: ${r.stderr}`);
    }
    ends.push(now());
  }
  for (const name of daemonSets) {
    const available = cluster.store.get('DaemonSet', 'default', name)?.status.numberAvailable;
    if (available !== nodes) throw new Error(`${name}: only ${available} of ${nodes} pods are available`);
  }
  return ends as [number, number, number, number];
}
