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
  return { s: seed >>> 0 };
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

/** `n` characters from SAFE_ALPHABET, like apimachinery `rand.String`. */
export function randomSuffix(state: RngState, n: number): string {
  let out = '';
  for (let i = 0; i < n; i++) out += SAFE_ALPHABET[nextInt(state, SAFE_ALPHABET.length)];
  return out;
}

/** A version-4-shaped UUID drawn from the seeded generator. */
export function randomUid(state: RngState): string {
  const hex = (k: number) => {
    let s = '';
    for (let i = 0; i < k; i++) s += nextInt(state, 16).toString(16);
    return s;
  };
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + nextInt(state, 4)).toString(16)}${hex(3)}-${hex(12)}`;
}

/** Two hex digits per byte value: `Number.prototype.toString(16)` is slow on a hot path. */
const HEX_BYTE = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** `n` (a 32-bit unsigned integer) as eight hex digits. */
export function hex32(n: number): string {
  return HEX_BYTE[n >>> 24]! + HEX_BYTE[(n >>> 16) & 255]! + HEX_BYTE[(n >>> 8) & 255]! + HEX_BYTE[n & 255]!;
}

/**
 * A version-4-shaped UUID from four 32-bit draws: the same shape as `randomUid` at an eighth of
 * the draws, for ids written by the thousand (Event uids) from a generator of their own.
 * `randomUid` keeps its draw count: the names generated after it depend on it.
 */
export function quickUid(state: RngState): string {
  const a = hex32(nextUint32(state));
  const b = hex32(nextUint32(state));
  const c = nextUint32(state);
  const d = hex32(nextUint32(state));
  const cHex = hex32(c);
  return `${a}-${b.slice(0, 4)}-4${b.slice(5)}-${'89ab'[(c >>> 28) & 3]}${cHex.slice(1, 4)}-${cHex.slice(4)}${d}`;
}
