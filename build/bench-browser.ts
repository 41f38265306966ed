/**
 * The browser half of `npm run bench`'s build section (src/cli/bench-browser.ts runs this
 * script with tsx and reads the one JSON line it prints): the warm and cold fleet builds run by
 * the engine in headless Chromium, the browser a learner's tab runs it in, rather than in Node
 * (whose V8 is older and optimises differently: the same build took about 0.9 s in Chromium 156
 * and 1.3 s under Node 20 on this machine).
 *
 * The page (src/cli/bench-browser-page.ts) is bundled here with Vite into one ES module,
 * tree-shaken as the site's bundles are, and added to a blank page. warm: a 300-node build,
 * then the 5,000-node build, in one page; cold: the 5,000-node build as the first thing a new
 * page does. Prints why it skipped where Debian's Chromium is not installed.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build, type Rollup } from 'vite';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';
import { treeshake } from './treeshake.js';
import type { PageBuildTimes } from '../src/cli/bench-browser-page.js';

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

/** Builds each of `sizes` in turn in one new page; returns the last build's times. */
async function inNewPage(browser: Browser, code: string, sizes: readonly number[]): Promise<PageBuildTimes> {
  const page = await browser.newPage();
  try {
    await page.goto('about:blank');
    await page.addScriptTag({ content: code, type: 'module' });
    await page.waitForFunction(() => 'everynodeBench' in globalThis);
    let times: PageBuildTimes | undefined;
    for (const n of sizes) times = await page.evaluate((nodes) => (globalThis as unknown as { everynodeBench: { build(n: number): PageBuildTimes } }).everynodeBench.build(nodes), n);
    return times!;
  } finally {
    await page.close();
  }
}

/** The warm and cold 5,000-node builds in Chromium, or why they were skipped. */
async function buildsInChromium(): Promise<{ warm: PageBuildTimes; cold: PageBuildTimes } | { skipped: string }> {
  if (!existsSync(CHROMIUM)) return { skipped: `${CHROMIUM} is not installed (apt-get install chromium)` };
  const code = await bundle();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS] });
  try {
    const cold = await inNewPage(browser, code, [5000]);
    const warm = await inNewPage(browser, code, [300, 5000]);
    return { warm, cold };
  } finally {
    await browser.close();
  }
}

console.log(JSON.stringify(await buildsInChromium()));
