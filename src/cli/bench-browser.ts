/**
 * The browser halves of `build5000`, `rollout5000` and `rewind5000`: the fleet builds, rolling
 * updates and the scrubbed hour's rewinds in headless Chromium. The driver is build/bench-browser.ts (it bundles the engine with Vite and
 * drives Chromium through playwright-core, neither of which the CLI layer imports); it runs as a
 * child process under tsx and prints its figures as one JSON line.
 */
import { spawnSync } from 'node:child_process';
import type { PageBuildTimes, PageRewindTimes, PageRolloutTimes, RolloutName } from './bench-browser-page.js';

/** The 5,000-node builds in Chromium: warm and cold each the median of `BUILD_RUNS` new pages (and every run's total), steady one run. */
export interface BrowserBuilds {
  readonly warm: { readonly median: PageBuildTimes; readonly totals: number[] };
  readonly cold: { readonly median: PageBuildTimes; readonly totals: number[] };
  readonly steady: PageBuildTimes;
}

/** Each rolling update over 5,000 nodes in Chromium. */
export type BrowserRollouts = Readonly<Record<RolloutName, PageRolloutTimes>>;

/** What the sections asked for measured in Chromium, or why nothing was. */
export type BrowserFigures = { readonly builds?: BrowserBuilds; readonly rollouts?: BrowserRollouts; readonly rewinds?: PageRewindTimes } | { readonly skipped: string };

/** Runs the driver from the repository's root (where `npm run bench` runs) for `section`. */
export function timeInChromium(section: 'build' | 'rollout' | 'rewind'): BrowserFigures {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'build/bench-browser.ts', section], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`the browser bench failed: ${r.stderr}`);
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as BrowserFigures;
}
