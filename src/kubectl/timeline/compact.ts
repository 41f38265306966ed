/**
 * Stored objects that only old checkpoints hold, kept as their differences from a prototype
 * and rebuilt on restore.
 *
 * Once a kept moment is no longer the newest, the pods of its generation that neither the live
 * cluster nor the newest kept moment holds are held by it alone (a rollout replaced them). Pods
 * of one template are alike: a row of their few differing leaves (names, uids, times, addresses)
 * beside the first of them, the group's prototype, holds what they hold. A restore builds them
 * again, object for object, key for key in the same order: the same JSON, the same cluster.
 *
 * An object whose shape (keys, their order, array lengths) is not its prototype's stays as it
 * is. Parts a pod shares with its prototype by identity are shared again by the rebuilt one
 * (stored objects are never mutated).
 */
import type { ApiObject } from '../../sim/api/types.js';
import { controllerUid } from '../../sim/store/store.js';
import { OBJECT_BYTES, SLOT_BYTES } from './apart.js';

/**
 * A string's header besides its characters (one byte each here). A row's strings are partly
 * its pod's own (the container id, the volume name, the resourceVersion) and partly held by the
 * kubelet's records and the Events as well (the name, the uid, the addresses), so they count at
 * half their size (`STRING_SHARE`): on the rewind bench's hour, counting them whole put the
 * estimate 16 MB above the heap with six compacted moments, and as slots alone 19 MB below it
 * with eleven.
 */
const STRING_BYTES = 16;
const STRING_SHARE = 0.5;

/**
 * A part of a prototype as the walks see it: a leaf (a primitive, or a part kept whole), or a
 * list or record of parts, with how many leaves it holds, so that a walk steps over a part an
 * object shares whole.
 */
interface Shape {
  readonly part: unknown;
  readonly leaves: number;
  /** A list's indices or a record's keys, in order; undefined for a leaf. */
  readonly keys: readonly (string | number)[] | undefined;
  /** The parts under those keys; undefined for a leaf. */
  readonly children: readonly Shape[] | undefined;
  readonly list: boolean;
}

/**
 * The shape of `part`, a leaf where one of the paths `whole` (keys below `part`) ends; a part
 * reached twice off those paths is one shape (`memo`).
 */
function shapeOf(part: unknown, memo: Map<object, Shape>, whole: readonly (readonly string[])[]): Shape {
  if (typeof part !== 'object' || part === null || whole.some((path) => path.length === 0)) return { part, leaves: 1, keys: undefined, children: undefined, list: false };
  const known = whole.length === 0 ? memo.get(part) : undefined;
  if (known) return known;
  const list = Array.isArray(part);
  const keys: (string | number)[] = list ? (part as unknown[]).map((_, i) => i) : Object.keys(part);
  const below = (k: string | number) => (whole.length === 0 ? whole : whole.filter((path) => path[0] === String(k)).map((path) => path.slice(1)));
  const children = keys.map((k) => shapeOf((part as Record<string | number, unknown>)[k], memo, below(k)));
  let leaves = 0;
  for (const c of children) leaves += c.leaves;
  const shape: Shape = { part, leaves, keys, children, list };
  if (whole.length === 0) memo.set(part, shape);
  return shape;
}

/** The leaves of `shape` in walk order, into `out`. */
function leavesOf(shape: Shape, out: unknown[]): unknown[] {
  if (!shape.children) out.push(shape.part);
  else for (const c of shape.children) leavesOf(c, out);
  return out;
}

/** The objects of one template: the first as it is, and where the others differ from it. */
interface Group {
  /** The prototype's shape (its `part` is the prototype). */
  readonly shape: Shape;
  /** The positions (leaves in walk order) where some member differs, ascending. */
  positions: number[];
  /** Builds a member from its row (`builder`). */
  build: ((row: Row) => object) | undefined;
}

/** Where a member differs from its group's prototype: positions in walk order, and its leaves there. */
interface Found {
  readonly at: number[];
  readonly values: unknown[];
}

/** A compacted object: its group, then its leaves at the group's positions. */
type Row = [Group, ...unknown[]];

/**
 * A name table (`StoreData`'s, or the kubelet's pod runtimes) as its names in order and, for
 * each, the object itself or its row.
 */
