/**
 * The browser bench's page (bench-browser.ts bundles it for Chromium): the engine, kubectl and
 * `sim` as the page's worker runs them, and one function the driver calls, `everynodeBench.build`,
 * which builds a fleet with the Node bench's own steps (bench-fleet-steps.ts) in a new cluster
 * and returns the wall milliseconds of each step.
 */
import { registerAllParts } from '../kubectl/parts/all.js';
import { createCluster } from '../sim/index.js';
import { runFleetBuild } from './bench-fleet-steps.js';

/** Wall milliseconds of the four steps of a fleet build in the page, and their sum. */
export interface PageBuildTimes {
  readonly nodeAdd: number;
  readonly nodeSettle: number;
  readonly apply: number;
  readonly podSettle: number;
  readonly total: number;
}

function build(nodes: number): PageBuildTimes {
  const t0 = performance.now();
  const [t1, t2, t3, t4] = runFleetBuild(createCluster({ seed: 1 }), nodes, ['agent'], () => performance.now());
  const ms = (x: number) => Math.round(x * 1000) / 1000;
  return { nodeAdd: ms(t1 - t0), nodeSettle: ms(t2 - t1), apply: ms(t3 - t2), podSettle: ms(t4 - t3), total: ms(t4 - t0) };
}

registerAllParts();
(globalThis as { everynodeBench?: unknown }).everynodeBench = { build };
