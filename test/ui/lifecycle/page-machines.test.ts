/**
 * The page's own machines as the lifecycle view draws them: a table per machine from the
 * definitions the page runs, snapshot values named as the tables name states, and the path
 * taken as a trail.
 */
import { describe, expect, it } from 'vitest';
import { extendTrail, PAGE_MACHINES, pageTable, statePath } from '../../../src/ui/lifecycle/page-machines.js';
import { layoutTable } from '../../../src/view/machine/layout.js';

describe('page machines in the lifecycle view', () => {
  it('has a table for playback, editor and session, each starting in a state it draws', () => {
    expect(PAGE_MACHINES).toEqual(['Playback', 'Editor', 'Session']);
    for (const m of PAGE_MACHINES) {
      const table = pageTable(m);
      expect(Object.keys(table.on)).toContain(table.initial);
      expect(layoutTable(table).states.has(table.initial)).toBe(true);
      expect(pageTable(m)).toBe(table);
    }
    expect(Object.keys(pageTable('Playback').on).sort()).toEqual(['Paused', 'Playing', 'Rewound', 'Stepping']);
    expect(Object.keys(pageTable('Editor').on)).toContain('idle.dirty');
  });

  it('names a snapshot value by its atomic path, as the tables do', () => {
    expect(statePath('Paused')).toBe('Paused');
    expect(statePath({ idle: 'dirty' })).toBe('idle.dirty');
    expect(statePath({ a: { b: 'c' } })).toBe('a.b.c');
  });

  it('keeps the path taken, a repeat of the current state ignored', () => {
    let trail: readonly string[] = [];
    for (const s of ['Paused', 'Paused', 'Playing', undefined, 'Paused']) trail = extendTrail(trail, s);
    expect(trail).toEqual(['Paused', 'Playing', 'Paused']);
  });
});
