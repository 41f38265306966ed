// @vitest-environment jsdom
/**
 * Two playgrounds on one page (as the docs widget will put them) are two independent instances:
 * each view has its own regions, its own cluster and its own terminal, and a command in one
 * changes nothing in the other. Nothing in the page is a module singleton.
 */
import { within } from '@testing-library/svelte';
import { beforeAll, describe, expect, it } from 'vitest';
import PlaygroundView from '../../src/ui/PlaygroundView.svelte';
import { Layout } from '../../src/ui/shell/layout.svelte.js';
import type { StorageLike } from '../../src/ui/persist.js';
import { memoryStorage } from './memory-storage.js';
import { stubJsdom } from './jsdom-stubs.js';
import { mountIn, readyPlaygrounds, tick } from './ready-playground.js';

beforeAll(stubJsdom);

const ready = readyPlaygrounds();

async function mounted(id: string, storage?: StorageLike) {
  const playground = await ready(id, storage);
  return { playground, view: mountIn(PlaygroundView, { playground, layout: new Layout(undefined) }) };
}

describe('two playgrounds on one page', () => {
  it('each has its own regions, cluster and terminal', async () => {
    const storage = memoryStorage();
    const a = await mounted('a', storage);
    const b = await mounted('b', storage);
    await tick();
    for (const { view } of [a, b]) {
      expect(view.getByRole('list', { name: 'Nodes' }).querySelectorAll('li')).toHaveLength(3);
      expect(view.getByRole('region', { name: 'Why' })).toBeTruthy();
      expect(view.getByRole('region', { name: 'Editor' })).toBeTruthy();
      expect(view.getByRole('textbox', { name: 'Command' })).toBeTruthy();
    }
    await a.playground.run('sim node add only-a');
    await tick();
    expect(a.view.getByRole('list', { name: 'Nodes' }).querySelectorAll('li')).toHaveLength(4);
    expect(b.view.getByRole('list', { name: 'Nodes' }).querySelectorAll('li')).toHaveLength(3);
    expect(a.view.getByRole('log', { name: 'Terminal output' }).textContent).toContain('$ sim node add only-a');
    // Each command and its output a block of its own (transcript.svelte.ts, blocksOf).
    expect([...a.view.getByRole('log', { name: 'Terminal output' }).querySelectorAll(':scope > .block')].map((b) => b.textContent)).toEqual(['$ sim node add only-a\nnode/only-a created\n']);
    expect(b.view.getByRole('log', { name: 'Terminal output' }).textContent).toBe('');
    await tick();
    expect(JSON.parse(storage.getItem('everynode:a:session')!).data.log.commands.at(-1)).toMatchObject({ line: 'sim node add only-a' });
    expect(JSON.parse(storage.getItem('everynode:b:session') ?? '{"data":{"log":{"commands":[]}}}').data.log.commands.map((c: { line: string }) => c.line)).not.toContain('sim node add only-a');
  });

  it('keeps element ids apart, so labels and tabs point into their own playground', async () => {
    await mounted('one');
    await mounted('two');
    const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
