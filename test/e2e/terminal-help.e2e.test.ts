/**
 * Help and kubectl explain at the page's terminal, in real Chromium against the production
 * build: explain fetches the field docs chunk only when asked and prints the upstream words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, type Session } from './browser.js';

let s: Session;
const fetched: string[] = [];

beforeAll(async () => {
  s = await openPlayground();
  s.page.context().on('request', (r) => fetched.push(r.url()));
});

afterAll(async () => {
  await s?.close();
});

const terminalText = async () => (await s.page.getByRole('log', { name: 'Terminal output' }).textContent()) ?? '';

async function run(command: string): Promise<string> {
  const input = s.page.getByRole('textbox', { name: 'Command' });
  await input.fill(command);
  await input.press('Enter');
  await s.page.waitForFunction(() => document.querySelector('[role=log][aria-busy=false]') !== null);
  return terminalText();
}

const fieldDocsChunk = () => fetched.some((u) => /field-docs-[\w-]+\.js$/.test(u));

describe('help and explain in the terminal', () => {
  it('answers kubectl VERB -h', async () => {
    expect(await run('kubectl get -h')).toContain('Display one or many resources.');
  });

  // Requests are watched from after the page loaded: seeing the chunk now means it was not loaded with the page.
  it('kubectl explain fetches the field docs when asked and prints the upstream descriptions', async () => {
    const out = await run('kubectl explain ds.spec');
    expect(out).toContain('FIELD: spec <DaemonSetSpec>');
    expect(out).toContain('DaemonSetSpec is the specification of a daemon set.');
    expect(out).toMatch(/updateStrategy\s*<DaemonSetUpdateStrategy>/);
    expect(fieldDocsChunk()).toBe(true);
  });

  it('has no console errors', () => {
    expect(s.errors).toEqual([]);
  });
});
