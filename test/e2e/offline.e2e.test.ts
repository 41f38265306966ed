/**
 * Offline in real Chromium against the production build from a sub-path under the CSP: after
 * the first visit the service worker has the whole build, so with the network gone a reload
 * and a lesson page still work; the widget's docs page, visited first, works offline too (its
 * widgets, a lesson widget and the iframe embed); a new deploy (another sw.js) shows "Update
 * available", which switches to it. Screenshots of each state go to test-results/screenshots/.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, PLAYGROUND, type Session } from './browser.js';

let s: Session;
const original = readFileSync('dist/sw.js', 'utf8');

beforeAll(async () => {
  s = await openPlayground();
});

afterAll(async () => {
  await s?.close();
});

const nodes = () => s.page.getByRole('list', { name: 'Nodes' }).getByRole('listitem');

describe('offline', () => {
  it('reloads the playground and opens a lesson page with the network gone', async () => {
    const p = s.page;
    await expect.poll(() => nodes().count()).toBe(3);
    // Installed (the whole build cached) and controlling this page.
    await p.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => p.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await p.context().setOffline(true);
    await p.reload();
    await expect.poll(() => nodes().count()).toBe(3);
    await s.screenshot('offline-reload');
    await p.goto(`${s.url}lessons/L1/`);
    await expect.poll(() => p.getByText('All lessons').count()).toBe(1);
    await expect.poll(() => nodes().count()).toBe(3);
    await s.screenshot('offline-lesson');
    await p.context().setOffline(false);
  }, 120_000);

  it('works offline on the widget docs page after a first visit to it alone', async () => {
    const w = await openPlayground('widget/');
    try {
      const p = w.page;
      await p.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect.poll(() => p.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 60_000 }).toBe(true);
      await p.context().setOffline(true);
      await p.reload();
      const region = (title: string) => p.getByRole('region', { name: `Everynode playground: ${title}` });
      await region('Three nodes').scrollIntoViewIfNeeded();
      await expect.poll(() => region('Three nodes').getByRole('list', { name: 'Nodes' }).getByRole('listitem').count(), { timeout: 60_000 }).toBe(3);
      await region('Lesson L1').scrollIntoViewIfNeeded();
      await expect.poll(() => region('Lesson L1').getByRole('list', { name: 'Checks' }).getByRole('listitem').count(), { timeout: 60_000 }).toBe(3);
      const frame = p.frameLocator('iframe[title="Everynode playground in an iframe"]');
      await p.locator('iframe[title="Everynode playground in an iframe"]').scrollIntoViewIfNeeded();
      await expect.poll(() => frame.getByRole('list', { name: 'Nodes' }).getByRole('listitem').count(), { timeout: 60_000 }).toBe(3);
      await w.screenshot('offline-widget-docs');
      expect(w.offOrigin).toEqual([]);
    } finally {
      await w.close();
    }
  }, 180_000);

  it('shows "Update available" when a new build is deployed, and switches to it', async () => {
    const p = s.page;
    await p.goto(s.url + PLAYGROUND);
    await expect.poll(() => nodes().count()).toBe(3);
    s.deploy('sw.js', `${original}// another deploy\n`);
    await p.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const button = p.getByRole('button', { name: 'Update available' });
    await button.waitFor({ timeout: 60_000 });
    await s.screenshot('update-available');
    await button.click();
    await p.waitForEvent('load');
    await expect.poll(() => nodes().count()).toBe(3);
    expect(await button.count()).toBe(0);
    expect(s.errors).toEqual([]);
    expect(s.offOrigin).toEqual([]);
  }, 120_000);
});
