/**
 * `build5000`: 5,000 nodes and one DaemonSet from an empty cluster to settled, the way a learner
 * builds a fleet: `sim node add node-{1..5000}`, settle, apply, settle.
 *
 * warm: after a 300-node build has warmed the JIT, as on a page that has already run something.
 * cold: the first thing a fresh Node process does with the bundled engine, as a new page's
 *   worker would.
 *   Each is timed `BUILD_RUNS` times, each time in a fresh child process (this same bundle,
 *   started with `--build5000-warm` or `--build5000-cold`, printing its times as one JSON line),
 *   and the figure is the median run: one run swings by a tenth on this machine, and in a fresh
 *   process it does not depend on what the bench ran before it.
 * steady: a 300-node warm-up, a 5,000-node build whose cluster stays alive, then the timed one:
 *   what the engine costs once V8 has settled on a fleet, without the compiling and the
 *   young-generation copying that the warm build still pays for (docs/performance.md, stop 36),
 *   so a change to the engine shows here even when the warm build's swings hide it.
 */
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { createCluster, type Cluster, type CreateClusterOptions } from '../sim/index.js';
import { collectGarbage, gcPauses } from './bench-harness.js';
import { BUILD_RUNS, medianRun, round, runFleetBuild } from './bench-fleet-steps.js';

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

/** The medians of the warm and cold builds (`BUILD_RUNS` fresh processes each), and every run's total. */
export interface TimedBuilds {
  readonly median: BuildTimes;
  readonly totals: number[];
}

/** The warm build: a 300-node warm-up, then 5,000 nodes. */
function warmBuild(): BuildTimes {
  buildFleet(300, ['agent']);
  collectGarbage();
  return buildFleet(5000, ['agent']).times;
}

/** The cold build: 5,000 nodes, first thing. */
function coldBuild(): BuildTimes {
  return buildFleet(5000, ['agent']).times;
}

/**
 * The steady build: a 300-node warm-up, a 5,000-node build whose cluster stays alive (freeing a
 * fleet drops the optimised code whose hidden classes died with it, and the next build compiles
 * it again), a full collection, then the timed build.
 */
export function timeBuild5000Steady(): BuildTimes {
  buildFleet(300, ['agent']);
  const kept = buildFleet(5000, ['agent']).cluster;
  collectGarbage();
  const times = buildFleet(5000, ['agent']).times;
  // Read after the timed build, so the kept cluster is alive throughout it.
  if (kept.store.count('Node') !== 5000) throw new Error('the kept fleet lost its nodes');
  return times;
}

/** The flags that make this bundle run only one warm or cold build and print its times. */
export const BUILD_FLAGS = { warm: '--build5000-warm', cold: '--build5000-cold' } as const;

/** The warm or cold build, `BUILD_RUNS` times, each in a child Node process running `bundle` (this bench's own bundle). */
export function timeBuild5000(kind: keyof typeof BUILD_FLAGS, bundle: string): TimedBuilds {
  const runs: BuildTimes[] = [];
  for (let i = 0; i < BUILD_RUNS; i++) {
    const r = spawnSync(process.execPath, ['--expose-gc', bundle, BUILD_FLAGS[kind]], { encoding: 'utf8', maxBuffer: 1 << 20 });
    if (r.status !== 0) throw new Error(`the ${kind} build failed: ${r.stderr}`);
    runs.push(JSON.parse(r.stdout) as BuildTimes);
  }
  return medianRun(runs);
}

/** The child's side: the build a flag in `argv` names, its times printed as one JSON line; false when none does. */
export function printBuild(argv: readonly string[]): boolean {
  const build = argv.includes(BUILD_FLAGS.warm) ? warmBuild : argv.includes(BUILD_FLAGS.cold) ? coldBuild : undefined;
  if (build === undefined) return false;
  process.stdout.write(`${JSON.stringify(build())}\n`);
  return true;
}
