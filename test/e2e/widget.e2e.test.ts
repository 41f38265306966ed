/**
 * The docs widget in real Chromium against the production build, under the site's CSP: a host
 * page (same origin) with two widgets near the top, one widget and one iframe embed far below.
 * Each has its own cluster (a command in one changes nothing in the others), the ones below start
 * only once scrolled into view, readonly has no command line, the API's `run` resolves with the
 * results and fires `applied`, the iframe takes its content's height through the resize script
 * and answers API messages from the origin it names, ignoring malformed ones. Screenshots of each
 * state go to test-results/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSP } from '../../build/pages.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPlayground, SCREENSHOTS, type Session } from './browser.js';

let s: Session;
let origin: string;

const HOST = `<!doctype html>
<html lang="en">
<head>
  <meta charset="UTF-8" />
  <title>A docs page</title>
  <script type="module" src="./everynode-widget.js"></script>
  <script src="./everynode-resize.js"></script>
</head>
<body>
  <h1>A docs page</h1>
  <everynode-playground id="first" title="First" view="full" height="560">
    <script type="text/x-everynode">
      sim node add node-{1..2}
    </script>
  </everynode-playground>
  <everynode-playground id="second" title="Second" view="cluster" readonly height="300">
    <script type="text/x-everynode">
      sim node add node-{1..4}
    </script>
  </everynode-playground>
  <div style="height: 4000px">Much text.</div>
  <everynode-playground id="third" title="Far below" view="cluster" height="260" src="widget/examples/three-nodes.sh"></everynode-playground>
  <iframe id="frame" title="Everynode in an iframe" style="width: 100%; border: 0"
    src="./embed.html?view=cluster&amp;height=250&amp;title=Framed&amp;src=widget/examples/three-nodes.sh&amp;origin=ORIGIN"></iframe>
</body>
</html>`;

beforeAll(async () => {
  s = await openPlayground('widget/');
  origin = new URL(s.url).origin;
  await s.page.route(`${s.url}docs-host.html`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', headers: { 'content-security-policy': CSP }, body: HOST.replace('ORIGIN', encodeURIComponent(origin)) }),
  );
  await s.page.goto(`${s.url}docs-host.html`);
});

afterAll(async () => {
  await s?.close();
});

const widget = (id: string) => s.page.locator(`#${id}`);
const nodes = (id: string) => widget(id).getByRole('list', { name: 'Nodes' }).getByRole('listitem');
const frame = () => s.page.frameLocator('#frame');

describe('docs widget', () => {
  it('starts the widgets in view, each in a region named after it, with its own cluster', async () => {
    await expect.poll(() => nodes('first').count()).toBe(2);
    await expect.poll(() => nodes('second').count()).toBe(4);
    expect(await s.page.getByRole('region', { name: 'Everynode playground: First' }).count()).toBe(1);
    expect(await s.page.getByRole('region', { name: 'Everynode playground: Second' }).count()).toBe(1);
    expect(await widget('first').getByRole('region', { name: 'Editor' }).count()).toBe(1);
    await s.screenshot('widget-host-top');
  });

  it('waits to start the widget and the iframe below until they are scrolled into view', async () => {
    const third = s.page.getByRole('region', { name: 'Everynode playground: Far below' });
    expect(await third.textContent()).toContain('starts when it is scrolled into view');
    expect(await nodes('third').count()).toBe(0);
    expect(await frame().getByRole('list', { name: 'Nodes' }).count()).toBe(0);
    await widget('third').scrollIntoViewIfNeeded();
    await expect.poll(() => nodes('third').count()).toBe(3);
    await s.page.locator('#frame').scrollIntoViewIfNeeded();
    await expect.poll(() => frame().getByRole('list', { name: 'Nodes' }).getByRole('listitem').count()).toBe(3);
    await s.screenshot('widget-host-below');
  });

  it('has no command line when readonly, and one when not', async () => {
    expect(await widget('second').getByRole('textbox', { name: 'Command' }).count()).toBe(0);
    expect(await widget('second').getByRole('region', { name: 'Editor' }).count()).toBe(0);
    expect(await widget('second').getByRole('button', { name: 'Play' }).count()).toBe(1);
    expect(await widget('first').getByRole('textbox', { name: 'Command' }).count()).toBe(1);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await widget('second').screenshot({ path: join(SCREENSHOTS, 'widget-readonly.png') });
    await widget('first').screenshot({ path: join(SCREENSHOTS, 'widget-full.png') });
  });

  it("resolves run() with the results and fires applied, changing only that widget's cluster", async () => {
    const out = await s.page.evaluate(async () => {
      const el = document.getElementById('first') as HTMLElement & { run(t: string): Promise<{ command: string; exitCode: number; stdout: string }[]> };
      const applied: unknown[] = [];
      el.addEventListener('applied', (e) => applied.push((e as CustomEvent).detail));
      const results = await el.run(
        'sim node add node-9\nkubectl apply -f - <<EOF\napiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\nspec:\n  selector:\n    matchLabels: {app: agent}\n  template:\n    metadata:\n      labels: {app: agent}\n    spec:\n      containers:\n      - name: agent\n        image: busybox:1.36\nEOF',
      );
      return { results, applied };
    });
    expect(out.results.map((r) => [r.command, r.exitCode])).toEqual([
      ['sim node add node-9', 0],
      ['kubectl apply -f -', 0],
    ]);
    expect(out.results[1]!.stdout).toContain('daemonset.apps/agent created');
    expect(out.applied).toHaveLength(1);
    await expect.poll(() => nodes('first').count()).toBe(3);
    expect(await nodes('second').count()).toBe(4);
    expect(await nodes('third').count()).toBe(3);
    expect(await frame().getByRole('list', { name: 'Nodes' }).getByRole('listitem').count()).toBe(3);
  });

  it('takes a command typed into one widget in that widget only', async () => {
    const input = widget('first').getByRole('textbox', { name: 'Command' });
    await input.fill('sim node add node-10');
    await input.press('Enter');
    await expect.poll(() => nodes('first').count()).toBe(4);
    expect(await nodes('second').count()).toBe(4);
    expect(await nodes('third').count()).toBe(3);
    await widget('first').scrollIntoViewIfNeeded();
    await s.screenshot('widget-after-commands');
  });

  it('sizes the iframe to its content through the resize script', async () => {
    const content = await frame().locator('html').evaluate((el) => el.scrollHeight);
    expect(content).toBeGreaterThan(200);
    await expect.poll(() => s.page.locator('#frame').evaluate((el) => (el as HTMLElement).getBoundingClientRect().height)).toBe(content);
    await s.page.locator('#frame').screenshot({ path: join(SCREENSHOTS, 'widget-iframe.png') });
  });

  it('answers API messages from the origin it names, and ignores malformed ones', async () => {
    const replies = await s.page.evaluate(async () => {
      const win = (document.getElementById('frame') as HTMLIFrameElement).contentWindow!;
      const got: unknown[] = [];
      addEventListener('message', (e) => {
        if ((e.data as { type?: string }).type === 'reply') got.push(e.data);
      });
      win.postMessage({ everynode: 1, type: 'run', id: 7, text: 'sim node add extra', extra: true }, '*');
      win.postMessage({ everynode: 1, type: 'run', id: -1, text: 'sim node add extra' }, '*');
      win.postMessage({ everynode: 1, type: 'run', id: 8, text: 'sim node add node-4' }, '*');
      await new Promise<void>((resolve) => {
        const t = setInterval(() => got.length > 0 && (clearInterval(t), resolve()), 50);
      });
      return got;
    });
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ everynode: 1, type: 'reply', id: 8, ok: true });
    await expect.poll(() => frame().getByRole('list', { name: 'Nodes' }).getByRole('listitem').count()).toBe(4);
  });

  it('reports no console errors and requests nothing off the origin', () => {
    expect(s.errors).toEqual([]);
    expect(s.offOrigin).toEqual([]);
  });
});
