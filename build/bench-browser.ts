/**
 * The browser half of `npm run bench`'s build, rollout and rewind sections (src/cli/bench-browser.ts
 * runs this script with tsx, naming the sections, and reads the one JSON line it prints): the warm
 * and cold fleet builds, the two rolling updates and the scrubbed hour's rewinds run by the engine
 * in headless Chromium, the browser a learner's tab runs it in, rather than in Node
 * (whose V8 is older and optimises differently: the same build took about 0.9 s in Chromium 156
 * and 1.3 s under Node 20 on this machine).
 *
 * The page (src/cli/bench-browser-page.ts) is bundled here with Vite into one ES module,
 * tree-shaken as the site's bundles are, and added to a blank page (`inChromium` says what each
 * section runs there). Prints why it skipped where Debian's Chromium is not installed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';
import { treeshake } from './treeshake.js';
import type { PageBuildTimes, PageRewindTimes, PageRolloutTimes, RolloutName } from '../src/cli/bench-browser-page.js';
import type { BrowserBuilds, BrowserFigures, BrowserRollouts } from '../src/cli/bench-browser.js';
import { BUILD_RUNS, medianRun } from '../src/cli/bench-fleet-steps.js';

/** The entry bundled for the page: its TypeScript source (`npm run bench` runs in the repository's root). */
const ENTRY = join(process.cwd(), 'src/cli/bench-browser-page.ts');

/** The page's code: one minified ES module, without chunks. */
async function bundle(): Promise<string> {
  const out = (await build({
    configFile: false,
    logLevel: 'warn',
    define: { __ENGINE_VERSION__: JSON.stringify('bench') },
    build: { write: false, target: 'es2022', minify: true, rollupOptions: { input: ENTRY, treeshake, output: { format: 'es', codeSplitting: false } } },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const chunk = (Array.isArray(out) ? out[0]! : out).output.find((o): o is Rollup.OutputChunk => o.type === 'chunk' && o.isEntry);
  if (!chunk) throw new Error('the browser bench bundle has no entry chunk');
  return chunk.code;
}

/** The driver's handle on the page's functions (bench-browser-page.ts). */
interface BenchPage {
  build(nodes: number, keep?: boolean): PageBuildTimes;
  rollout(name: RolloutName, nodes: number): PageRolloutTimes;
  rewind(nodes: number): PageRewindTimes;
}

/** Runs `work` in one new page with the bench's code loaded; returns what it gave. */
async function inNewPage<T>(browser: Browser, code: string, work: (page: Page) => Promise<T>): Promise<T> {
  const page = await browser.newPage();
  try {
    await page.goto('about:blank');
    await page.addScriptTag({ content: code, type: 'module' });
    await page.waitForFunction(() => 'everynodeBench' in globalThis);
    return await work(page);
  } finally {
    await page.close();
  }
}

/** Builds a fleet of `nodes` in `page` (its cluster kept alive in the page if `keep`); its times. */
function buildIn(page: Page, nodes: number, keep = false): Promise<PageBuildTimes> {
  return page.evaluate(([n, k]) => (globalThis as unknown as { everynodeBench: BenchPage }).everynodeBench.build(n, k), [nodes, keep] as const);
}

/** The rolling update `name` over a 5,000-node fleet in `page`; its times. */
function rolloutIn(page: Page, name: RolloutName): Promise<PageRolloutTimes> {
  return page.evaluate((r) => (globalThis as unknown as { everynodeBench: BenchPage }).everynodeBench.rollout(r, 5000), name);
}

/** The scrubbed hour over 5,000 nodes in `page`, then its rewinds; their times. */
function rewindIn(page: Page): Promise<PageRewindTimes> {
  return page.evaluate((n) => (globalThis as unknown as { everynodeBench: BenchPage }).everynodeBench.rewind(n), 5000);
}

/**
 * What the sections asked for (`build`, `rollout`, `rewind`) measure in Chromium, or why they were skipped.
 * build: the 5,000-node build cold (the first thing a new page does) and warm (after a 300-node
 * build in the same page), each in `BUILD_RUNS` new pages, taking turns; the median of each; and
 * steady, once in a new page (after a 300-node build and a 5,000-node one it keeps alive).
 * rollout: after a 300-node build, each of the Node bench's two rolling updates over a
 * 5,000-node fleet, in one page (as the Node bench runs them in one process).
 * rewind: the Node bench's scrubbed hour over 5,000 nodes in a new page, then its rewinds.
 */
async function inChromium(sections: readonly string[]): Promise<BrowserFigures> {
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} is not installed (apt-get install chromium)` };
  const code = await bundle();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  try {
    const figures: { builds?: BrowserBuilds; rollouts?: BrowserRollouts; rewinds?: PageRewindTimes } = {};
    if (sections.includes('build')) {
      const colds: PageBuildTimes[] = [];
      const warms: PageBuildTimes[] = [];
      for (let i = 0; i < BUILD_RUNS; i++) {
        colds.push(await inNewPage(browser, code, (page) => buildIn(page, 5000)));
        warms.push(await inNewPage(browser, code, async (page) => (await buildIn(page, 300), buildIn(page, 5000))));
      }
      // As the Node bench's steady build: a 300-node warm-up, a fleet kept alive, then the timed one.
      const steady = await inNewPage(browser, code, async (page) => (await buildIn(page, 300), await buildIn(page, 5000, true), buildIn(page, 5000)));
      figures.builds = { warm: medianRun(warms), cold: medianRun(colds), steady };
    }
    if (sections.includes('rollout')) {
      figures.rollouts = await inNewPage(browser, code, async (page) => {
        await buildIn(page, 300);
        return { maxUnavailable10: await rolloutIn(page, 'maxUnavailable10'), maxSurge10: await rolloutIn(page, 'maxSurge10') };
      });
    }
    if (sections.includes('rewind')) {
      figures.rewinds = await inNewPage(browser, code, rewindIn);
    }
    return figures;
  } finally {
    await browser.close();
  }
}

console.log(JSON.stringify(await inChromium(process.argv.slice(2))));
