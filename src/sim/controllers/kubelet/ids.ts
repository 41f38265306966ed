/**
 * Deterministic identifiers derived from content (container IDs, image digests, machine IDs), so
 * they never draw from the seeded RNG and never change the names the rest of the cluster gets.
 * Not cryptographic: FNV-1a over the text with a different offset per 8-hex-digit block.
 */
import { hex32 } from '../../engine/rng.js';

function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * `n` lowercase hex digits that depend only on `text`. Joined, not appended: a container ID is
 * kept as long as its pod, and appending would keep it as a chain of eight rope nodes.
 */
export function hexId(text: string, n = 64): string {
  const blocks: string[] = [];
  for (let block = 0; block * 8 < n; block++) blocks.push(hex32(fnv1a(text, Math.imul(block + 1, 0x9e3779b1))));
  const out = blocks.join('');
  return out.length === n ? out : out.slice(0, n);
}

/** A number in [lo, hi) that depends only on `text`. */
export function hashRange(text: string, lo: number, hi: number): number {
  return lo + (fnv1a(text, 0x5bd1e995) % (hi - lo));
}
