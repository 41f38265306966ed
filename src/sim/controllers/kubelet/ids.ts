/**
 * Deterministic identifiers derived from content (container IDs, image digests, machine IDs), so
 * they never draw from the seeded RNG and never change the names the rest of the cluster gets.
 * Not cryptographic: FNV-1a over the text with a different offset per 8-hex-digit block.
 */
import { fromCodes, putHex, putUuid } from '../../engine/rng.js';

/** FNV-1a's prime. */
const FNV_PRIME = 0x01000193;

/** FNV-1a's offset basis, varied by `seed`. */
function offsetBasis(seed: number): number {
  return (0x811c9dc5 ^ seed) >>> 0;
}

function fnv1a(text: string, seed: number): number {
  let h = offsetBasis(seed);
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME) >>> 0;
  }
  return h >>> 0;
}

/** The seed of 8-hex-digit block `block` of an id: FNV-1a's offset basis, varied per block. */
function blockSeed(block: number): number {
  return offsetBasis(Math.imul(block + 1, 0x9e3779b1));
}

/**
 * The hashes of the first `blocks` 8-hex-digit blocks of the id of a text (FNV-1a with the
 * block's seed), in one pass over the text rather than one per block: a container ID has eight
 * blocks, and every container start makes one. Scratch, overwritten by the next id.
 */
let hashes = new Uint32Array(8);

/** Hashes the char codes of `text` into the first `blocks` hashes of `h`. */
function hashText(h: Uint32Array, blocks: number, text: string): void {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    for (let b = 0; b < blocks; b++) h[b] = Math.imul(h[b]! ^ code, FNV_PRIME);
  }
}

/** Hashes one char code (a separator) into the first `blocks` hashes of `h`. */
function hashCode(h: Uint32Array, blocks: number, code: number): void {
  for (let b = 0; b < blocks; b++) h[b] = Math.imul(h[b]! ^ code, FNV_PRIME);
}

/** Decimal digits of a count, least significant first (scratch for `hashCount`). */
const DIGITS: number[] = [];

/** Hashes `String(n)` without making it: `n` is an index or a restart count. */
function hashCount(h: Uint32Array, blocks: number, n: number): void {
  if (!Number.isSafeInteger(n) || n < 0) return hashText(h, blocks, String(n));
  let k = 0;
  do {
    DIGITS[k++] = 48 + (n % 10);
    n = Math.floor(n / 10);
  } while (n > 0);
  while (k > 0) hashCode(h, blocks, DIGITS[--k]!);
}

/**
 * The hashes of the id of `head`, or of `<head><sep><name><sep><count>` when `name` is given (a
 * machine's `boot:<node>:<index>`, a container's `<uid>/<name>/<restartCount>`): hashed part by
 * part, so the joined text is never built (a rope of four parts, flattened to be read, per id).
 * Every caller that gives `name` gives `count`.
 */
function blockHashes(blocks: number, head: string, sep: number, name?: string, count = 0): Uint32Array {
  if (hashes.length < blocks) hashes = new Uint32Array(blocks);
  const h = hashes;
  for (let b = 0; b < blocks; b++) h[b] = blockSeed(b);
  hashText(h, blocks, head);
  if (name !== undefined) {
    hashCode(h, blocks, sep);
    hashText(h, blocks, name);
    hashCode(h, blocks, sep);
    hashCount(h, blocks, count);
  }
  return h;
}

/** The separator of a machine id's parts (`boot:<node>:<index>`). */
const COLON = 58;
/** The separator of a container id's parts (`<uid>/<name>/<restartCount>`). */
const SLASH = 47;

/**
 * Char code lists by length, reused: each id overwrites every code of its list before reading
 * it, and a list is most of what making an id allocated (every container start makes one).
 */
const CODES: number[][] = [];

/**
 * `n` lowercase hex digits that depend only on `text`, after `prefix`; with `name`, on the text
 * `<text>:<name>:<index>` (a machine's id). Written as char codes into one flat string: a
 * container ID is kept as long as its pod (appending would keep a chain of rope nodes), and no
 * string or list is made per block.
 */
export function hexId(text: string, n = 64, prefix = '', name?: string, index?: number): string {
  return hexIdOf(text, n, prefix, COLON, name, index);
}

/** `hexId`, its parts joined by `sep` (a char code). */
function hexIdOf(text: string, n: number, prefix: string, sep: number, name: string | undefined, count: number | undefined): string {
  const at = prefix.length;
  const codes = (CODES[at + n] ??= new Array<number>(at + n));
  for (let i = 0; i < at; i++) codes[i] = prefix.charCodeAt(i);
  const h = blockHashes(Math.ceil(n / 8), text, sep, name, count);
  for (let block = 0; block * 8 < n; block++) putHex(codes, at + block * 8, h[block]!, 0, Math.min(8, n - block * 8));
  return fromCodes(codes);
}

/**
 * A container's ID as the API shows it (`containerd://` and 64 hex digits of `text`; with `name`,
 * of `<text>/<name>/<restartCount>`: the kubelet's `<uid>/<container>/<restartCount>`), the one
 * string the kubelet keeps for it: its runtime record and every status that shows the container
 * hold this string (a pod's status used to hold a second copy with the scheme in front).
 */
export function containerID(text: string, name?: string, restartCount?: number): string {
  return hexIdOf(text, 64, 'containerd://', SLASH, name, restartCount);
}

/**
 * `hexId(text, 32, '', name, index)` in UUID form (8-4-4-4-12), as a machine's boot ID and
 * system UUID are written.
 */
export function uuidId(text: string, name?: string, index?: number): string {
  const codes = (CODES[36] ??= new Array<number>(36));
  const h = blockHashes(4, text, COLON, name, index);
  putUuid(codes, h[0]!, h[1]!, h[2]!, h[3]!);
  return fromCodes(codes);
}

/** A number in [lo, hi) that depends only on `text`. */
export function hashRange(text: string, lo: number, hi: number): number {
  return lo + (fnv1a(text, 0x5bd1e995) % (hi - lo));
}
