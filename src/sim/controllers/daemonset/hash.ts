/**
 * The revision hash of a pod template (`controller_utils.go: ComputeHash` with
 * `hashutil.DeepHashObject` and `rand.SafeEncodeString`).
 *
 * Upstream hashes a deep print of the Go struct with FNV-32a; a simulator cannot reproduce that
 * value, so this hashes a canonical JSON of the template instead (keys sorted; undefined, null,
 * empty objects and empty arrays dropped, as Go's `omitempty` typed encoding would not tell
 * them apart), then the collision count as 4 little-endian bytes when set, with FNV-1a 32.
 * The unsigned decimal value is encoded character by character through
 * `bcdfghjklmnpqrstvwxz2456789` (so digits 0..9 become 4 5 6 7 8 9 b c d f), as upstream.
 */
import type { PodTemplateSpec } from '../../api/types.js';
import { SAFE_ALPHABET } from '../../engine/rng.js';

/** Drops undefined, null, `{}` and `[]`; sorts object keys. Returns undefined for "empty". */
export function canonicalize(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) {
    if (v.length === 0) return undefined;
    return v.map((x) => canonicalize(x) ?? null);
  }
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    let any = false;
    for (const k of Object.keys(v as object).sort()) {
      const c = canonicalize((v as Record<string, unknown>)[k]);
      if (c === undefined) continue;
      out[k] = c;
      any = true;
    }
    return any ? out : undefined;
  }
  return v;
}

/** Canonical JSON text (see `canonicalize`). */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(canonicalize(v) ?? {});
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function fnvByte(h: number, b: number): number {
  return Math.imul(h ^ b, FNV_PRIME) >>> 0;
}

/** FNV-1a 32 over the UTF-8 bytes of `text`, then the optional little-endian uint32. */
export function fnv1a32(text: string, extra?: number): number {
  let h = FNV_OFFSET;
  const bytes = new TextEncoder().encode(text);
  for (const b of bytes) h = fnvByte(h, b);
  if (extra !== undefined) {
    const x = extra >>> 0;
    for (let i = 0; i < 4; i++) h = fnvByte(h, (x >>> (8 * i)) & 0xff);
  }
  return h >>> 0;
}

/** `rand.SafeEncodeString`: each character c -> alphabet[code(c) % 27]. */
export function safeEncodeString(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += SAFE_ALPHABET[s.charCodeAt(i) % SAFE_ALPHABET.length];
  return out;
}

/** `ComputeHash(template, collisionCount)`: e.g. `6c5f4d8b9c`. */
export function computeHash(template: PodTemplateSpec, collisionCount: number | undefined): string {
  return safeEncodeString(String(fnv1a32(canonicalJson(template), collisionCount)));
}
