/**
 * GNU diff's pre-pass over the lines to compare (its "confusing lines" heuristic): a line that
 * has no equal in the other file can only be deleted or inserted, so it is taken out of the
 * search and marked changed at once; a line with very many equals in the other file is taken
 * out too, but only where it sits inside a run of such lines that starts and ends with a line
 * without any equal. The shortest script is the same either way; what the pre-pass changes is
 * which of several equally short scripts the search finds, so it is needed to match GNU diff
 * line for line.
 *
 * Rules, per file (`many` grows with the square root of the file's length, from 5):
 * - no equal in the other file: discard; more than `many` equals: provisional;
 * - a provisional line outside a run that begins with a discard is kept, and so are the
 *   provisional lines at the end of a run;
 * - in a run where more than a quarter of the lines are provisional, all of them are kept;
 * - otherwise provisional subruns of `minimum` or more lines are kept (`minimum` grows with the
 *   square root of the run's length, from 2), and so are the provisional lines before the first
 *   three discards in a row (or the first discard 8 or more lines in), from either end.
 */

const DISCARD = 1;
const PROVISIONAL = 2;

/** Lines with more equals than this in the other file are provisional. */
function manyFor(lines: number): number {
  let many = 5;
  for (let t = Math.floor(lines / 64) >> 2; t > 0; t >>= 2) many *= 2;
  return many;
}

/** The first verdict of each line: discard, provisional or keep (0). */
function verdicts(classes: Int32Array, otherCounts: Int32Array): Uint8Array {
  const many = manyFor(classes.length);
  const out = new Uint8Array(classes.length);
  classes.forEach((c, i) => {
    const n = otherCounts[c]!;
    if (n === 0) out[i] = DISCARD;
    else if (n > many) out[i] = PROVISIONAL;
  });
  return out;
}

/** Keeps the provisional lines of the run `[start, end)` that should stay in the search. */
function settleRun(v: Uint8Array, start: number, length: number): void {
  let provisional = 0;
  for (let k = start; k < start + length; k++) if (v[k] === PROVISIONAL) provisional++;
  if (provisional * 4 > length) {
    for (let k = start; k < start + length; k++) if (v[k] === PROVISIONAL) v[k] = 0;
    return;
  }
  let minimum = 1;
  for (let t = length >> 2; (t >>= 2) > 0; ) minimum <<= 1;
  minimum++;
  // A subrun of `minimum` provisional lines is kept whole (and whatever follows it in a row).
  for (let k = 0, consec = 0; k < length; k++) {
    if (v[start + k] !== PROVISIONAL) consec = 0;
    else if (++consec === minimum) k -= consec;
    else if (consec > minimum) v[start + k] = 0;
  }
  // From each end, provisional lines stay until the run has shown three discards in a row.
  const trimFrom = (at: (k: number) => number): void => {
    for (let k = 0, consec = 0; k < length; k++) {
      const i = at(k);
      if (k >= 8 && v[i] === DISCARD) break;
      if (v[i] === PROVISIONAL) {
        v[i] = 0;
        consec = 0;
      } else if (v[i] === 0) consec = 0;
      else consec++;
      if (consec === 3) break;
    }
  };
  trimFrom((k) => start + k);
  trimFrom((k) => start + length - 1 - k);
}

/** Which lines of one file leave the search: true for each line discarded. */
function discards(classes: Int32Array, otherCounts: Int32Array): Uint8Array {
  const v = verdicts(classes, otherCounts);
  for (let i = 0; i < v.length; i++) {
    if (v[i] === PROVISIONAL) {
      v[i] = 0;
      continue;
    }
    if (v[i] !== DISCARD) continue;
    let end = i;
    while (end < v.length && v[end] !== 0) end++;
    while (end > i && v[end - 1] === PROVISIONAL) v[--end] = 0;
    settleRun(v, i, end - i);
    i = end - 1;
  }
  return v;
}

function countClasses(classes: Int32Array, size: number): Int32Array {
  const counts = new Int32Array(size);
  for (const c of classes) counts[c]!++;
  return counts;
}

/** The lines of both files that the search leaves out (non-zero entries), by the rules above. */
export function discardConfusingLines(a: Int32Array, b: Int32Array, classCount: number): [Uint8Array, Uint8Array] {
  return [discards(a, countClasses(b, classCount)), discards(b, countClasses(a, classCount))];
}
