/**
 * The playground page runs the engine in a Web Worker in real Chromium: commands typed in the
 * terminal reach the cluster and print what kubectl would.
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

async function run(command: string): Promise<string> {
  const input = s.page.getByTestId('command');
  await input.fill(command);
  await input.press('Enter');
  await s.page.waitForFunction(() => !(document.querySelector('[data-testid=command]') as HTMLTextAreaElement).disabled);
  return (await s.page.getByTestId('output').textContent()) ?? '';
}

describe('playground terminal', () => {
  it('adds a node through the engine worker and lists it', async () => {
    await run('sim node add node-1');
    await run('sim settle');
    const out = await run('kubectl get nodes');
    expect(out).toContain('$ kubectl get nodes');
    expect(out).toMatch(/node-1\s+Ready\s+<none>/);
  });

  it('prints kubectl errors in the terminal', async () => {
    const out = await run('kubectl get ds nope');
    expect(out).toContain('Error from server (NotFound): daemonsets.apps "nope" not found');
  });

  it('has no console errors', () => {
    expect(s.errors).toEqual([]);
  });
});
