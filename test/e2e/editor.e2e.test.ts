/**
 * The editor in real Chromium on the production build, under a strict Content-Security-Policy
 * (no unsafe-eval, no inline scripts, workers same-origin): the textarea works before Monaco and
 * hands over its edits and cursor; monaco-yaml completes and flags from the generated schema; a
 * typo shows kubectl's marker at its line before Apply; hovering a field shows kubectl explain's
 * words for it; Ctrl+Enter applies with kubectl's output in the terminal; what a command line
 * writes with `> FILE` opens in a tab of its own; a keyboard user
 * leaves Monaco with the tab focus mode shown on screen; the Monaco chunks load only when the
 * editor is on screen.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, PLAYGROUND, SCREENSHOTS, type Session } from './browser.js';

/** What the built site is asked to run under: scripts, workers and everything else same-origin. */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "worker-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  // Monaco writes its theme and decoration rules into <style> elements it creates
  "style-src 'self' 'unsafe-inline'",
  "object-src 'none'",
  "base-uri 'self'",
].join('; ');

/** The example DaemonSet the page opens with (two comment lines, then the manifest). */
const DS = readFileSync('src/ui/playground/presets.ts', 'utf8').match(/EXAMPLE_DAEMONSET = `([^`]*)`/)![1]!;
const WITH_REPLICAS = DS.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector');
const WITH_SURGE = DS.replace('spec:\n  selector', 'spec:\n  updateStrategy:\n    rollingUpdate:\n      maxSurge: 1\n      maxUnavailable: 0\n  selector');
const BAD_INDENT = DS.replace('        image: registry', '         image: registry');

let s: Session;
let releaseMonaco: () => void;
const monacoRequests: string[] = [];

/** Serves the page with the CSP header, and holds Monaco's chunk until the test lets it go. */
async function strictWithMonacoHeld(page: Page, url: string): Promise<void> {
  const held = new Promise<void>((resolve) => (releaseMonaco = resolve));
  await page.route(url, async (route: Route) => {
    const response = await route.fetch();
    await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': CSP } });
  });
  await page.route(/\/assets\/monaco-[^/]*\.js$/, async (route: Route) => {
    monacoRequests.push(route.request().url());
    await held;
    await route.continue();
  });
  await page.goto(url);
}

const region = () => s.page.getByRole('region', { name: 'Editor' });
const status = () => region().getByRole('status').textContent();
/** The text Monaco shows (its lines use non-breaking spaces). */
const monacoText = async () => (await region().locator('.monaco-editor .view-lines').innerText()).replace(/\u00a0/g, ' ');
const terminal = () => s.page.getByRole('log', { name: 'Terminal output' }).textContent();

/** Replaces the whole text in Monaco by pasting it (typing would auto-indent line by line). */
async function replaceText(text: string): Promise<void> {
  await region().locator('.monaco-editor').click();
  await s.page.keyboard.press('Control+A');
  await s.page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.activeElement!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  await s.page.keyboard.press('Control+Home'); // the top lines on screen: squiggles are drawn only there
}

beforeAll(async () => {
  s = await openPlayground();
  await strictWithMonacoHeld(s.page, s.url + PLAYGROUND);
});

afterAll(async () => {
  await s?.close();
});

describe('editor', () => {
  it('works as a textarea before Monaco and hands over the edits and the cursor', async () => {
    const textarea = region().getByRole('textbox', { name: 'YAML of daemonset.yaml' });
    await textarea.waitFor();
    await expect.poll(() => textarea.isEditable()).toBe(true); // read-only until the session is open
    expect(await status()).toBe('Not applied');
    await textarea.click();
    await s.page.keyboard.press('Control+End');
    await s.page.keyboard.type('# typed before Monaco');
    await s.screenshot('editor-textarea');
    expect(monacoRequests.length).toBeGreaterThan(0); // asked for once the editor was on screen, held by the test
    releaseMonaco();
    await region().locator('.monaco-editor').waitFor();
    await expect.poll(() => region().locator('textarea.plain').count()).toBe(0);
    expect(await monacoText()).toContain('# typed before Monaco');
    // the cursor and the focus came along: typing goes on where it stopped
    await s.page.keyboard.type('!');
    await expect.poll(monacoText).toContain('# typed before Monaco!');
    await s.screenshot('editor-monaco');
  });

  it('shows a typo as kubectl marker at its line before Apply, next to the schema warning', async () => {
    await replaceText(WITH_REPLICAS);
    const problems = region().getByRole('list', { name: 'Problems' });
    await expect.poll(() => problems.textContent(), { timeout: 10_000 }).toContain('Error, line 8, column 3: unknown field "spec.replicas"');
    expect(await status()).toBe('1 error');
    // kubectl's squiggle, and monaco-yaml's own from the generated schema (its worker runs)
    await expect.poll(() => region().locator('.squiggly-error').count()).toBeGreaterThan(0);
    await expect.poll(() => region().locator('.squiggly-warning').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await region().getByText('replicas', { exact: true }).hover();
    const hover = async () => (await s.page.locator('.monaco-hover:not(.hidden)').allTextContents()).join('\n');
    await expect.poll(hover, { timeout: 10_000 }).toContain('unknown field "spec.replicas"');
    await s.screenshot('editor-typo-marker');
    expect(await terminal()).not.toContain('kubectl apply');
  });

  it('completes field names from the schema', async () => {
    // The start of a field under spec, pasted rather than typed after an Enter: Monaco's indent on
    // Enter once came too late on a loaded machine, leaving the field at the top level.
    await replaceText(DS.replace('spec:\n  selector', 'spec:\n  minR\n  selector'));
    await region().getByText('minR', { exact: true }).click();
    await s.page.keyboard.press('End');
    await s.page.keyboard.press('Control+Space');
    const suggest = async () => (await s.page.locator('.suggest-widget.visible').allTextContents()).join('\n');
    await expect.poll(suggest, { timeout: 10_000 }).toContain('minReadySeconds');
    await s.screenshot('editor-completion');
    await s.page.keyboard.press('Escape');
  });

  it("hovers a field with kubectl explain's words: path, type and the upstream description", async () => {
    await replaceText(WITH_SURGE);
    await region().getByText('maxSurge', { exact: true }).hover();
    const hover = async () => (await s.page.locator('.monaco-hover:not(.hidden)').allTextContents()).join('\n');
    await expect.poll(hover, { timeout: 15_000 }).toContain('spec.updateStrategy.rollingUpdate.maxSurge');
    const text = await hover();
    expect(text).toContain('DaemonSet');
    expect(text).toContain('<IntOrString>');
    expect(text).toContain('The maximum number of nodes with an existing available DaemonSet pod that can have an updated DaemonSet pod during during an update.');
    expect(text).toContain('kubectl explain daemonset.spec.updateStrategy.rollingUpdate.maxSurge');
    await s.screenshot('editor-hover-field-docs');
    await s.page.mouse.move(0, 0);
  });

  it('places a bad indent at its line, and is clean again once fixed', async () => {
    await replaceText(BAD_INDENT);
    const problems = region().getByRole('list', { name: 'Problems' });
    await expect.poll(() => problems.textContent(), { timeout: 10_000 }).toContain('Error, line 18, column 15: error parsing daemonset.yaml');
    await replaceText(DS);
    await expect.poll(() => problems.count(), { timeout: 10_000 }).toBe(0);
    expect(await status()).toBe('Not applied');
    await s.screenshot('editor-fixed');
  });

  it('asks before closing a tab that is not applied, in the page\'s modal dialog: focus on Keep, Escape keeps it', async () => {
    await region().getByRole('button', { name: 'Close', exact: true }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Close daemonset.yaml? Its changes are not applied to the cluster and will be lost.' });
    await dialog.waitFor();
    await expect.poll(() => s.page.evaluate(() => document.activeElement?.textContent)).toBe('Keep');
    await s.screenshot('editor-confirm-close');
    await s.page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await region().getByRole('tab', { name: /daemonset\.yaml/ }).count()).toBe(1);
  });

  it('applies with Ctrl+Enter: kubectl output in the terminal, then Applied', async () => {
    await region().locator('.monaco-editor').click();
    await s.page.keyboard.press('Control+Enter');
    await expect.poll(terminal).toContain('$ kubectl apply -f daemonset.yaml');
    await expect.poll(terminal).toContain('daemonset.apps/log-agent created');
    await expect.poll(status).toBe('Applied');
    expect(await monacoText()).not.toContain('\n\n\n'); // Ctrl+Enter applied; it inserted no line
    await s.screenshot('editor-applied');
  });

  it('opens what "> FILE" wrote in a tab of its own, ready to edit and apply', async () => {
    const input = s.page.getByRole('textbox', { name: 'Command' });
    await input.fill('kubectl get ds log-agent -o yaml > live.yaml');
    await input.press('Enter');
    await expect.poll(terminal).toContain('$ kubectl get ds log-agent -o yaml > live.yaml');
    const tab = region().getByRole('tab', { name: /live\.yaml/ });
    await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
    await expect.poll(monacoText).toContain('kind: DaemonSet');
    expect(await monacoText()).toContain('name: log-agent');
    expect(await terminal()).not.toContain('kind: DaemonSet'); // the output went to the file only
    await s.screenshot('editor-redirected');
    await region().locator('.monaco-editor').click();
    await s.page.keyboard.press('Control+Enter');
    await expect.poll(terminal).toContain('$ kubectl apply -f live.yaml');
    await expect.poll(terminal).toContain('daemonset.apps/log-agent configured');
    await expect.poll(status).toBe('Applied');
    // Written again, the same tab takes the new text.
    await input.fill('kubectl get ds log-agent -o name > live.yaml');
    await input.press('Enter');
    await expect.poll(monacoText).toBe('daemonset.apps/log-agent');
    expect(await region().getByRole('tab', { name: /live\.yaml/ }).count()).toBe(1);
  });

  it('lets a keyboard user leave Monaco: Ctrl+M is shown and makes Tab move focus', async () => {
    await region().locator('.monaco-editor').click();
    const hint = region().getByText(/^Tab key /);
    expect(await hint.textContent()).toContain('Tab key indents · Ctrl+M: Tab moves focus');
    await s.page.keyboard.press('Control+M');
    await expect.poll(() => hint.textContent()).toContain('Tab key moves focus · Ctrl+M: Tab indents');
    await s.page.keyboard.press('Tab');
    const inMonaco = () => s.page.evaluate(() => document.activeElement?.closest('.monaco-editor') !== null);
    expect(await inMonaco()).toBe(false);
    await s.screenshot('editor-tab-focus-mode');
    await region().locator('.monaco-editor').click();
    await s.page.keyboard.press('Control+M');
  });

  it('follows the page into the dark theme', async () => {
    await s.page.getByRole('button', { name: 'Dark theme' }).click();
    const background = () => region().locator('.monaco-editor .monaco-editor-background').evaluate((el) => getComputedStyle(el).backgroundColor);
    const surface = await region().evaluate((el) => getComputedStyle(el).backgroundColor);
    await expect.poll(background).toBe(surface);
    await s.screenshot('editor-dark');
    await s.page.getByRole('button', { name: 'Dark theme' }).click();
  });

  it('ran under the strict policy without a violation or a console error', () => {
    expect(s.errors).toEqual([]);
  });
});

describe('editor loading', () => {
  it('fetches no Monaco chunk while the editor is not on screen (narrow layout, Picture tab)', async () => {
    const narrow = await openPlayground();
    try {
      // a page of its own, narrow before it loads anything
      const page = await narrow.page.context().newPage();
      await page.setViewportSize({ width: 600, height: 900 });
      const requested: string[] = [];
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('request', (r) => {
        if (/\/assets\/(monaco|editor\.worker|yaml\.worker)-/.test(r.url())) requested.push(r.url());
      });
      await page.goto(`${narrow.url}${PLAYGROUND}`);
      await page.getByRole('tab', { name: 'Picture', selected: true }).waitFor();
      await page.waitForTimeout(1000); // nothing may arrive in this while
      expect(requested).toEqual([]);
      await page.getByRole('tab', { name: 'Editor' }).click();
      await page.getByRole('region', { name: 'Editor' }).locator('.monaco-editor').waitFor();
      expect(requested.some((u) => /\/monaco-/.test(u))).toBe(true);
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'editor-narrow.png'), fullPage: true });
      expect(errors).toEqual([]);
    } finally {
      await narrow.close();
    }
  });

  it('prints the size of Monaco with YAML (gzip), loaded only with the editor', () => {
    const assets = readdirSync('dist/assets');
    const size = (re: RegExp) =>
      assets.filter((f) => re.test(f)).reduce((n, f) => n + gzipSync(readFileSync(`dist/assets/${f}`)).length, 0);
    const monaco = size(/^(monaco-.*\.(js|css)|editor\.worker-.*\.js|yaml\.worker-.*\.js|codicon-.*\.ttf)$/);
    const page = size(/^index-.*\.(js|css)$/);
    console.log(`figures: Monaco with YAML ${(monaco / 1024).toFixed(0)} KiB gzip (chunks, workers, font); page before Monaco ${(page / 1024).toFixed(0)} KiB gzip`);
    expect(monaco).toBeGreaterThan(page);
  });
});
