/**
 * The landing page at the site's root, in Chromium against the build served from a sub-path with
 * the CSP: its live picture moves (nodes join, a pod appears on each), its links lead to the
 * playground, the lessons, the workshops and the widget's page, and an old share link to the
 * root (from when the playground was the root) lands in the playground with its session.
 *
 * It prints how soon after navigation the picture moves (a figure the README reports, never
 * asserted: speed is not a test's verdict), with the page's timeline from its performance marks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, PLAYGROUND, type Session } from './browser.js';

let s: Session;

/**
 * Notes, in the page and from before its first script, when the picture first draws a node and a
 * pod, and counts node cards and pod marks ever taken out of it (the landing removes none, so the
 * hand-over from the build's first frame to the live engine must not either).
 */
function watchPicture(): void {
  const seen: Record<string, number> = { removed: 0 };
  (window as unknown as { __landing: Record<string, number> }).__landing = seen;
  new MutationObserver((records) => {
    const figure = document.querySelector('figure');
    if (!figure) return;
    if (seen.node === undefined && figure.querySelector('g.node')) seen.node = performance.now();
    if (seen.pod === undefined && figure.querySelector('g.pod')) seen.pod = performance.now();
    for (const r of records) {
      for (const n of r.removedNodes) if (n instanceof Element && n.matches('g.node, g.pod')) seen.removed! += 1;
    }
  }).observe(document, { subtree: true, childList: true });
}

beforeAll(async () => {
  s = await openPlayground('', { init: watchPicture });
});

afterAll(async () => {
  await s?.close();
});

const picture = () => s.page.getByRole('figure', { name: /A live cluster/ });
const nodes = () => picture().getByRole('list', { name: 'Nodes' }).getByRole('listitem');
const podMarks = () => picture().locator('g.pod');

/** A performance mark's time in the page's timeline (ms after navigation), or undefined. */
const pageMark = (name: string): Promise<number | undefined> => s.page.evaluate((n) => performance.getEntriesByName(n)[0]?.startTime, name);

/** When the engine worker had evaluated its modules, in the page's timeline (the worker has its own). */
async function workerEvaluated(): Promise<number | undefined> {
  const worker = s.page.workers().find((w) => w.url().includes('engine.worker'));
  const pageOrigin = await s.page.evaluate(() => performance.timeOrigin);
  const at = await worker?.evaluate(() => {
    const mark = performance.getEntriesByName('everynode:worker-evaluated')[0];
    return mark && performance.timeOrigin + mark.startTime;
  });
  return at === undefined ? undefined : at - pageOrigin;
}

const ms = (t: number | undefined): string => (t === undefined ? '?' : `${Math.round(t)}`);

describe('landing page', () => {
  it('shows a picture that moves: nodes join and the DaemonSet puts a pod on each', async () => {
    await expect.poll(() => nodes().count(), { timeout: 10_000 }).toBeGreaterThan(0);
    // The first picture already has a node with the DaemonSet's pod on it.
    await expect.poll(() => nodes().first().textContent(), { timeout: 10_000 }).toMatch(/log-agent/);
    await s.screenshot('landing-first');
    const seen = await s.page.evaluate(() => (window as unknown as { __landing: Record<string, number> }).__landing);
    expect(seen.node).toBeGreaterThan(0);
    expect(seen.pod).toBeGreaterThan(0);
    const first = { nodes: await nodes().count(), pods: await podMarks().count() };
    expect(first.pods).toBeGreaterThan(0);
    // Then more nodes join, and the DaemonSet follows with a pod on each.
    await expect.poll(() => nodes().count(), { timeout: 15_000 }).toBeGreaterThan(first.nodes);
    await expect.poll(() => podMarks().count(), { timeout: 15_000 }).toBeGreaterThan(first.pods);
    await expect.poll(async () => (await nodes().allTextContents()).every((t) => /log-agent/.test(t)), { timeout: 15_000 }).toBe(true);
    await s.screenshot('landing');
    // The first frame came from the build; the live engine took over without a card or mark leaving.
    expect(await s.page.evaluate(() => (window as unknown as { __landing: Record<string, number> }).__landing.removed)).toBe(0);
    // The picture is live, so the service worker (held back until then) is registered and installs.
    await s.page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const [page, spawned, worker] = [await pageMark('everynode:page-evaluated'), await pageMark('everynode:engine-spawned'), await workerEvaluated()];
    console.log(
      `landing: picture moves ${ms(seen.node)} ms after navigation (first node drawn, its pod ${ms(seen.pod)} ms; ` +
        `page JS evaluated ${ms(page)} ms, engine worker spawned ${ms(spawned)} ms, worker evaluated ${ms(worker)} ms; headless Chromium on this machine)`,
    );
  }, 60_000);

  it('says what Everynode is and links to the lessons by track, the workshops and the widget page', async () => {
    const main = s.page.getByRole('main');
    expect(await main.textContent()).toContain('Everynode is a faithful model of a Kubernetes cluster');
    await main.getByRole('link', { name: /^L1:/ }).waitFor();
    expect(await main.getByRole('link', { name: /^L1:/ }).getAttribute('href')).toBe('./lessons/L1/');
    expect(await main.getByRole('link', { name: /^W1:/ }).getAttribute('href')).toBe('./workshop/?ids=W1');
    expect(await main.getByRole('link', { name: 'Embed in your docs' }).getAttribute('href')).toBe('./widget/');
    await s.page.setViewportSize({ width: 360, height: 740 });
    await s.screenshot('landing-narrow');
    await s.page.getByRole('button', { name: 'Dark theme' }).click();
    await s.screenshot('landing-dark');
    await s.page.getByRole('button', { name: 'Dark theme' }).click();
    await s.page.setViewportSize({ width: 1280, height: 720 });
  });

  it('opens the playground from its link', async () => {
    await s.page.getByRole('link', { name: 'Open the playground' }).click();
    await s.page.waitForURL(s.url + PLAYGROUND);
    await s.page.getByRole('textbox', { name: 'Command' }).waitFor();
    await expect.poll(() => s.page.getByRole('list', { name: 'Nodes' }).getByRole('listitem').count()).toBe(3);
  });

  it('forwards an old share link to the root into the playground, session included', async () => {
    const p = s.page;
    const input = p.getByRole('textbox', { name: 'Command' });
    await input.fill('sim node add shared-9');
    await input.press('Enter');
    await expect.poll(() => p.getByRole('list', { name: 'Nodes' }).textContent()).toContain('shared-9');
    await p.getByRole('button', { name: 'Share', exact: true }).click();
    const field = p.getByRole('dialog', { name: 'Share and export' }).getByRole('textbox', { name: 'Share link' });
    await expect.poll(() => field.inputValue()).toMatch(/#share=/);
    const link = await field.inputValue();
    const hash = link.slice(link.indexOf('#'));
    // A fresh browser profile (no local work), opening the link as the root used to be.
    const other = await openPlayground(`${hash}`);
    try {
      await other.page.waitForURL(`${other.url}${PLAYGROUND}**`);
      await expect.poll(() => other.page.getByRole('list', { name: 'Nodes' }).textContent(), { timeout: 20_000 }).toContain('shared-9');
      await other.screenshot('landing-old-share-link');
      expect(other.errors).toEqual([]);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('breaks no CSP rule and sends no request off the origin', () => {
    expect(s.errors).toEqual([]);
    expect(s.offOrigin).toEqual([]);
  });
});
