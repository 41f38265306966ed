/**
 * Figures the README reports, printed and not asserted (speed is never a test's verdict): the
 * page's JavaScript loaded before Monaco and the engine worker's, gzip-compressed as a server
 * would send them, and the time from navigation to the first picture of the starter cluster.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, PLAYGROUND, type Session } from './browser.js';

let s: Session;
const scripts: string[] = [];

beforeAll(async () => {
  s = await openPlayground(PLAYGROUND, { onRequest: (url) => url.endsWith('.js') && scripts.push(url) });
});

afterAll(async () => {
  await s?.close();
});

const gzipKB = (urls: readonly string[]): number =>
  urls.reduce((sum, u) => sum + gzipSync(readFileSync(join('dist', new URL(u).pathname.split('/some/sub/path/')[1]!))).length, 0) / 1024;

describe('figures', () => {
  it('prints the JavaScript sizes and the time to first picture', async () => {
    await s.page.waitForFunction(() => document.querySelectorAll('[aria-label="Nodes"] li').length > 0);
    const firstPicture = await s.page.evaluate(() => performance.now());
    const worker = scripts.filter((u) => u.includes('engine.worker'));
    const page = scripts.filter((u) => !u.includes('engine.worker') && !/monaco|editor\.worker|yaml\.worker/i.test(u));
    expect(worker).toHaveLength(1);
    expect(page.length).toBeGreaterThan(0);
    console.log(`figures: page JS before Monaco ${gzipKB(page).toFixed(1)} KB gzip (${page.length} files; target <= 120 KB)`);
    console.log(`figures: engine worker JS ${gzipKB(worker).toFixed(1)} KB gzip (target <= 150 KB)`);
    console.log(`figures: first picture ${Math.round(firstPicture)} ms after navigation (starter cluster, headless Chromium on this machine)`);
  });
});
