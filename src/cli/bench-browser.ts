/**
 * `build5000.browser`: the warm and cold fleet builds in headless Chromium. The driver is
 * build/bench-browser.ts (it bundles the engine with Vite and drives Chromium through
 * playwright-core, neither of which the CLI layer imports); it runs as a child process under
 * tsx and prints its figures as one JSON line.
 */
import { spawnSync } from 'node:child_process';
import type { PageBuildTimes } from './bench-browser-page.js';

/** The warm and cold 5,000-node builds in Chromium, or why they were skipped. */
export type BrowserBuilds = { readonly warm: PageBuildTimes; readonly cold: PageBuildTimes } | { readonly skipped: string };

/** Runs the driver from the repository's root (where `npm run bench` runs). */
export function timeBuild5000Browser(): BrowserBuilds {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'build/bench-browser.ts'], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`the browser bench failed: ${r.stderr}`);
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as BrowserBuilds;
}
