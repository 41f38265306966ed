/**
 * A learner does L1 through the lesson column in real Chromium, against the production build
 * served from a sub-path under the strict CSP: the index lists it, the prediction gates the Run,
 * a hint helps, editing the YAML and pressing Apply turns the checks green, a step's callout
 * lights its node in the picture, the lesson finishes
 * with what was learned, and a reload keeps it all (the index says done); New cluster starts the
 * lesson's own cluster again and keeps the learner on the lesson.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, type Session } from './browser.js';

let s: Session;

beforeAll(async () => {
  s = await openPlayground('lessons/');
});

afterAll(async () => {
  await s?.close();
});

const lesson = () => s.page.getByRole('region', { name: 'Lesson' });
const checks = () => lesson().getByRole('list', { name: 'Checks' }).getByRole('listitem');
const check = (id: string) => checks().filter({ hasText: id });
const currentStep = () => lesson().locator('li[aria-current="step"]');
const editor = () => s.page.getByRole('region', { name: 'Editor' });
const terminal = () => s.page.getByRole('log', { name: 'Terminal output' }).textContent();

/** Replaces the editor's text (the plain textarea until Monaco is there, then Monaco, by paste). */
async function replaceText(text: string): Promise<void> {
  const monaco = editor().locator('.monaco-editor');
  if ((await monaco.count()) > 0) await monaco.click();
  else await editor().getByRole('textbox').first().click();
  await s.page.keyboard.press('Control+A');
  await s.page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    const target = document.activeElement!;
    const pasted = target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    if (pasted && target instanceof HTMLTextAreaElement) {
      target.value = t;
      target.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }, text);
}

