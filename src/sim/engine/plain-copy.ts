/**
 * A deep copy of a control loop's plain-data state, for the cluster's snapshots and restores.
 *
 * It replaces `structuredClone`, which serialises and deserialises every value: on a 5,000-node
 * cluster the kubelet's machines and pod runtimes are tens of thousands of small records, and
 * copying them that way was most of the time a checkpoint or a rewind took. This copies the
 * shapes controller state is made of (records, arrays, Maps, Sets and primitives) directly, and
 * like `structuredClone` it keeps aliasing: a value reached twice (the host-path table machines
 * share until one changes) is copied once and shared by the copies, so a copy is never bigger
 * than the original. Anything else (a class instance, a function) is refused with a message
 * rather than silently turned into something else.
 */

/**
 * A new Map of the entries of `map`, in their order, sharing keys and values. `new Map(map)`
 * takes them through the map's iterator, which makes an entry array and a result object per
 * entry unless the optimising compiler inlined it (a restore copies tables of 5,000 records
 * once each, which it never does): `forEach` makes none.
 */
export function copyMap<K, V>(map: ReadonlyMap<K, V>): Map<K, V> {
  const out = new Map<K, V>();
  map.forEach((v, k) => out.set(k, v));
  return out;
}

/** A copy of `value` that shares nothing mutable with it. */
export function copyPlain<T>(value: T): T {
  return copyValue(value, new Map()) as T;
}

function copyValue(value: unknown, seen: Map<object, unknown>): unknown {
  if (typeof value !== 'object' || value === null) {
    if (typeof value === 'function' || typeof value === 'symbol') throw new Error(`cannot copy a ${typeof value}: controller state must be plain data`);
    return value;
  }
  const done = seen.get(value);
  if (done !== undefined) return done;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    seen.set(value, out);
    for (let i = 0; i < value.length; i++) out[i] = copyValue(value[i], seen);
    return out;
  }
  if (value instanceof Map) {
    const out = new Map();
    seen.set(value, out);
    for (const [k, v] of value) out.set(copyValue(k, seen), copyValue(v, seen));
    return out;
  }
  if (value instanceof Set) {
    const out = new Set();
    seen.set(value, out);
    for (const v of value) out.add(copyValue(v, seen));
    return out;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new Error(`cannot copy a ${(value as object).constructor?.name ?? 'class'} instance: controller state must be plain data`);
  const out: Record<string, unknown> = {};
  seen.set(value, out);
  for (const key in value) out[key] = copyValue((value as Record<string, unknown>)[key], seen);
  return out;
}
