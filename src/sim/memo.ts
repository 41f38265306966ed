/**
 * Two memos for hot paths of a big cluster.
 *
 * A bounded memo for pure functions of a small value (a string, a number). Hot paths of a big
 * cluster recompute the same few answers thousands of times per pass (the one image every
 * daemon pod runs, the instant every write of a pass stamps, the quantity every pod requests).
 * The cache is dropped whole when it reaches `limit` entries, so memory stays bounded whatever
 * a script does.
 */
export function memo<K extends string | number, V>(fn: (key: K) => V, limit = 4096): (key: K) => V {
  const cache = new Map<K, V>();
  return (key: K): V => {
    let v = cache.get(key);
    if (v === undefined && !cache.has(key)) {
      v = fn(key);
      if (cache.size >= limit) cache.clear();
      cache.set(key, v);
    }
    return v as V;
  };
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
 * server then defaults and validates once instead of once per pod.
 *
 * Why a Map dropped whole at `limit` objects rather than a WeakMap: most keys are seen once or a
 * few times (each node's labels map), and a WeakMap costs a great deal per new key, in the
 * insertion and again in every garbage collection, which must trace its entries as ephemerons.
 * Most objects have one variant (the path they are validated at), kept without a Map of its own.
 */
export function identityMemo<K extends object, V>(fn: (key: K, variant: string) => V, limit = 1 << 14): (key: K, variant?: string) => V {
  const cache = new Map<K, Answers<V>>();
  return (key: K, variant = ''): V => {
    const answers = cache.get(key);
    if (answers === undefined) {
      const value = fn(key, variant);
      if (cache.size >= limit) cache.clear();
      cache.set(key, { variant, value, more: undefined });
      return value;
    }
    if (answers.variant === variant) return answers.value;
    const more = (answers.more ??= new Map());
    if (more.has(variant)) return more.get(variant) as V;
    const value = fn(key, variant);
    more.set(variant, value);
    return value;
  };
}
