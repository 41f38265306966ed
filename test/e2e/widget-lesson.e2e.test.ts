/**
 * A lesson inside the docs widget, in real Chromium against the production build under the
 * site's CSP: a host page (same origin) with `<everynode-playground lesson="L1">`, one with an
 * unknown lesson id, and an iframe `embed.html?lesson=L1` that names the host's origin. The
 * widget's lesson column runs L1 beside its cluster; Solve turns its checks green and the host
 * hears `check-passed` for each, from the element and as messages from the iframe; the unknown
 * id is named in its widget, which opens the starter playground. Screenshots of each state go to
 * test-results/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP } from '../../build/pages.js';
import { openPlayground, type Session } from './browser.js';

let s: Session;

const HOST = `<!doctype html>
<html lang="en">
<head>
  <meta charset="UTF-8" />
  <title>A docs page with a lesson</title>
  <script type="module" src="./everynode-widget.js"></script>
  <script src="./everynode-resize.js"></script>
</head>
<body>
  <h1>Lessons in the docs</h1>
  <everynode-playground id="lesson" lesson="L1" title="Lesson one" height="720"></everynode-playground>
  <everynode-playground id="unknown" lesson="L99" view="cluster" title="Unknown lesson" height="260"></everynode-playground>
  <iframe id="frame" title="A lesson in an iframe" style="width: 100%; border: 0"
    src="./embed.html?lesson=L1&amp;height=720&amp;title=Framed%20lesson&amp;origin=ORIGIN"></iframe>
</body>
</html>`;

interface Heard {
  readonly from: string;
  readonly detail: { lesson: string; check: string; title: string; time: string };
}

beforeAll(async () => {
  s = await openPlayground('widget/');
  await s.page.emulateMedia({ reducedMotion: 'reduce' });
  const origin = new URL(s.url).origin;
  await s.page.route(`${s.url}lesson-host.html`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': CSP }, body: HOST.replace('ORIGIN', encodeURIComponent(origin)) }),
  );
  await s.page.goto(`${s.url}lesson-host.html`);
  // What the host page hears: the element's events and the iframe's messages.
  await s.page.evaluate(() => {
    const heard: unknown[] = [];
    (window as unknown as { heard: unknown[] }).heard = heard;
    document.getElementById('lesson')!.addEventListener('check-passed', (e) => heard.push({ from: 'element', detail: (e as CustomEvent).detail }));
    addEventListener('message', (e) => {
      const m = e.data as { type?: string; name?: string; detail?: unknown };
      if (m?.type === 'event' && m.name === 'check-passed') heard.push({ from: 'iframe', detail: m.detail });
    });
  });
});

afterAll(async () => {
  await s?.close();
});

const heard = () => s.page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
const widget = () => s.page.locator('#lesson');
const frame = () => s.page.frameLocator('#frame');

describe('a lesson in the widget', () => {
  it('runs the lesson column beside the cluster, in the widget region', async () => {
    const region = s.page.getByRole('region', { name: 'Everynode playground: Lesson one' });
    const lesson = region.getByRole('region', { name: 'Lesson' });
    await expect.poll(() => lesson.getByRole('heading', { name: 'One pod per node: coverage, not count' }).count(), { timeout: 60_000 }).toBe(1);
    expect(await lesson.getByRole('list', { name: 'Checks' }).getByRole('listitem').allTextContents()).toEqual([
      expect.stringMatching(/not yet.*l1-status$/),
      expect.stringMatching(/not yet.*l1-one-per-node$/),
      expect.stringMatching(/not yet.*l1-replaced$/),
    ]);
    expect(await lesson.getByRole('group', { name: 'Prediction' }).count()).toBe(1);
    expect(await region.getByRole('list', { name: 'Nodes' }).getByRole('listitem').count()).toBe(3);
    expect(await region.getByRole('textbox', { name: 'Command' }).count()).toBe(1);
    await s.screenshot('widget-lesson-open');
  }, 120_000);

  it('fires check-passed on the element as Solve turns each check green', async () => {
    const lesson = widget().getByRole('region', { name: 'Lesson' });
    await lesson.getByRole('button', { name: 'Solve' }).click();
    await lesson.getByRole('status', { name: 'Done' }).waitFor({ timeout: 60_000 });
    const own = (await heard()).filter((h) => h.from === 'element').map((h) => h.detail);
    // Solve's step 3 deletes a pod, so two checks stop holding for a moment and turn green again.
    expect([...new Set(own.map((d) => d.check))].sort()).toEqual(['l1-one-per-node', 'l1-replaced', 'l1-status']);
    for (const d of own) {
      expect(d.lesson).toBe('L1');
      expect(d.title.length).toBeGreaterThan(0);
      expect(d.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    await s.screenshot('widget-lesson-done');
  }, 120_000);

  it('names an unknown lesson id in its widget, which opens the starter playground', async () => {
    const region = s.page.getByRole('region', { name: 'Everynode playground: Unknown lesson' });
    await region.scrollIntoViewIfNeeded();
    await expect.poll(() => region.getByRole('list', { name: 'Widget settings' }).textContent(), { timeout: 60_000 }).toContain('lesson="L99": this site has no lesson with that id');
    await expect.poll(() => region.getByRole('list', { name: 'Nodes' }).getByRole('listitem').count(), { timeout: 60_000 }).toBe(3);
    expect(await region.getByRole('region', { name: 'Lesson' }).count()).toBe(0);
  }, 120_000);

  it('posts check-passed from the iframe embed to the origin it names', async () => {
    await s.page.locator('#frame').scrollIntoViewIfNeeded();
    const lesson = frame().getByRole('region', { name: 'Lesson' });
    const solve = lesson.getByRole('button', { name: 'Solve' });
    await solve.waitFor({ timeout: 60_000 });
    await expect.poll(() => solve.isEnabled()).toBe(true);
    await solve.click();
    await lesson.getByRole('status', { name: 'Done' }).waitFor({ timeout: 60_000 });
    await expect.poll(async () => [...new Set((await heard()).filter((h) => h.from === 'iframe').map((h) => h.detail.check))].sort()).toEqual(['l1-one-per-node', 'l1-replaced', 'l1-status']);
    await s.page.locator('#frame').screenshot({ path: 'test-results/screenshots/widget-lesson-iframe.png' });
    // The one error is the browser's note on the unknown lesson's 404 (L99's lesson.json).
    expect(s.errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    expect(s.offOrigin).toEqual([]);
  }, 120_000);
});
