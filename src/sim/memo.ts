/**
 * Memos for hot paths of a big cluster, each kept in a BoundedTable (dropped whole at a bound,
 * so memory stays bounded whatever a script does).
 */
import { BoundedTable } from './bounded-table.js';

/**
 * A memo for pure functions of a small value (a string, a number). Hot paths of a big cluster
 * recompute the same few answers thousands of times per pass (the one image every daemon pod
 * runs, the instant every write of a pass stamps, the quantity every pod requests).
 */
export function memo<K extends string | number, V>(fn: (key: K) => V, limit = 4096): (key: K) => V {
  const table = new BoundedTable<K, V>(limit);
  return (key: K): V => table.obtain(key, fn);
}

/** What an identity memo keeps per object: the first variant's answer inline, any others in a Map. */
interface Answers<V> {
  readonly variant: string;
  readonly value: V;
  more: Map<string, V> | undefined;
}

/**
 * A memo keyed by object identity, plus an optional short variant string for any other input.
 * Stored objects are never mutated, so an identity hit is never stale; the DaemonSet controller
 * creates every pod of a sync from one template, whose containers and tolerations arrays the API
 * server then defaults and validates once instead of once per pod. Most objects have one
 * variant (the path they are validated at), kept without a Map of its own.
 */
export function identityMemo<K extends object, V>(fn: (key: K, variant: string) => V, limit = 1 << 14): (key: K, variant?: string) => V {
  const table = new BoundedTable<K, Answers<V>>(limit);
  return (key: K, variant = ''): V => {
    const answers = table.get(key);
    if (answers === undefined) return table.set(key, { variant, value: fn(key, variant), more: undefined }).value;
    if (answers.variant === variant) return answers.value;
    const more = (answers.more ??= new Map());
    if (more.has(variant)) return more.get(variant) as V;
    const value = fn(key, variant);
    more.set(variant, value);
    return value;
  };
}

/**
 * A memo for objects made from one template, such as the pod specs of one DaemonSet: they share
 * every field value (by identity) but a few (`perObject`). It keeps, per key (a field the
 * template's objects share, such as a spec's containers list), the last object seen and what
 * was made of it; `last` returns that record only for an object that shares every other field
 * with it, so the caller redoes only the per-object part. A table of 1,024 keys, dropped whole
 * when full: one record per template, however many objects are made from it.
 */
export class TemplateMemo<K, T extends object, V> {
  private readonly table = new BoundedTable<K, { readonly from: T; readonly value: V }>(1024);

  constructor(private readonly perObject: ReadonlySet<string>) {}

  /** What was kept for the last object under `key`, when `obj` shares every other field with it. */
  last(key: K, obj: T): V | undefined {
    const last = this.table.get(key);
    return last !== undefined && sameFieldsExcept(obj, last.from, this.perObject) ? last.value : undefined;
  }

  /** Keeps `value` for `obj` under `key` (the last object seen there from now on) and returns it. */
  keep(key: K, obj: T, value: V): V {
    this.table.set(key, { from: obj, value });
    return value;
  }
}

/**
 * Whether `a` and `b` (plain objects: literals, copies and parsed JSON, whose prototype has no
 * enumerable keys) have the same keys and, at every key but `except`, the same value (by
 * identity). Allocates nothing.
 */
function sameFieldsExcept(a: object, b: object, except: ReadonlySet<string>): boolean {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let keys = 0;
  for (const k in x) {
    const v = x[k];
    // Equal values prove `y` has the key too, unless both are undefined.
    if (v !== y[k] ? !except.has(k) || !Object.hasOwn(y, k) : v === undefined && !Object.hasOwn(y, k)) return false;
    keys++;
  }
  for (const k in y) keys--;
  return keys === 0;
}
