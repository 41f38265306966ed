/**
 * The playground page in real Chromium: the shell's regions carry the accessible names of the
 * contract, and commands typed in the terminal reach the engine worker and print what kubectl
 * would, with the picture's mirror of the cluster following.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, type Session } from './browser.js';

let s: Session;

beforeAll(async () => {
  s = await openPlayground();
});

afterAll(async () => {
  await s?.close();
});

/** Types `command` at the prompt, presses Enter and waits until the worker has answered. */
async function run(command: string): Promise<string> {
  const input = s.page.getByRole('textbox', { name: 'Command' });
  await input.fill(command);
  await input.press('Enter');
  await s.page.waitForFunction(() => document.querySelector('[role=log][aria-busy=false]') !== null);
  return (await s.page.getByRole('log', { name: 'Terminal output' }).textContent()) ?? '';
}

describe('playground shell', () => {
  it('shows every region of the contract by its accessible name', async () => {
    const p = s.page;
    await p.getByRole('textbox', { name: 'Command' }).waitFor();
    for (const [role, name] of [
      ['list', 'Nodes'],
      ['region', 'Why'],
      ['region', 'Editor'],
      ['button', 'Apply'],
      ['button', 'Diff'],
      ['button', 'Play'],
      ['button', 'Step'],
      ['button', 'Next wave'],
      ['slider', 'Timeline'],
    ] as const) {
      expect(await p.getByRole(role, { name, exact: true }).count(), `${role} "${name}"`).toBe(1);
    }
    await s.screenshot('shell-first-visit');
  });

  it('adds a node through the engine worker, lists it and keeps focus at the prompt', async () => {
    await run('sim node add node-1');
    await run('sim settle');
    const out = await run('kubectl get nodes');
    expect(out).toContain('$ kubectl get nodes');
    expect(out).toMatch(/node-1\s+Ready\s+<none>/);
    await expect.poll(() => s.page.getByRole('list', { name: 'Nodes' }).getByRole('listitem').first().textContent()).toMatch(/^node-1, Ready/);
    expect(await s.page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Command');
    await s.screenshot('shell-node-added');
  });

  it('prints kubectl errors in the terminal', async () => {
    const out = await run('kubectl get ds nope');
    expect(out).toContain('Error from server (NotFound): daemonsets.apps "nope" not found');
  });

  it('has no console errors', () => {
    expect(s.errors).toEqual([]);
  });
});
