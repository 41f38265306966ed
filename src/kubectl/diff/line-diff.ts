/**
 * The line diff behind `kubectl diff`'s output: which lines of one text a shortest edit script
 * deletes and which lines of the other it inserts, chosen as GNU diff (`diff -u`, which kubectl
 * runs) chooses among equally short scripts, so the hunks print the same:
 *
 * 1. Identical leading and trailing lines are set aside, all but the last (first) `horizon` of
 *    them (GNU keeps as many as the context, so the last pass may slide changes into them).
 * 2. Lines become equivalence classes (a last line without a newline equals only such a line).
 * 3. discard.ts takes lines without an equal (and some with very many) out of the search.
 * 4. compareseq.ts finds a shortest script for the rest.
 * 5. shift.ts slides the changed runs to where GNU diff prints them.
 *
 * Assumptions: the texts are compared line by line; lines keep their `\n`.
 */
import { compareSeq } from './compareseq.js';
import { discardConfusingLines } from './discard.js';
import { mark, marked, newMarks, type Marks } from './marks.js';
import { shiftBoundaries } from './shift.js';

/** One change: `deleted` lines of the old text from `line0` replaced by `inserted` lines of the new one from `line1` (0-based). */
export interface Change {
  readonly line0: number;
  readonly line1: number;
  readonly deleted: number;
  readonly inserted: number;
}

/** The lines of a text, each with its `\n` (the last one may lack it). */
export function splitLines(text: string): string[] {
  const lines = text.split(/(?<=\n)/);
  return lines[lines.length - 1] === '' ? lines.slice(0, -1) : lines;
}

/** How many leading lines the two lists share, and then how many trailing lines (not overlapping `skip`). */
function identicalEnds(a: readonly string[], b: readonly string[]): { prefix: number; suffixAfter: (skip: number) => number } {
  const n = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < n && a[prefix] === b[prefix]) prefix++;
  const suffixAfter = (skip: number): number => {
    let s = 0;
    while (s < n - skip && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
    return s;
  };
  return { prefix, suffixAfter };
}

/** Equivalence classes of the lines of both lists: equal lines, equal numbers. */
function classify(a: readonly string[], b: readonly string[]): { x: Int32Array; y: Int32Array; count: number } {
  const ids = new Map<string, number>();
  const id = (line: string): number => {
    let v = ids.get(line);
    if (v === undefined) ids.set(line, (v = ids.size));
    return v;
  };
  return { x: Int32Array.from(a, id), y: Int32Array.from(b, id), count: ids.size };
}

/** The lines the search keeps (their classes and where they are); marks the others changed. */
function undiscarded(classes: Int32Array, discards: Uint8Array, changed: Marks): { seq: Int32Array; at: Int32Array } {
  const at: number[] = [];
  discards.forEach((d, i) => (d ? mark(changed, i, true) : at.push(i)));
  return { seq: Int32Array.from(at, (i) => classes[i]!), at: Int32Array.from(at) };
}

/** The changes from `a` to `b`, in order; `horizon` is the number of context lines printed. */
export function diffLines(a: readonly string[], b: readonly string[], horizon: number): Change[] {
  const ends = identicalEnds(a, b);
  const skip = Math.max(0, ends.prefix - horizon);
  const tail = Math.max(0, ends.suffixAfter(skip) - horizon);
  const ra = a.slice(skip, a.length - tail);
  const rb = b.slice(skip, b.length - tail);
  const { x, y, count } = classify(ra, rb);
  const changed: [Marks, Marks] = [newMarks(ra.length), newMarks(rb.length)];
  const [dx, dy] = discardConfusingLines(x, y, count);
  const kx = undiscarded(x, dx, changed[0]);
  const ky = undiscarded(y, dy, changed[1]);
  compareSeq(
    kx.seq,
    ky.seq,
    (i) => mark(changed[0], kx.at[i]!, true),
    (j) => mark(changed[1], ky.at[j]!, true),
  );
  shiftBoundaries([x, y], changed);
  const out: Change[] = [];
  for (let i0 = 0, i1 = 0; i0 < ra.length || i1 < rb.length; ) {
    if (!marked(changed[0], i0) && !marked(changed[1], i1)) {
      i0++;
      i1++;
      continue;
    }
    const line0 = i0;
    const line1 = i1;
    while (marked(changed[0], i0)) i0++;
    while (marked(changed[1], i1)) i1++;
    out.push({ line0: line0 + skip, line1: line1 + skip, deleted: i0 - line0, inserted: i1 - line1 });
  }
  return out;
}
