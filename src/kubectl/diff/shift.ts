/**
 * GNU diff's last pass over a found script: slide each run of changed lines of one file up or
 * down over equal lines, which leaves the same changes but groups them as GNU diff prints them.
 * A run that can slide (its last line equals the line before it, or its first equals the line
 * after it) is moved up as far as it goes, merging with runs it meets, then down as far as it
 * goes, again merging; this repeats until the run stops growing. Then it moves back up to the
 * last place where it lines up with a run of changes in the other file, if it passed one, so
 * that a deletion and an insertion that belong together print as one change.
 *
 * Assumptions: `classes[f]` are the equivalence classes of file `f`'s lines and `changed[f]`
 * its marks (marks.ts), with the zero sentinels on both ends.
 * Invariants: only runs over equal lines move, so both files' text is unchanged, and the
 * number of changed lines in each file stays the same.
 */
import { mark, marked, type Marks } from './marks.js';

function shiftFile(classes: Int32Array, changed: Marks, other: Marks): void {
  const end = classes.length;
  let i = 0;
  // `j` follows the line of the other file that corresponds to line `i` of this one.
  let j = 0;
  for (;;) {
    while (i < end && !marked(changed, i)) {
      while (marked(other, j++));
      i++;
    }
    if (i === end) return;
    let start = i;
    while (marked(changed, ++i));
    while (marked(other, j)) j++;
    let length: number;
    let corresponding: number;
    do {
      length = i - start;
      // Up, while the line above the run equals its last line.
      while (start > 0 && classes[start - 1] === classes[i - 1]) {
        mark(changed, --start, true);
        mark(changed, --i, false);
        while (marked(changed, start - 1)) start--;
        while (marked(other, --j));
      }
      corresponding = marked(other, j - 1) ? i : end;
      // Down, while the line below the run equals its first line.
      while (i !== end && classes[start] === classes[i]) {
        mark(changed, start++, false);
        mark(changed, i++, true);
        while (marked(changed, i)) i++;
        while (marked(other, ++j)) corresponding = i;
      }
    } while (length !== i - start);
    // Back up to where the run last lined up with changes in the other file.
    while (corresponding < i) {
      mark(changed, --start, true);
      mark(changed, --i, false);
      while (marked(other, --j));
    }
  }
}

export function shiftBoundaries(classes: readonly [Int32Array, Int32Array], changed: readonly [Marks, Marks]): void {
  shiftFile(classes[0], changed[0], changed[1]);
  shiftFile(classes[1], changed[1], changed[0]);
}
