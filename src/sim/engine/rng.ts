/**
 * The seeded random number generator: the only source of randomness in the simulation.
 *
 * mulberry32: a small 32-bit generator whose whole state is one number, so it is snapshotted and
 * restored with the rest of the cluster state. Same seed, same sequence, on every platform.
 */
export interface RngState {
  s: number;
}

export function newRngState(seed: number): RngState {
  const state = { s: 0 };
  reseed(state, seed);
  return state;
}

/** Starts `state` over where `newRngState(seed)` starts a new one, without making one. */
export function reseed(state: RngState, seed: number): void {
  state.s = seed >>> 0;
}

/** The next 32-bit unsigned integer. Advances the state. */
function nextUint32(state: RngState): number {
  state.s = (state.s + 0x6d2b79f5) >>> 0;
  let t = state.s;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

/** A float in [0, 1). Advances the state. */
export function nextFloat(state: RngState): number {
  return nextUint32(state) / 4294967296;
}

/** An integer in [0, n). */
export function nextInt(state: RngState, n: number): number {
  return Math.floor(nextFloat(state) * n);
}

/** The alphabet the API server and `rand.SafeEncodeString` draw from (no vowels, no 0/1/3). */
export const SAFE_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** The char codes of SAFE_ALPHABET. */
const SAFE_CODES = Array.from(SAFE_ALPHABET, (ch) => ch.charCodeAt(0));

/** Writes `n` characters drawn from SAFE_ALPHABET (as `randomSuffix` draws them) at `at` of `codes`. */
export function putRandomSuffix(state: RngState, codes: number[], at: number, n: number): void {
  for (let i = 0; i < n; i++) codes[at + i] = SAFE_CODES[nextInt(state, SAFE_CODES.length)]!;
}

/** `randomSuffix`'s char codes by length (5, for generated names), reused: every call overwrites all of them. */
const SUFFIX_CODES: number[][] = [];

/**
 * `n` characters from SAFE_ALPHABET, like apimachinery `rand.String`: one string made from its
 * codes, where appending character by character made a string per character.
 */
export function randomSuffix(state: RngState, n: number): string {
  const codes = (SUFFIX_CODES[n] ??= new Array<number>(n));
  putRandomSuffix(state, codes, 0, n);
  return fromCodes(codes);
}

/** The char codes of the hex digits 0-9a-f. */
const HEX_CODES = Array.from('0123456789abcdef', (ch) => ch.charCodeAt(0));
const DASH = '-'.charCodeAt(0);
const FOUR = '4'.charCodeAt(0);

/**
 * One flat string from its char codes. Ids are kept for as long as their objects: a string
 * concatenated piece by piece is kept as the tree of its pieces (several times the size) until
 * something reads it as a whole, and most uids are never read that way.
 */
export function fromCodes(codes: number[]): string {
  return String.fromCharCode.apply(null, codes);
}

/**
 * Writes `digits` hex digits of `n` (a 32-bit unsigned integer; most significant first, from
 * digit `from` of 8) at `at`, from the digit table: `Number.prototype.toString(16)` of a number
 * past 2^31 is slow on a hot path.
 */
export function putHex(codes: number[], at: number, n: number, from: number, digits: number): void {
  for (let i = 0; i < digits; i++) codes[at + i] = HEX_CODES[(n >>> (28 - 4 * (from + i))) & 15]!;
}

/** `randomUid`'s char codes, reused: every call overwrites all 36 before reading them. */
const RANDOM_UID_CODES = new Array<number>(36);

/** Writes `k` random hex digits at `at`; returns where they end. */
function randomHex(state: RngState, codes: number[], at: number, k: number): number {
  for (let i = 0; i < k; i++) codes[at + i] = HEX_CODES[nextInt(state, 16)]!;
  return at + k;
}

/**
 * A version-4-shaped UUID drawn from the seeded generator, into one reused array of codes (every
 * object the API server creates draws one: a list grown code by code and a closure per uid were
 * most of what a pod's create allocated).
 */
export function randomUid(state: RngState): string {
  const codes = RANDOM_UID_CODES;
  let at = randomHex(state, codes, 0, 8);
  codes[at++] = DASH;
  at = randomHex(state, codes, at, 4);
  codes[at++] = DASH;
  codes[at++] = FOUR;
  at = randomHex(state, codes, at, 3);
  codes[at++] = DASH;
  codes[at++] = HEX_CODES[8 + nextInt(state, 4)]!;
  at = randomHex(state, codes, at, 3);
  codes[at++] = DASH;
  randomHex(state, codes, at, 12);
  return fromCodes(codes);
}

/**
 * Writes four 32-bit words as a UUID's 36 characters (8-4-4-4-12 hex digits, `a` then `b`, `c`
 * and `d`, most significant first) into `codes`.
 */
export function putUuid(codes: number[], a: number, b: number, c: number, d: number): void {
  putHex(codes, 0, a, 0, 8);
  codes[8] = DASH;
  putHex(codes, 9, b, 0, 4);
  codes[13] = DASH;
  putHex(codes, 14, b, 4, 4);
  codes[18] = DASH;
  putHex(codes, 19, c, 0, 4);
  codes[23] = DASH;
  putHex(codes, 24, c, 4, 4);
  putHex(codes, 28, d, 0, 8);
}

/**
 * A version-4-shaped UUID from four 32-bit draws: the same shape as `randomUid` at an eighth of
 * the draws, for ids written by the thousand (Event uids) from a generator of their own.
 * `randomUid` keeps its draw count: the names generated after it depend on it.
 *
 * The 36 codes are computed as the arguments of one `String.fromCharCode` call, with no list in
 * between: 67 ns a uid in a micro-benchmark (Node 20) against 161 ns writing them into a reused
 * list by `putUuid` and spreading that by `apply`. The string is flat either way.
 */
export function quickUid(state: RngState): string {
  const a = nextUint32(state);
  const b = nextUint32(state);
  const c = nextUint32(state);
  const d = nextUint32(state);
  const h = HEX_CODES;
  // 8-4-4-4-12 digits of a, b, c and d, most significant first; the version digit and the
  // variant's two bits take the place of `b`'s and `c`'s fifth and first digits.
  return String.fromCharCode(
    h[a >>> 28]!, h[(a >>> 24) & 15]!, h[(a >>> 20) & 15]!, h[(a >>> 16) & 15]!, h[(a >>> 12) & 15]!, h[(a >>> 8) & 15]!, h[(a >>> 4) & 15]!, h[a & 15]!,
    DASH,
    h[b >>> 28]!, h[(b >>> 24) & 15]!, h[(b >>> 20) & 15]!, h[(b >>> 16) & 15]!,
    DASH,
    FOUR, h[(b >>> 8) & 15]!, h[(b >>> 4) & 15]!, h[b & 15]!,
    DASH,
    h[8 + ((c >>> 28) & 3)]!, h[(c >>> 24) & 15]!, h[(c >>> 20) & 15]!, h[(c >>> 16) & 15]!,
    DASH,
    h[(c >>> 12) & 15]!, h[(c >>> 8) & 15]!, h[(c >>> 4) & 15]!, h[c & 15]!,
    h[d >>> 28]!, h[(d >>> 24) & 15]!, h[(d >>> 20) & 15]!, h[(d >>> 16) & 15]!, h[(d >>> 12) & 15]!, h[(d >>> 8) & 15]!, h[(d >>> 4) & 15]!, h[d & 15]!,
  );
}
