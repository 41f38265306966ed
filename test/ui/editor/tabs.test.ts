/**
 * The tabs keep the playground's files equal to what is open, refuse names a command line cannot
 * carry, and check every open file again (at most once a second) when the cluster changes.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EditorHost } from '../../../src/ui/editor/host.js';
import { EditorTabs } from '../../../src/ui/editor/tabs.svelte.js';

function host(loaded: Promise<void> = Promise.resolve()) {
  const batch: (() => void)[] = [];
  const checked: string[] = [];
  const h: EditorHost = {
    id: 'p',
    files: {},
    run: async () => [],
    query: async <T>(_type: string, args: unknown) => {
      checked.push((args as { text: string }).text);
      return [] as T;
    },
    cluster: { onBatch: (fn) => (batch.push(fn), () => batch.splice(batch.indexOf(fn), 1)), loaded },
  };
  return { h, batch, checked };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('EditorTabs', () => {
  it('mirrors the open tabs into the playground files through add, edit, rename and close', () => {
    const { h } = host();
    const tabs = new EditorTabs(h, [{ name: 'a.yaml', text: 'a' }]);
    expect(h.files).toEqual({ 'a.yaml': 'a' });
    expect(tabs.add()).toBeUndefined();
    expect(tabs.activeName).toBe('untitled-1.yaml');
    tabs.edit('untitled-1.yaml', 'x');
    expect(tabs.rename('untitled-1.yaml', 'b.yaml')).toBeUndefined();
    expect(h.files).toEqual({ 'a.yaml': 'a', 'b.yaml': 'x' });
    expect(tabs.active?.name).toBe('b.yaml');
    tabs.close('b.yaml');
    expect(h.files).toEqual({ 'a.yaml': 'a' });
    expect(tabs.activeName).toBe('a.yaml');
    expect(tabs.records()).toEqual([{ name: 'a.yaml', text: 'a' }]);
    tabs.dispose();
  });

  it('refuses names with blanks, a leading dash or already open, and changes nothing', () => {
    const { h } = host();
    const tabs = new EditorTabs(h, [{ name: 'a.yaml', text: 'a' }, { name: 'b.yaml', text: 'b' }]);
    expect(tabs.nameProblem('-')).toMatch(/cannot be a file name here/);
    expect(tabs.nameProblem('x y')).toMatch(/cannot be a file name here/);
    expect(tabs.nameProblem('')).toBe('A file name is required.');
    expect(tabs.rename('a.yaml', 'b.yaml')).toBe('A tab named "b.yaml" is already open.');
    expect(tabs.add('a.yaml')).toBe('A tab named "a.yaml" is already open.');
    expect(tabs.rename('a.yaml', 'a.yaml')).toBeUndefined();
    expect(Object.keys(h.files)).toEqual(['a.yaml', 'b.yaml']);
    tabs.dispose();
  });

  it('checks every file again once a second at most while batches stream in', async () => {
    vi.useFakeTimers();
    const { h, batch, checked } = host();
    const tabs = new EditorTabs(h, [{ name: 'a.yaml', text: 'a' }, { name: 'b.yaml', text: 'b' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(checked.sort()).toEqual(['a', 'b']); // the first check of each file
    checked.length = 0;
    for (let i = 0; i < 50; i++) batch.forEach((fn) => fn());
    await vi.advanceTimersByTimeAsync(2000);
    expect(checked.sort()).toEqual(['a', 'b']);
    tabs.dispose();
    expect(batch).toEqual([]);
  });

  it('asks for no check before the session has loaded (the worker would answer for its empty cluster)', async () => {
    vi.useFakeTimers();
    let load!: () => void;
    const { h, checked } = host(new Promise<void>((resolve) => (load = resolve)));
    const tabs = new EditorTabs(h, [{ name: 'a.yaml', text: 'a' }]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(checked).toEqual([]);
    load();
    await vi.advanceTimersByTimeAsync(0);
    expect(checked).toEqual(['a']);
    tabs.dispose();
  });
});
