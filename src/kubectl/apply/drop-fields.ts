/**
 * What the API server keeps of an object with unknown fields under `--validate=warn|ignore`:
 * Go's JSON decoder silently skips a field its struct does not have, so the stored object simply
 * lacks it. Paths are the decoder's (`spec.template.spec.containers[0].imagee`): struct field
 * names and list indices (unknown fields never sit below an open map).
 */
import { isMap, type Json, type JsonMap } from './json.js';

function segments(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const part of path.split('.')) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) return [];
    if (m[1]) out.push(m[1]);
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

function without(value: Json, segs: readonly (string | number)[]): Json {
  if (segs.length === 0) return value;
  const [head, ...rest] = segs;
  if (typeof head === 'number') {
    if (!Array.isArray(value) || head >= value.length) return value;
    const copy = [...value];
    copy[head] = without(copy[head]!, rest);
    return copy;
  }
  if (!isMap(value) || !(head! in value)) return value;
  const copy = { ...value };
  if (rest.length === 0) delete copy[head!];
  else copy[head!] = without(copy[head!]!, rest);
  return copy;
}

/** The object without the given field paths. */
export function dropFields(obj: JsonMap, paths: readonly string[]): JsonMap {
  let out: Json = obj;
  for (const p of paths) out = without(out, segments(p));
  return out as JsonMap;
}
