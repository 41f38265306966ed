/**
 * `rollout5000`: a full rolling update of one DaemonSet over 5,000 nodes, from the template change
 * to settled: wall time, CPU time (steadier than wall time on a shared machine), the garbage collector's share of the wall time and virtual time. The cluster keeps the last 200 passes of trace and has
 * a subscriber, as the page's picture does.
 */
import { performance } from 'node:perf_hooks';
import { buildFleet, cpuMs } from './bench-build.js';
import { collectGarbage, gcPauses } from './bench-harness.js';
import { round, runRollout } from './bench-fleet-steps.js';

export interface RolloutFigures {
  readonly wallMs: number;
  /** CPU milliseconds of the rollout (user and system, GC threads included). */
  readonly cpuMs: number;
  /** Milliseconds of the wall time the main thread spent collecting garbage. */
  readonly gcMs: number;
  readonly virtualSeconds: number;
}

/** A 5,000-node rolling update (`rollingUpdate`, one of bench-fleet-steps' ROLLOUTS) from `set image` to settled; `onStep` runs after every instant. */
export function timeRollout(rollingUpdate: string, onStep: () => void): RolloutFigures {
  const { cluster } = buildFleet(5000, ['agent'], { traceLimit: 200 }, rollingUpdate);
  cluster.subscribe(() => undefined);
  collectGarbage();
  const gc = gcPauses();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const virtualMs = runRollout(cluster, 5000, onStep);
  const wallMs = performance.now() - t0;
  return { wallMs: round(wallMs), cpuMs: cpuMs(cpu0), gcMs: gc.stop(), virtualSeconds: Math.round(virtualMs / 1000) };
}
