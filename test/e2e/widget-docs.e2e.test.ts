/**
 * The widget's docs page of the build (widget/index.html) in real Chromium: every example is a
 * live widget named after its title, the bad value is named in its widget, the dark example is
 * dark, the editor example upgrades to Monaco inside its shadow root and the page reports no
 * error. It also prints the figure the README reports, not asserted (speed and size are never a
 * test's verdict): the widget's own JavaScript, gzip, without Monaco and the engine worker.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, SCREENSHOTS, SUB_PATH, type Session } from './browser.js';

let s: Session;
const scripts: string[] = [];

beforeAll(async () => {
  s = await openPlayground('widget/', { onRequest: (url) => url.endsWith('.js') && scripts.push(url) });
});

afterAll(async () => {
  await s?.close();
});

const region = (title: string) => s.page.getByRole('region', { name: `Everynode playground: ${title}` });
const gzipKB = (urls: readonly string[]): number => urls.reduce((sum, u) => sum + gzipSync(readFileSync(join('dist', new URL(u).pathname.split(SUB_PATH)[1]!))).length, 0) / 1024;

describe('widget docs page', () => {
  it('prints the widget JavaScript size before Monaco and without the engine worker', async () => {
    await region('Three nodes').scrollIntoViewIfNeeded(); // below the fold: it starts only now
    await expect.poll(() => region('Three nodes').getByRole('list', { name: 'Nodes' }).getByRole('listitem').count(), { timeout: 60_000 }).toBe(3);
    // Monaco's chunks (its editor, its YAML language and workers) load only with an editor on screen.
    // Each file once: the page's iframe loads the same files again (from the cache).
    // The engine worker's entry and the chunks it loads (`worker-*`, build/worker-chunks.ts) are the worker's, not the widget's.
    const own = [...new Set(scripts)].filter((u) => !/engine\.worker|\/worker-|monaco|editor\.worker|yaml/i.test(u));
    expect(own.some((u) => u.endsWith('/everynode-widget.js'))).toBe(true);
    console.log(`figures: widget JS without Monaco and the engine worker ${gzipKB(own).toFixed(1)} KB gzip (${own.length} files; target < 120 KB)`);
  });

  it('shows each example as a live widget, and names a bad attribute value in its widget', async () => {
    for (const title of ['Three nodes', 'log-agent.yaml', 'Labels', 'Edit and apply', 'Read-only', 'Starter, no controls', 'Bad value']) {
      const r = region(title);
      expect(await r.count(), title).toBe(1);
      await r.scrollIntoViewIfNeeded();
      await expect.poll(() => r.getByRole('region', { name: 'Cluster' }).or(r.getByRole('region', { name: 'Editor' })).or(r.getByRole('region', { name: 'Terminal' })).count(), { message: title }).toBeGreaterThan(0);
    }
    await expect.poll(async () => (await region('Labels').getByRole('log', { name: 'Terminal output' }).textContent()) ?? '').toContain('disk=ssd');
    expect(await region('Bad value').getByRole('list', { name: 'Widget settings' }).textContent()).toContain('view="sideways" is not one of cluster | editor | terminal | full; using the default, full.');
    expect(await region('Read-only').getByRole('textbox', { name: 'Command' }).count()).toBe(0);
    expect(await region('Starter, no controls').getByRole('button', { name: 'Play' }).count()).toBe(0);
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const title of ['Three nodes', 'log-agent.yaml', 'Labels', 'Edit and apply', 'Read-only', 'Bad value']) {
      await region(title).screenshot({ path: join(SCREENSHOTS, `widget-docs-${title.replace(/\W+/g, '-').toLowerCase()}.png`) });
    }
  }, 180_000); // seven widgets start one after another (the lesson example between them), each with its own worker

  it('draws the dark example dark and the light one light', async () => {
    const bg = (title: string) => region(title).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await bg('Edit and apply')).toBe('rgb(15, 18, 24)');
    expect(await bg('Starter, no controls')).toBe('rgb(244, 245, 247)');
  });

  it('upgrades the editor to Monaco, styled inside the shadow root', async () => {
    const editor = region('log-agent.yaml');
    await editor.scrollIntoViewIfNeeded();
    await expect.poll(() => editor.locator('.monaco-editor').count()).toBeGreaterThan(0);
    // Monaco's stylesheet reached the shadow root: its view lines are absolutely positioned.
    await expect.poll(() => editor.locator('.monaco-editor .view-lines').evaluate((el) => getComputedStyle(el).position)).toBe('absolute');
    await editor.screenshot({ path: join(SCREENSHOTS, 'widget-docs-monaco.png') });
  });

  it('reports no console errors and requests nothing off the origin', async () => {
    await s.screenshot('widget-docs-page');
    expect(s.errors).toEqual([]);
    expect(s.offOrigin).toEqual([]);
  });
});
