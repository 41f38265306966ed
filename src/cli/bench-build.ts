/**
 * `build5000`: 5,000 nodes and one DaemonSet from an empty cluster to settled, the way a learner
 * builds a fleet: `sim node add node-{1..5000}`, settle, apply, settle.
 *
 * warm: in the bench process after a 300-node build has warmed the JIT, as on a page that has
 *   already run something.
 * steady: after the warm build, a 5,000-node build whose cluster stays alive, then the timed
 *   one: what the engine costs once V8 has settled on a fleet, without the compiling and the
 *   young-generation copying that the warm build still pays for (docs/performance.md, stop 36),
 *   so a change to the engine shows here even when the warm build's swings hide it.
 * cold: the first thing a fresh Node process does with the bundled engine, as a new page's
 *   worker would; the child is this same bundle started with `--build5000-cold`, and it prints
 *   its figures as one JSON line.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createCluster, type Cluster, type CreateClusterOptions } from '../sim/index.js';
import { collectGarbage, gcPauses } from './bench-harness.js';
import { round, runFleetBuild } from './bench-fleet-steps.js';

/** Wall milliseconds of each step of a fleet build, and their sum. */
export interface BuildTimes {
  readonly nodeAdd: number;
  readonly nodeSettle: number;
  readonly apply: number;
  readonly podSettle: number;
  readonly total: number;
  /** CPU milliseconds of the whole build (user and system, GC threads included): steadier than wall time on a shared machine. */
  readonly cpu: number;
  /** Milliseconds of the wall time the main thread spent collecting garbage (`gcPauses`). */
  readonly gc: number;
}

/**
 * Builds `nodes` nodes and the DaemonSets named, settled, in a cluster made as the page makes
 * it (seed 1 and `opts`); returns the cluster and its times.
 */
export function buildFleet(
  nodes: number,
  daemonSets: readonly string[],
  opts: CreateClusterOptions = {},
  rollingUpdate?: string,
): { cluster: Cluster; times: BuildTimes } {
  const gc = gcPauses();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const cluster = createCluster({ seed: 1, ...opts });
  const [t1, t2, t3, t4] = runFleetBuild(cluster, nodes, daemonSets, () => performance.now(), rollingUpdate);
  const times = { nodeAdd: round(t1 - t0), nodeSettle: round(t2 - t1), apply: round(t3 - t2), podSettle: round(t4 - t3), total: round(t4 - t0), cpu: cpuMs(cpu0), gc: gc.stop() };
  return { cluster, times };
}

/** CPU milliseconds (user and system, GC threads included) since `since` (a `process.cpuUsage()`). */
export function cpuMs(since: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(since);
  return round((d.user + d.system) / 1000);
}

/** The warm build: a 300-node warm-up, then 5,000 nodes. */
export function timeBuild5000Warm(): BuildTimes {
  buildFleet(300, ['agent']);
  collectGarbage();
  return buildFleet(5000, ['agent']).times;
}

/**
 * The steady build, run after the warm one: a 5,000-node build whose cluster stays alive
 * (freeing a fleet drops the optimised code whose hidden classes died with it, and the next
 * build compiles it again), a full collection, then the timed build.
 */
export function timeBuild5000Steady(): BuildTimes {
  const kept = buildFleet(5000, ['agent']).cluster;
  collectGarbage();
  const times = buildFleet(5000, ['agent']).times;
  // Read after the timed build, so the kept cluster is alive throughout it.
  if (kept.store.count('Node') !== 5000) throw new Error('the kept fleet lost its nodes');
  return times;
}

/** The flag that makes this bundle run only the cold build and print its times. */
export const COLD_FLAG = '--build5000-cold';

/** The cold build, in a child Node process running `bundle` (this bench's own bundle). */
export function timeBuild5000Cold(bundle: string): BuildTimes {
  const r = spawnSync(process.execPath, ['--expose-gc', bundle, COLD_FLAG], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`the cold build failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as BuildTimes;
}

/** The child's side of the cold build. */
export function printColdBuild(): void {
  process.stdout.write(`${JSON.stringify(buildFleet(5000, ['agent']).times)}\n`);
}
