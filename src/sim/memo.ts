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

/**
 * A memo keyed by object identity, plus an optional short variant string for any other input.
 * Stored objects are never mutated, so an identity hit is never stale; the DaemonSet controller
 * creates every pod of a sync from one template, whose containers and tolerations arrays the API
 * server then defaults and validates once instead of once per pod.
 */
export function identityMemo<K extends object, V>(fn: (key: K, variant: string) => V): (key: K, variant?: string) => V {
  const cache = new WeakMap<K, Map<string, V>>();
  return (key: K, variant = ''): V => {
    let byVariant = cache.get(key);
    if (!byVariant) cache.set(key, (byVariant = new Map()));
    if (byVariant.has(variant)) return byVariant.get(variant) as V;
    const v = fn(key, variant);
    byVariant.set(variant, v);
    return v;
  };
}
