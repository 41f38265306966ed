/**
 * The page's own machines (src/machines: playback, editor, session root), drawn in the lifecycle
 * view like a pod's or a node's: their transition tables, made once from the definitions the
 * page runs, and the atomic state path of a snapshot (`Ready`, `idle.dirty`), which is how the
 * tables name states.
 */
import type { StateValue } from 'xstate';
import { editorMachine } from '../../machines/editor.js';
import { playback } from '../../machines/playback.js';
import { session } from '../../machines/session.js';
import { transitionTable, type TransitionTable } from '../../sim/machines/table.js';

export type PageMachine = 'Playback' | 'Editor' | 'Session';

export const PAGE_MACHINES: readonly PageMachine[] = ['Playback', 'Editor', 'Session'];

const tables = new Map<PageMachine, TransitionTable>();

/** The machine's table (derived on first use, then kept). */
export function pageTable(m: PageMachine): TransitionTable {
  let t = tables.get(m);
  if (!t) tables.set(m, (t = transitionTable(m === 'Playback' ? playback : m === 'Editor' ? editorMachine : session)));
  return t;
}

/** The atomic state path of a snapshot's value: `'Paused'`, `{ idle: 'dirty' }` -> `idle.dirty`. */
export function statePath(value: StateValue): string {
  if (typeof value === 'string') return value;
  const [key, child] = Object.entries(value)[0] ?? [];
  if (key === undefined) return '';
  return child === undefined || (typeof child === 'object' && Object.keys(child).length === 0) ? key : `${key}.${statePath(child as StateValue)}`;
}

/** A path taken: the states in the order they were current, a repeat of the last one ignored. */
export function extendTrail(trail: readonly string[], state: string | undefined): readonly string[] {
  if (state === undefined || trail.at(-1) === state) return trail;
  return [...trail, state];
}
