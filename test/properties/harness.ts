/**
 * Running one random scenario on a fresh cluster with the invariant checks attached, and turning
 * a broken invariant into an error that carries the replayable script.
 */
import fc from 'fast-check';
import { createCluster } from '../../src/sim/index.js';
import { Driver, scriptText, type Ran } from './driver.js';
import { scenarioArb, type Scenario, type StrategySpec } from './generators.js';
import { convergenceProblem, stalePods, statusMismatch } from './checks.js';
import { InvariantMonitor, type MonitorOptions } from './monitor.js';

export interface RunOptions {
  readonly monitor?: MonitorOptions;
  /**
   * Invariant 4b after every command: how far numberAvailable may lag the recount (ms).
   * Undefined: not checked. Upstream bounds the lag by 1 s; the engine's
   * dropped delayed requeues make it longer (reported; see the test file).
   */
  readonly statusAvailableLagMs?: number;
  /** Invariant 5: heal, settle, check convergence. */
  readonly converge?: boolean;
  /** The cluster seed (`createCluster({seed})`, `--seed` of `npx everynode run`). */
  readonly seed?: number;
  readonly maxNodes?: number;
}

export interface RunResult {
  readonly driver: Driver;
  readonly monitor: InvariantMonitor;
  readonly problem: string | undefined;
}

class Stop extends Error {}

/** Runs a scenario on a fresh cluster; stops at the first broken invariant. */
export function runScenario(s: Scenario, opts: RunOptions = {}): RunResult {
  const cluster = createCluster({ seed: opts.seed ?? 1 });
  const monitor = new InvariantMonitor(cluster, opts.monitor ?? {});
  let problem: string | undefined;
  const lag = opts.statusAvailableLagMs;
  const after = (step: Ran): void => {
    problem ??= monitor.violation ?? (lag !== undefined ? statusMismatch(cluster, monitor.maybeStale, lag) : undefined);
    if (problem !== undefined) throw new Stop(`after "${step.line}"`);
  };
  const driver = new Driver(cluster, opts.maxNodes ?? 8, s.daemonSets.length, after);
  try {
    driver.scenario(s);
    if (opts.converge) {
      driver.heal(() => stalePods(cluster));
      problem = convergenceProblem(cluster);
    }
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  return { driver, monitor, problem };
}

/** The property body: no problem, or an error carrying the script that shows it. */
export function holds(s: Scenario, opts: RunOptions = {}): void {
  const { driver, problem } = runScenario(s, opts);
  if (problem !== undefined) {
    throw new Error(`${problem}\n--- script (npx everynode run - --seed ${opts.seed ?? 1}) ---\n${scriptText(driver.ran)}\n---`);
  }
}

/**
 * Scenarios of up to `maxActions` random steps whose DaemonSets all start with one kind of
 * strategy (later steps may still change it). The defaults keep a history within 25 commands.
 */
export function scenarios(kind: 'surge' | 'unavailable' | 'any', maxActions = 17, maxInitialNodes = 5): fc.Arbitrary<Scenario> {
  const base = scenarioArb({ maxActions, maxInitialNodes });
  if (kind === 'any') return base;
  const pick: fc.Arbitrary<StrategySpec> =
    kind === 'surge'
      ? fc.constantFrom<number | string>(1, 2, '30%', '100%').map((ms) => ({ type: 'RollingUpdate', maxUnavailable: 0, maxSurge: ms }))
      : fc.constantFrom<number | string>(1, 2, '25%', '50%').map((mu) => ({ type: 'RollingUpdate', maxUnavailable: mu, maxSurge: 0 }));
  return fc
    .tuple(base, fc.array(pick, { minLength: 2, maxLength: 2 }))
    .map(([s, strategies]) => ({ ...s, daemonSets: s.daemonSets.map((d, i) => ({ ...d, strategy: strategies[i]! })) }));
}
