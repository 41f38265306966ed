/**
 * `rollout5000`: a full rolling update of one DaemonSet over 5,000 nodes, from the template change
 * to settled: wall time, CPU time (steadier than wall time on a shared machine), the garbage collector's share of the wall time and virtual time. The cluster keeps the last 200 passes of trace and has
 * a subscriber, as the page's picture does.
 */
import { performance } from 'node:perf_hooks';
import { buildFleet, cpuMs } from './bench-build.js';
import { collectGarbage, gcPauses, round, run } from './bench-harness.js';

export interface RolloutFigures {
  readonly wallMs: number;
  /** CPU milliseconds of the rollout (user and system, GC threads included). */
  readonly cpuMs: number;
  /** Milliseconds of the wall time the main thread spent collecting garbage. */
  readonly gcMs: number;
  readonly virtualSeconds: number;
}

/** A 5,000-node rolling update from `set image` to settled; `onStep` runs after every instant. */
export function timeRollout(rollingUpdate: string, onStep: () => void): RolloutFigures {
  const { cluster } = buildFleet(5000, ['agent'], { traceLimit: 200 }, rollingUpdate);
  cluster.subscribe(() => undefined);
  collectGarbage();
  const v0 = cluster.now;
  const gc = gcPauses();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  run(cluster, 'kubectl set image ds/agent agent=registry.example/agent:1.1');
  const done = cluster.advanceUntil(
    () => {
      const d = cluster.store.get('DaemonSet', 'default', 'agent')!;
      return (d.status.observedGeneration ?? 0) >= (d.metadata.generation ?? 0) && d.status.updatedNumberScheduled === 5000 && d.status.numberAvailable === 5000;
    },
    24 * 3_600_000,
    onStep,
  );
  const wallMs = performance.now() - t0;
  const cpu = cpuMs(cpu0);
  const gcMs = gc.stop();
  if (!done) throw new Error(`the rollout (${rollingUpdate}) did not finish`);
  return { wallMs: round(wallMs), cpuMs: cpu, gcMs, virtualSeconds: Math.round((cluster.now - v0) / 1000) };
}
