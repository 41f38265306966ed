/**
 * Figures the README reports, printed and not asserted (speed is never a test's verdict): the
 * page's JavaScript loaded before Monaco and the engine worker's, gzip-compressed as a server
 * would send them, and the time from navigation to the first picture of the starter cluster.
 *
 * The worker's start is every JavaScript file the worker loaded before the first picture: its
 * entry and the chunks it imports (named `worker-*`, build/worker-chunks.ts, never counted as the
 * page's). What it loads on demand is printed apart: each chunk it imports with `import()`
 * (src/ui/worker/on-demand.ts), with the shared chunks that come with it, beyond the start.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, PLAYGROUND, type Session } from './browser.js';

let s: Session;
/** Each script the page or a worker asked for, with when (ms since the epoch). */
const scripts: { url: string; at: number }[] = [];

/**
 * Runs in the page before its own scripts: notes when the first node is drawn (epoch ms), so
 * what was requested after it, however soon, is not counted as needed for it.
 */
function watchFirstNode(): void {
  const seen = new MutationObserver(() => {
    if (!document.querySelector('[aria-label="Nodes"] li')) return;
    (window as { firstNodeAt?: number }).firstNodeAt = performance.timeOrigin + performance.now();
    seen.disconnect();
  });
  seen.observe(document, { childList: true, subtree: true });
}

beforeAll(async () => {
  s = await openPlayground(PLAYGROUND, { init: watchFirstNode, onRequest: (url) => url.endsWith('.js') && scripts.push({ url, at: Date.now() }) });
});

afterAll(async () => {
  await s?.close();
});

const ASSETS = join('dist', 'assets');
const fileOf = (url: string): string => new URL(url).pathname.split('/some/sub/path/')[1]!;
const gzipBytes = (file: string): number => gzipSync(readFileSync(join('dist', file))).length;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files: Iterable<string>): number => [...files].reduce((n, f) => n + gzipBytes(f), 0);
const isWorker = (file: string): boolean => /^assets\/(engine\.worker-|worker-)/.test(file);

/** The chunks a built file imports: `static` ones load with it, `dynamic` ones on demand. */
function imports(file: string): { static: string[]; dynamic: string[] } {
  const text = readFileSync(join('dist', file), 'utf8');
  const rel = (m: RegExpMatchArray): string => `assets/${m[1]}`;
  return {
    static: [...text.matchAll(/(?:import|export)\s*(?:[\w${},*\s]*from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g)].map(rel),
    dynamic: [...text.matchAll(/import\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g)].map(rel),
  };
}

/** `file` and every chunk it imports statically, transitively. */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const f of imports(file).static) closure(f, seen);
  return seen;
}

describe('figures', () => {
  it('prints the JavaScript sizes and the time to first picture', async () => {
    await s.page.waitForFunction(() => (window as { firstNodeAt?: number }).firstNodeAt !== undefined);
    const drawnAt = await s.page.evaluate(() => (window as { firstNodeAt?: number }).firstNodeAt!);
    const firstPicture = drawnAt - (await s.page.evaluate(() => performance.timeOrigin));
    const before = [...new Set(scripts.filter((r) => r.at <= drawnAt).map((r) => fileOf(r.url)))];
    const worker = before.filter(isWorker);
    const page = before.filter((f) => !isWorker(f) && !/monaco|editor\.worker|yaml\.worker/i.test(f));
    const entry = worker.filter((f) => f.startsWith('assets/engine.worker-'));
    expect(entry).toHaveLength(1);
    expect(page.length).toBeGreaterThan(0);
    // Every file the worker's entry imports statically was loaded before the first picture, and counted.
    expect([...closure(entry[0]!)].filter((f) => !worker.includes(f))).toEqual([]);

    const onDemand = new Map<string, Set<string>>();
    const workerFiles = readdirSync(ASSETS).map((f) => `assets/${f}`).filter(isWorker);
    for (const f of workerFiles) for (const d of imports(f).dynamic) onDemand.set(d, new Set([...closure(d)].filter((c) => !worker.includes(c))));
    const lazyFiles = new Set([...onDemand.values()].flatMap((c) => [...c]));
    console.log(`figures: page JS before Monaco ${kb(sum(page))} gzip (${page.length} files; target <= 120 KB)`);
    const early = worker.filter((f) => !closure(entry[0]!).has(f));
    console.log(`figures: engine worker JS at start ${kb(sum(worker))} gzip (${worker.length} files, all it loaded before the first picture; target <= 150 KB)`);
    console.log(`  of which on demand, for requests before the first picture: ${kb(sum(early))} (${early.map((f) => f.replace(/^assets\/|\.js$/g, '')).join(', ') || 'none'})`);
    console.log(`figures: engine worker JS on demand ${kb(sum(lazyFiles))} gzip in ${lazyFiles.size} files; each import() with what it brings beyond the start:`);
    for (const [chunk, files] of [...onDemand].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${chunk.replace(/^assets\/worker-|\.js$/g, '')}: ${kb(sum(files))} (${files.size} files)`);
    console.log(`figures: first picture ${Math.round(firstPicture)} ms after navigation (starter cluster, headless Chromium on this machine)`);
  });
});
