/**
 * A transition table derived once from an xstate machine DEFINITION, and the tiny interpreter the
 * engine runs on it instead of xstate actors or `transition()` (a pure `transition()` call
 * builds a throwaway actor; a table lookup is a few map reads).
 *
 * The table is keyed by atomic state path (`Pending.Pulling`) and event type. Each entry lists
 * the candidate transitions in definition order, each with its guard name and resolved atomic
 * target, exactly as xstate would try them: the deepest state that handles the event wins, and
 * the first candidate whose guard passes is taken. A target that is a compound state resolves to
 * its initial leaf; a targetless transition stays where it is.
 *
 * Assumptions:
 * - Machines use only compound and atomic/final states (no parallel or history states) and
 *   named guards (strings), with no `always` or delayed transitions.
 * Invariants:
 * - Every target in the table is a key of `table.on` (an atomic state of the machine).
 * - `step` only ever returns a target listed in the table for (state, event).
 */
import type { AnyStateMachine } from 'xstate';

/** One way out of a state for an event: taken when `guard` (if any) holds. */
export interface TableTransition {
  readonly guard?: string;
  readonly target: string;
}

export interface TransitionTable {
  readonly machine: string;
  /** The atomic state the machine starts in. */
  readonly initial: string;
  /** Atomic states that are `type: 'final'`. */
  readonly finals: readonly string[];
  /** atomic state -> event type -> candidates, in the order xstate tries them. */
  readonly on: Readonly<Record<string, Readonly<Record<string, readonly TableTransition[]>>>>;
}

/** The guard predicates a driver supplies, by the names the definition uses. */
export type GuardMap<F> = Readonly<Record<string, (facts: F) => boolean>>;

interface NodeLike {
  readonly path: readonly string[];
  readonly type: string;
  readonly states: Record<string, NodeLike>;
  readonly on: Record<string, readonly { readonly target?: readonly NodeLike[]; readonly guard?: unknown }[]>;
  readonly initial?: { readonly target: readonly NodeLike[] };
  readonly parent?: NodeLike;
}

function pathOf(n: NodeLike): string {
  return n.path.join('.');
}

/** The atomic state a transition into `n` lands in (initial children, recursively). */
function leafOf(n: NodeLike): NodeLike {
  let cur = n;
  while (cur.type === 'compound') {
    const next = cur.initial?.target[0];
    if (!next) throw new Error(`state "${pathOf(cur)}" has no initial state`);
    cur = next;
  }
  if (cur.type === 'parallel' || cur.type === 'history') throw new Error(`state "${pathOf(cur)}": ${cur.type} states are not supported`);
  return cur;
}

function guardName(g: unknown): string | undefined {
  if (g === undefined) return undefined;
  if (typeof g === 'string') return g;
  if (typeof g === 'object' && g !== null && typeof (g as { type?: unknown }).type === 'string') return (g as { type: string }).type;
  throw new Error('only named guards are supported in lifecycle machines');
}

/** Walks `machine.root` once and lists, for every atomic state, what each event does there. */
export function transitionTable(machine: AnyStateMachine): TransitionTable {
  const root = machine.root as unknown as NodeLike;
  const leaves: NodeLike[] = [];
  const collect = (n: NodeLike): void => {
    const kids = Object.values(n.states);
    if (kids.length === 0) {
      if (n !== root) leaves.push(n);
    } else for (const k of kids) collect(k);
  };
  collect(root);
  const on: Record<string, Record<string, TableTransition[]>> = {};
  for (const leaf of leaves) {
    const row: Record<string, TableTransition[]> = {};
    // The deepest handler of an event shadows its ancestors' handlers (xstate's selection order).
    for (let n: NodeLike | undefined = leaf; n; n = n.parent) {
      for (const [event, defs] of Object.entries(n.on)) {
        if (event in row) continue;
        row[event] = defs.map((d) => {
          const target = d.target && d.target.length > 0 ? pathOf(leafOf(d.target[0]!)) : pathOf(leaf);
          const guard = guardName(d.guard);
          return guard === undefined ? { target } : { guard, target };
        });
      }
    }
    on[pathOf(leaf)] = row;
  }
  return {
    machine: machine.id,
    initial: pathOf(leafOf(root)),
    finals: leaves.filter((l) => l.type === 'final').map(pathOf),
    on,
  };
}

/** Whether (from, event) may lead to `to` under some guard outcome. */
export function allows(table: TransitionTable, from: string, event: string, to: string): boolean {
  return (table.on[from]?.[event] ?? []).some((t) => t.target === to);
}

/** Events that have an entry in this state. */
export function eventsOf(table: TransitionTable, state: string): string[] {
  return Object.keys(table.on[state] ?? {});
}

/**
 * Takes `event` in `from`: the first candidate whose guard holds for `facts`. Throws when the
 * definition has no transition for it (a driver bug: the machine is the single source of truth).
 */
export function step<F>(table: TransitionTable, from: string, event: string, guards: GuardMap<F>, facts: F): string {
  const candidates = table.on[from]?.[event];
  if (!candidates) throw new Error(`${table.machine}: no transition for ${event} in state ${from}`);
  for (const c of candidates) {
    if (c.guard === undefined) return c.target;
    const g = guards[c.guard];
    if (!g) throw new Error(`${table.machine}: unknown guard "${c.guard}"`);
    if (g(facts)) return c.target;
  }
  throw new Error(`${table.machine}: every guard failed for ${event} in state ${from}`);
}

/** Whether `event` has a transition in `state` (drivers use it for events that may not apply). */
export function handles(table: TransitionTable, state: string, event: string): boolean {
  return table.on[state]?.[event] !== undefined;
}
