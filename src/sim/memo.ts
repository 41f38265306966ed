/**
 * Two memos for hot paths of a big cluster, both kept in a BoundedTable (dropped whole at
 * `limit` entries, so memory stays bounded whatever a script does).
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
