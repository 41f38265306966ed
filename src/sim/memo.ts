/**
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
