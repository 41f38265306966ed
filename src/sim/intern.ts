/**
 * Values that a big cluster keeps by the hundred thousand, stored once where they repeat:
 * strings (Event names and messages, container IDs) stored flat, objects copied with a shared
 * V8 hidden class, lists without spare room. (Small readonly objects that many objects share,
 * such as conditions, are kept in a BoundedTable by the module that makes them.)
 *
 * V8 keeps `a + b` and template literals of 13 characters or more as a rope: one 32-byte node per
 * concatenation, pointing at the pieces. Hashing or comparing a rope flattens it, but the rope's
 * node stays in front of the flat copy. A string kept for an hour (an Event's) is cheaper built
 * flat from the start (`Array.prototype.join` builds flat strings) or copied flat once.
 */
import { fromCodes } from './engine/rng.js';

/** A flat string equal to `s` (`s` itself when it already is flat). */
export function flat(s: string): string {
  // normalize() returns a sequential string. It would change text that is not in NFC (rare
  // user text); then `s` is kept as it is.
  const f = s.normalize();
  return f === s ? f : s;
}

/**
 * `a + b + c + d + e + f`, flat, for strings made per node and kept (node status messages,
 * machine addresses). Joined from char codes, the string is all it allocates: a template literal
 * is a rope until the Event recorder's hash copies it flat (170 bytes allocated for a node status
 * message, 74 here), and `Array.prototype.join` allocates its list and a buffer of the parts.
 */
export function flatJoin(a: string, b: string, c = '', d = '', e = '', f = ''): string {
  const codes = (JOIN_CODES[a.length + b.length + c.length + d.length + e.length + f.length] ??= []);
  putCodes(codes, putCodes(codes, putCodes(codes, putCodes(codes, putCodes(codes, putCodes(codes, 0, a), b), c), d), e), f);
  return fromCodes(codes);
}

/** `flatJoin`'s char code lists by length, reused: a join writes every code of its list before reading it. */
const JOIN_CODES: number[][] = [];

/** Writes the char codes of `text` at `at`; returns the index after them. */
function putCodes(codes: number[], at: number, text: string): number {
  for (let i = 0; i < text.length; i++) codes[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/**
 * `{ ...obj, [key]: value }` with the same keys in the same order, built so that objects of one
 * shape share one V8 hidden class. V8 gives each object that a spread copied and that then gained
 * a key its own hidden class (a map of 80 bytes and a descriptor array of 24 bytes per key),
 * which for objects kept by the ten thousand (a pod's containers, an Event's involvedObject)
 * costs more than the object itself. Copying onto a fresh literal follows the shared transitions.
 */
export function withField<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): T {
  const out: { -readonly [P in keyof T]: T[P] } = Object.assign({}, obj);
  out[key] = value;
  return out;
}

/**
 * `list` without spare room. V8 gives an array grown by `push` or built by a spread room for
 * about 16 more items (128 bytes) for as long as it is kept; a list stored in an object kept by
 * the ten thousand (a pod's conditions or volumes) is copied to its exact length once.
 */
export function trimmed<T>(list: T[]): T[] {
  return list.slice();
}

/**
 * `[...list, item]` (`list` absent: `[item]`) without spare room, made at its length rather than
 * spread and then trimmed (two lists): for lists kept by the ten thousand, such as every pod's
 * volumes and its containers' volumeMounts.
 */
export function appended<T>(list: readonly T[] | undefined, item: T): T[] {
  const n = list === undefined ? 0 : list.length;
  const out = new Array<T>(n + 1);
  for (let i = 0; i < n; i++) out[i] = list![i]!;
  out[n] = item;
  return out;
}

/** Whether two lists hold the same objects in the same order (then the old list can be kept). */
export function sameElements<T>(a: readonly T[] | undefined, b: readonly T[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