describe('L1 through the lesson column', () => {
  it('lists the lessons by track with minutes', async () => {
    const links = s.page.getByRole('main').getByRole('link');
    await expect.poll(() => links.count()).toBeGreaterThan(10);
    expect(await links.first().getAttribute('href')).toBe('./L1/');
    expect(await s.page.getByRole('heading', { name: 'basics' }).count()).toBe(1);
    expect(await s.page.getByRole('main').textContent()).toContain('10 min');
    await s.screenshot('lessons-index');
  });

  it('opens L1 with its setup, its file in the editor and every check not yet, with the reason', async () => {
    await s.page.getByRole('link', { name: /^L1:/ }).click();
    await s.page.waitForURL(/\/lessons\/L1\/$/);
    await expect.poll(() => checks().count(), { timeout: 20_000 }).toBe(3);
    expect(await check('l1-status').textContent()).toMatch(/not yet: .+/);
    await expect.poll(() => s.page.getByRole('list', { name: 'Nodes' }).getByRole('listitem').count()).toBe(3);
    await expect.poll(() => editor().textContent()).toContain('start/log-agent.yaml');
    await s.screenshot('lesson-L1-open');
  });

  it('gates the Run on the prediction, and explains the answer', async () => {
    const run = currentStep().locator('.buttons').getByRole('button', { name: 'Run' });
    expect(await run.isDisabled()).toBe(true);
    const prediction = lesson().getByRole('group', { name: 'Prediction' });
    await prediction.getByRole('radio', { name: 'The apply is rejected and nothing is created.' }).check();
    await prediction.getByRole('button', { name: 'Answer' }).click();
    await expect.poll(() => lesson().textContent()).toContain('Right.');
    await s.screenshot('lesson-L1-predicted');
    await run.click();
    await expect.poll(terminal).toContain('unknown field "spec.replicas"');
    await expect.poll(() => currentStep().textContent()).toContain('Fix the manifest');
  });

  it('gives a graded hint per press', async () => {
    await lesson().getByRole('button', { name: 'Hint' }).click();
    await expect.poll(() => lesson().getByRole('list', { name: 'Hints' }).getByRole('listitem').count()).toBe(1);
    expect(await lesson().getByRole('list', { name: 'Hints' }).textContent()).toContain('no number to set');
    await s.screenshot('lesson-L1-hint');
  });

  it('turns the checks green as the learner edits, applies and settles', async () => {
    await expect.poll(() => editor().getByRole('button', { name: 'Apply' }).isEnabled()).toBe(true);
    const yaml = await s.page.evaluate(async () => {
      const r = await fetch('./lesson.json');
      return ((await r.json()) as { files: Record<string, string> }).files['start/log-agent.yaml']!;
    });
    await replaceText(yaml.replace(/^\s*replicas: 3.*\n/m, ''));
    await editor().getByRole('button', { name: 'Apply' }).click();
    await expect.poll(terminal).toContain('daemonset.apps/log-agent created');
    await s.page.getByRole('textbox', { name: 'Command' }).fill('sim settle');
    await s.page.getByRole('textbox', { name: 'Command' }).press('Enter');
    await expect.poll(() => check('l1-status').textContent()).toContain('passed');
    await expect.poll(() => check('l1-one-per-node').textContent()).toContain('passed');
    await expect.poll(() => currentStep().textContent()).toContain('Delete the pod on node-2');
    await s.screenshot('lesson-L1-green');
  });

  it("lights the step's node callout in the picture, with its note, and says it in the live region", async () => {
    const picture = s.page.getByRole('region', { name: 'Picture' });
    await expect.poll(() => picture.locator('g.node.lit').getAttribute('data-node')).toBe('node-2');
    expect(await picture.locator('g.node.lit').count()).toBe(1);
    expect(await picture.locator('g.callout-note').textContent()).toBe('Node node-2: The replacement lands here, on the same node');
    await expect.poll(() => s.page.getByRole('status', { name: 'Changes' }).textContent()).toContain('Node node-2: The replacement lands here');
    await s.screenshot('lesson-L1-callout');
  });

  it('finishes with what was learned and the next lesson, through a Run button on the prose', async () => {
    await currentStep().getByRole('button', { name: 'Run' }).first().click(); // the delete in the step's text
    await expect.poll(terminal).toContain('deleted');
    await s.page.getByRole('textbox', { name: 'Command' }).fill('sim settle');
    await s.page.getByRole('textbox', { name: 'Command' }).press('Enter');
    await expect.poll(() => check('l1-replaced').textContent()).toContain('passed');
    await expect.poll(() => currentStep().textContent()).toContain('the selector is fixed');
    await currentStep().getByRole('button', { name: 'Next step' }).click();
    const done = lesson().getByRole('status', { name: 'Done' });
    await done.waitFor();
    expect(await done.textContent()).toContain('Create a DaemonSet and read DESIRED');
    expect(await done.getByRole('link').textContent()).toContain('Next: L2');
    await s.screenshot('lesson-L1-done');
  });

  it('keeps it all across a reload, and the index says done', async () => {
    await s.page.reload();
    await lesson().getByRole('status', { name: 'Done' }).waitFor({ timeout: 20_000 });
    expect(await checks().filter({ hasText: 'passed' }).count()).toBe(3);
    expect(await lesson().locator('.step .badge').count()).toBe(4);
    await s.page.goto(`${s.url}lessons/`);
    await expect.poll(() => s.page.getByRole('listitem').filter({ hasText: 'L1:' }).textContent()).toContain('done');
    await s.screenshot('lessons-index-progress');
  });

  it('rewinds from its terminal, branches, and a reload shows the branch shown, the lesson still done', async () => {
    await s.page.goto(`${s.url}lessons/L1/`);
    await lesson().getByRole('status', { name: 'Done' }).waitFor({ timeout: 20_000 });
    const type = async (line: string) => {
      const before = (await terminal()) ?? '';
      await s.page.getByRole('textbox', { name: 'Command' }).fill(line);
      await s.page.getByRole('textbox', { name: 'Command' }).press('Enter');
      await expect.poll(async () => ((await terminal()) ?? '').length).toBeGreaterThan(before.length);
    };
    const nodes = () => s.page.getByRole('list', { name: 'Nodes' }).textContent();
    await type('sim checkpoint finished');
    const finished = await nodes();
    await type('kubectl delete pod -l app=log-agent --field-selector spec.nodeName=node-1');
    await type('sim settle');
    await expect.poll(nodes).not.toBe(finished);
    await type('sim rewind finished');
    await expect.poll(nodes).toBe(finished);
    const timeline = s.page.getByRole('slider', { name: 'Timeline' });
    expect(await timeline.getAttribute('aria-valuetext')).toMatch(/^after command \d+ of \d+/);
    await type('sim advance 10s');
    const shown = await nodes();
    await s.page.reload();
    await lesson().getByRole('status', { name: 'Done' }).waitFor({ timeout: 20_000 });
    await expect.poll(nodes, { timeout: 20_000 }).toBe(shown);
  });

  it("starts the lesson's own cluster again on New cluster: the learner stays on the lesson, the steps done", async () => {
    await s.page.getByRole('button', { name: 'New cluster' }).click();
    const dialog = s.page.getByRole('dialog', { name: 'Start a new cluster?' });
    await dialog.getByRole('button', { name: 'Start new cluster' }).click();
    await expect.poll(() => check('l1-status').textContent()).toContain('not yet: daemonset/log-agent does not exist yet');
    expect(s.page.url()).toMatch(/\/lessons\/L1\/$/);
    expect(await lesson().locator('.step .badge').count()).toBe(4);
    await expect.poll(() => s.page.getByRole('list', { name: 'Nodes' }).getByRole('listitem').count()).toBe(3);
    await s.page.reload();
    await expect.poll(() => lesson().locator('.step .badge').count(), { timeout: 20_000 }).toBe(4);
    expect(await check('l1-status').textContent()).toContain('not yet');
  });

  it('breaks no CSP rule and sends no request off the origin', () => {
    expect(s.errors).toEqual([]);
    expect(s.offOrigin).toEqual([]);
  });
});
