/**
 * Accessibility of the shell with axe-core, run inside the page (axe-core itself:
 * @axe-core/playwright 4.14 needs Node >= 22.12; its source is evaluated in the page, which works
 * under the strict CSP where an injected script tag does not): no serious or critical violation
 * in the light and dark themes, the narrow layout, the New cluster dialog and the lessons list.
 * Keyboard-only use: every control is reachable with Tab, and Escape then Tab leaves the prompt.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, type Session } from './browser.js';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly string[] }[];
}

let s: Session;

beforeAll(async () => {
  s = await openPlayground();
  await s.page.getByRole('list', { name: 'Nodes' }).getByRole('listitem').first().waitFor();
});

afterAll(async () => {
  await s?.close();
});

/** The serious and critical violations on the page now (all of them are printed). */
async function serious(state: string): Promise<string[]> {
  if (!(await s.page.evaluate(() => 'axe' in window))) await s.page.evaluate(AXE);
  const violations = (await s.page.evaluate(() => (window as unknown as { axe: { run(d: Document): Promise<{ violations: Violation[] }> } }).axe.run(document).then((r) => r.violations))) as Violation[];
  for (const v of violations) console.log(`axe ${state}: ${v.impact} ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility', () => {
  it('has no serious or critical axe violation, light and dark', async () => {
    expect(await serious('light')).toEqual([]);
    await s.page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await serious('dark')).toEqual([]);
    await s.page.getByRole('button', { name: 'Dark theme' }).click();
  });

  it('has none in the New cluster dialog, nor with the toolbox open', async () => {
    await s.page.getByRole('button', { name: 'Toolbox' }).click();
    expect(await serious('toolbox')).toEqual([]);
    await s.page.getByRole('button', { name: 'Toolbox' }).click();
    await s.page.getByRole('button', { name: 'New cluster' }).click();
    await s.page.getByRole('dialog').waitFor();
    expect(await serious('dialog')).toEqual([]);
    await s.page.keyboard.press('Escape');
    await expect.poll(() => s.page.getByRole('dialog').count()).toBe(0);
  });

  it('has none in the narrow layout', async () => {
    await s.page.setViewportSize({ width: 360, height: 740 });
    await s.page.getByRole('tablist').waitFor();
    expect(await serious('narrow')).toEqual([]);
    await s.page.setViewportSize({ width: 1280, height: 720 });
  });

  it('reaches the time controls, the editor and the prompt with the keyboard alone', async () => {
    const p = s.page;
    await p.getByRole('link', { name: 'Everynode' }).focus();
    const reached = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await p.keyboard.press('Tab');
      const name = await p.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? `${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}` : '';
      });
      reached.add(name);
      if (name === 'Command') break;
      // Tab indents inside Monaco; its own Ctrl+M (announced under the editor) makes Tab move on
      if (name.startsWith('YAML of ')) await p.keyboard.press('Control+M');
    }
    console.log([...reached].join(' | '));
    for (const name of ['New cluster', 'Play', 'Step', 'Next wave', 'Timeline', 'Apply', 'Diff', 'Command']) expect(reached, name).toContain(name);
  });

  it('has none on the landing page and the workshop pages', async () => {
    const pages: [string, () => Promise<unknown>][] = [
      ['', () => s.page.getByRole('figure').getByRole('list', { name: 'Nodes' }).getByRole('listitem').first().waitFor()],
      ['workshop/', () => s.page.getByRole('group', { name: 'Exercises' }).getByRole('checkbox').first().waitFor()],
      ['workshop/?ids=W1,W2', () => s.page.getByRole('timer', { name: 'Time left' }).waitFor()],
      ['workshop/results/?ids=W1,W2', () => s.page.getByRole('button', { name: 'Copy' }).waitFor()],
      ['workshop/own/', () => s.page.getByLabel('Lesson folder (zip)').waitFor()],
    ];
    for (const [path, loaded] of pages) {
      await s.page.goto(`${s.url}${path}`);
      await loaded();
      expect(await serious(path || 'landing'), path || 'landing').toEqual([]);
      await s.page.getByRole('button', { name: 'Dark theme' }).click();
      expect(await serious(`${path || 'landing'} dark`), `${path || 'landing'} dark`).toEqual([]);
      await s.page.getByRole('button', { name: 'Dark theme' }).click();
    }
    expect(s.errors).toEqual([]);
  }, 120_000);

  it('lists the lessons accessibly too', async () => {
    await s.page.goto(`${s.url}lessons/`);
    await s.page.getByRole('main').getByRole('link').first().waitFor();
    expect(await serious('lessons')).toEqual([]);
    expect(s.errors).toEqual([]);
  });
});