export interface CompactTable<T extends object = ApiObject> {
  readonly names: readonly string[];
  readonly values: readonly (T | Row)[];
  /** About how many bytes it holds: its lists, its rows and (`Grouping.stringShare`) their strings. */
  readonly bytes: number;
}

/** How a table's objects are told apart into templates, and how much of their strings is their own. */
export interface Grouping<T extends object> {
  /** The template an object was made from: objects of one are alike. */
  readonly key: (obj: T) => string;
  /** The share of a row's strings counted as its own (the rest is held elsewhere too). */
  readonly stringShare: number;
  /**
   * Parts (paths of keys from the object) the engine makes once and shares between objects by
   * identity: a row holds the part itself, as the object did, so a rebuilt object shares it
   * again rather than holding a copy of its own.
   */
  readonly whole?: readonly (readonly string[])[];
}

/** Prototypes kept per template: an object unlike all of them stays as it is. */
const MAX_PROTOTYPES = 4;

/**
 * Stored pods by the template they were made from: their controller and revision (a rollout's
 * generation). A daemon pod's affinity pinning it to its node and its `hostIPs` are one object
 * per node, shared by every pod made for that node (`replaceDaemonSetPodNodeNameNodeAffinity`,
 * the kubelet's `hostIPsOf`): kept whole, ten of the 24 objects a rebuilt pod would make.
 */
export const POD_TEMPLATES: Grouping<ApiObject> = {
  key: (obj) => `${controllerUid(obj) ?? ''}/${obj.metadata.labels?.['controller-revision-hash'] ?? ''}`,
  stringShare: STRING_SHARE,
  whole: [
    ['spec', 'affinity'],
    ['status', 'hostIPs'],
  ],
};

/**
 * Where `obj` differs from the group's prototype, leaf by leaf; undefined when its shape is not
 * the prototype's (then it is kept as it is).
 */
function differences(g: Group, obj: object): Found | undefined {
  const at: number[] = [];
  const values: unknown[] = [];
  let pos = 0;
  const walk = (s: Shape, v: unknown): boolean => {
    const p = s.part;
    if (p === v) {
      pos += s.leaves;
      return true;
    }
    const children = s.children;
    if (children === undefined) {
      // A part kept whole is a leaf whatever it holds; a leaf elsewhere is a primitive.
      if (typeof v === 'object' && v !== null && (typeof p !== 'object' || p === null)) return false;
      at.push(pos++);
      values.push(v);
      return true;
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v) !== s.list || Object.getPrototypeOf(v) !== Object.getPrototypeOf(p)) return false;
    if (s.list) {
      const w = v as unknown[];
      if (w.length !== children.length) return false;
      for (let i = 0; i < children.length; i++) if (!walk(children[i]!, w[i])) return false;
      return true;
    }
    const keys = s.keys as readonly string[];
    const vk = Object.keys(v);
    if (vk.length !== keys.length) return false;
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i]!;
      // A key the builder's assignment would take for the prototype link is kept as it is.
      if (k !== vk[i] || k === '__proto__' || !walk(children[i]!, (v as Record<string, unknown>)[k])) return false;
    }
    return true;
  };
  return walk(g.shape, obj) ? { at, values } : undefined;
}

/**
 * A member's row: its leaves at the group's positions, from where it differs (`found`) and, at
 * the positions where only others differ, the prototype's own leaves (`protoLeaves`).
 */
function rowOf(g: Group, found: Found, protoLeaves: readonly unknown[]): Row {
  const row: Row = [g];
  const { at, values } = found;
  let j = 0;
  for (const pos of g.positions) row.push(at[j] === pos ? values[j++] : protoLeaves[pos]);
  return row;
}

/**
 * A function that builds a member of the group from its row: a tree of small closures made once
 * per group, one per part of the prototype that holds a position. Each copies its part of the
 * prototype (a spread keeps its keys, their order and its shape) and sets the parts that differ;
 * the others are the prototype's own.
 */
