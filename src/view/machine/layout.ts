/**
 * A state machine drawn from its xstate definition, through the transition table the engine
 * itself runs (`transitionTable`, sim/machines/table.ts; plain data, so the worker can send it),
 * laid out as columns, one per top-level state, with its atomic states stacked inside. Events that lead every state to the same place (a root-level `on`, such as a
 * pod's REMOVED) are listed once instead of drawn from every box.
 */
import type { TransitionTable } from '../../sim/machines/table.js';

export interface StateBox {
  /** Atomic state path (`Pending.Pulling`). */
  readonly id: string;
  /** The name shown: the path below the top-level state. */
  readonly label: string;
  readonly column: number;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly final: boolean;
}

export interface ColumnBox {
  readonly label: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface Edge {
  readonly from: string;
  readonly to: string;
  /** Events taking this edge (some under a guard). */
  readonly events: readonly string[];
}

export interface MachineLayout {
  readonly machine: string;
  readonly initial: string;
  readonly columns: readonly ColumnBox[];
  readonly states: ReadonlyMap<string, StateBox>;
  readonly edges: readonly Edge[];
  /** Events every state handles the same way: `event -> target`. */
  readonly global: readonly { readonly event: string; readonly to: string }[];
  readonly width: number;
  readonly height: number;
}

const BOX_W = 150;
const BOX_H = 24;
const COL_GAP = 40;
const ROW_GAP = 10;
const HEAD = 22;

/** Lays out a machine's transition table. */
export function layoutTable(table: TransitionTable): MachineLayout {
  const ids = Object.keys(table.on);
  const tops: string[] = [];
  for (const id of ids) {
    const top = id.split('.')[0]!;
    if (!tops.includes(top)) tops.push(top);
  }
  const global = globalEvents(table, ids);
  const globalSet = new Set(global.map((g) => g.event));
  const states = new Map<string, StateBox>();
  const columns: ColumnBox[] = [];
  let height = 0;
  tops.forEach((top, column) => {
    const members = ids.filter((id) => id === top || id.startsWith(`${top}.`));
    const x = column * (BOX_W + COL_GAP) + 10;
    members.forEach((id, row) => {
      const label = id === top ? top : id.slice(top.length + 1);
      states.set(id, { id, label, column, x, y: HEAD + 8 + row * (BOX_H + ROW_GAP), w: BOX_W, h: BOX_H, final: table.finals.includes(id) });
    });
    const h = HEAD + 8 + members.length * (BOX_H + ROW_GAP);
    columns.push({ label: top, x: x - 6, y: 0, w: BOX_W + 12, h });
    height = Math.max(height, h);
  });
  const edges = new Map<string, { from: string; to: string; events: string[] }>();
  for (const from of ids) {
    for (const [event, candidates] of Object.entries(table.on[from]!)) {
      if (globalSet.has(event)) continue;
      for (const c of candidates) {
        if (c.target === from) continue;
        const key = `${from}\u0000${c.target}`;
        let e = edges.get(key);
        if (!e) edges.set(key, (e = { from, to: c.target, events: [] }));
        if (!e.events.includes(event)) e.events.push(event);
      }
    }
  }
  return { machine: table.machine, initial: table.initial, columns, states, edges: [...edges.values()], global, width: tops.length * (BOX_W + COL_GAP) + 10, height: height + 10 };
}

/** Events with one target that every non-final state (and the target itself aside) handles. */
function globalEvents(table: TransitionTable, ids: readonly string[]): { event: string; to: string }[] {
  const live = ids.filter((id) => !table.finals.includes(id));
  const first = live[0];
  if (!first) return [];
  const out: { event: string; to: string }[] = [];
  for (const [event, candidates] of Object.entries(table.on[first]!)) {
    const to = candidates.length === 1 ? candidates[0]!.target : undefined;
    if (!to) continue;
    if (live.every((id) => id === to || (table.on[id]![event]?.length === 1 && table.on[id]![event]![0]!.target === to))) out.push({ event, to });
  }
  return out;
}

/** The path a machine took, as edges between consecutive visited states (for dimmed drawing). */
export function pathEdges(visited: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < visited.length; i++) out.add(`${visited[i - 1]}\u0000${visited[i]}`);
  return out;
}
