/**
 * The browser bench's page (bench-browser.ts bundles it for Chromium): the engine, kubectl and
 * `sim` as the page's worker runs them, and the functions the driver calls on
 * `everynodeBench`: `build`, which builds a fleet with the Node bench's own steps
 * (bench-fleet-steps.ts) in a new cluster (kept alive if asked) and returns the wall
 * milliseconds of each step, `rollout`, which times one of the Node bench's rolling updates
 * over a fleet it builds first, and `rewind`, which plays the Node bench's scrubbed hour and
 * times its rewinds.
 */
import { registerAllParts } from '../kubectl/parts/all.js';
import { createCluster, type Cluster } from '../sim/index.js';
import { ROLLOUTS, round, runFleetBuild, runRollout } from './bench-fleet-steps.js';
import { playHour, rewindAround } from './bench-rewind-steps.js';

/** Wall milliseconds of the four steps of a fleet build in the page, and their sum. */
export interface PageBuildTimes {
  readonly nodeAdd: number;
  readonly nodeSettle: number;
  readonly apply: number;
  readonly podSettle: number;
  readonly total: number;
}

/** Wall milliseconds of a rolling update in the page, template change to settled, and the virtual seconds it took. */
export interface PageRolloutTimes {
  readonly wallMs: number;
  readonly virtualSeconds: number;
}

/** The scrubbed hour in the page: the wall milliseconds of its build and of the hour, and of each rewind with the commands it replayed. */
export interface PageRewindTimes {
  readonly buildMs: number;
  readonly hourMs: number;
  readonly restoreMs: Record<string, number>;
  readonly replayed: Record<string, number>;
}

/** The names of the rolling updates the benches time. */
export type RolloutName = keyof typeof ROLLOUTS;

/**
 * The clusters `build` was asked to keep: alive for the page's life, as the Node bench's steady
 * build keeps its first fleet (freeing one drops the optimised code whose hidden classes died
 * with it).
 */
const kept: Cluster[] = [];

function build(nodes: number, keep = false): PageBuildTimes {
  const t0 = performance.now();
  const cluster = createCluster({ seed: 1 });
  const [t1, t2, t3, t4] = runFleetBuild(cluster, nodes, ['agent'], () => performance.now());
  if (keep) kept.push(cluster);
  return { nodeAdd: round(t1 - t0), nodeSettle: round(t2 - t1), apply: round(t3 - t2), podSettle: round(t4 - t3), total: round(t4 - t0) };
}

/** As the Node bench's `timeRollout`: the fleet keeps 200 passes of trace and has a subscriber, as the page's picture does. */
function rollout(name: RolloutName, nodes: number): PageRolloutTimes {
  const cluster = createCluster({ seed: 1, traceLimit: 200 });
  runFleetBuild(cluster, nodes, ['agent'], () => 0, ROLLOUTS[name]);
  cluster.subscribe(() => undefined);
  const t0 = performance.now();
  const virtualMs = runRollout(cluster, nodes);
  return { wallMs: round(performance.now() - t0), virtualSeconds: Math.round(virtualMs / 1000) };
}

/** As the Node bench's `measureRewind`, without its heap and CPU figures: the hour over `nodes` nodes, then its rewinds. */
function rewind(nodes: number): PageRewindTimes {
  const { session, hour, buildMs, hourMs } = playHour(nodes);
  const { restoreMs, replayed } = rewindAround(session, hour);
  return { buildMs, hourMs, restoreMs, replayed };
}

registerAllParts();
(globalThis as { everynodeBench?: unknown }).everynodeBench = { build, rollout, rewind };