function builder(g: Group): (row: Row) => object {
  const { positions } = g;
  let at = 0;
  let next = 0;
  /** Whether the part starting at `at` with `n` leaves holds a position. */
  const differs = (n: number): boolean => next < positions.length && positions[next]! < at + n;
  const make = (s: Shape): ((row: Row) => unknown) => {
    const p = s.part;
    if (s.children === undefined) {
      const cell = ++next;
      at++;
      return (row) => row[cell];
    }
    const keys: (string | number)[] = [];
    const parts: ((row: Row) => unknown)[] = [];
    s.children.forEach((c, i) => {
      if (!differs(c.leaves)) {
        at += c.leaves;
        return;
      }
      keys.push(s.keys![i]!);
      parts.push(make(c));
    });
    if (s.list) {
      return (row) => {
        const out = (p as unknown[]).slice();
        for (let i = 0; i < keys.length; i++) out[keys[i] as number] = parts[i]!(row);
        return out;
      };
    }
    return (row) => {
      const out: Record<string, unknown> = { ...(p as Record<string, unknown>) };
      for (let i = 0; i < keys.length; i++) out[keys[i] as string] = parts[i]!(row);
      return out;
    };
  };
  return make(g.shape) as (row: Row) => object;
}

/**
 * `table` with its objects that `held` does not say are held elsewhere as rows, or undefined
 * when none would be (no two alike). The objects `held` names stay as they are: they are not
 * freed anyway.
 */
export function compactTable(table: ReadonlyMap<string, ApiObject>, held: (name: string, obj: ApiObject) => boolean): CompactTable | undefined;
/** The same for a table of other objects, told apart into templates by `grouping`. */
export function compactTable<T extends object>(table: ReadonlyMap<string, T>, held: (name: string, obj: T) => boolean, grouping: Grouping<T>): CompactTable<T> | undefined;
export function compactTable<T extends object>(
  table: ReadonlyMap<string, T>,
  held: (name: string, obj: T) => boolean,
  grouping = POD_TEMPLATES as unknown as Grouping<T>,
): CompactTable<T> | undefined {
  // The prototypes of each template: a few, for objects of one template that differ in shape.
  const groups = new Map<string, Group[]>();
  const members = new Map<Group, { readonly obj: T; readonly found: Found }[]>();
  const diffs = new Map<Group, Set<number>>();
  const shapes = new Map<object, Shape>();
  for (const [name, obj] of table) {
    if (held(name, obj)) continue;
    const key = grouping.key(obj);
    let protos = groups.get(key);
    if (!protos) groups.set(key, (protos = []));
    let found: Found | undefined;
    const g = protos.find((p) => (found = differences(p, obj)) !== undefined);
    if (g) {
      members.get(g)!.push({ obj, found: found! });
      const d = diffs.get(g)!;
      for (const pos of found!.at) d.add(pos);
      continue;
    }
    if (protos.length === MAX_PROTOTYPES) continue;
    const proto: Group = { shape: shapeOf(obj, shapes, grouping.whole ?? []), positions: [], build: undefined };
    protos.push(proto);
    members.set(proto, []);
    diffs.set(proto, new Set());
  }
  const rowed = new Map<T, Row>();
  let bytes = 0;
  for (const [g, found] of members) {
    if (found.length === 0) continue;
    g.positions = [...diffs.get(g)!].sort((a, b) => a - b);
    const protoLeaves = leavesOf(g.shape, []);
    for (const m of found) {
      const row = rowOf(g, m.found, protoLeaves);
      rowed.set(m.obj, row);
      bytes += OBJECT_BYTES + SLOT_BYTES * row.length;
      for (let i = 1; i < row.length; i++) {
        const v = row[i];
        if (typeof v === 'string') bytes += (STRING_BYTES + v.length) * grouping.stringShare;
      }
    }
  }
  if (rowed.size === 0) return undefined;
  const names: string[] = [];
  const values: (T | Row)[] = [];
  for (const [name, obj] of table) {
    names.push(name);
    values.push(rowed.get(obj) ?? obj);
  }
  return { names, values, bytes: bytes + 2 * (OBJECT_BYTES + SLOT_BYTES * names.length) };
}

/** The name table `t` stands for: the same names in the same order, each object built again. */
export function expandTable<T extends object>(t: CompactTable<T>): Map<string, T> {
  const out = new Map<string, T>();
  const { names, values } = t;
  for (let i = 0; i < names.length; i++) {
    const v = values[i]!;
    if (!Array.isArray(v)) {
      out.set(names[i]!, v);
      continue;
    }
    const g = v[0];
    out.set(names[i]!, (g.build ??= builder(g))(v) as T);
  }
  return out;
}
