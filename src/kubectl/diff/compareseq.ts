/**
 * The core of the line diff: Myers' O(ND) algorithm in its linear-space, divide-and-conquer
 * form (E. Myers, "An O(ND) Difference Algorithm and Its Variations", 1986, section 4b), as GNU
 * diff runs it by default: search forward from the top-left and backward from the bottom-right,
 * one edit step at a time, until the two searches overlap on a diagonal; split the problem at
 * that middle snake and solve both halves the same way.
 *
 * Which of several equally short scripts comes out depends on the order of that search, so it
 * follows GNU diff's: diagonals from the highest to the lowest, the forward step before the
 * backward one, a forward path extended from the better of its two neighbours (ties go to the
 * insertion), the overlap checked right after each extension. Identical leading and trailing
 * lines of each subproblem are matched before searching.
 *
 * Not modelled: GNU diff gives up on an exact middle snake after 4096 edit steps in one
 * subproblem (its `too_expensive` heuristic); here the search always finishes, so scripts of
 * thousands of changes may differ from GNU's, never in length.
 *
 * Assumptions: `x` and `y` hold equivalence classes (equal numbers for equal lines).
 * Invariants: every line of `x` not matched is reported to `deleted`, every line of `y` not
 * matched to `inserted`, each exactly once; the number of reports is minimal.
 */

interface Sequences {
  readonly x: Int32Array;
  readonly y: Int32Array;
  /** Furthest x reached on each diagonal (offset by `y.length + 1`), forward and backward. */
  readonly fd: Int32Array;
  readonly bd: Int32Array;
}

const FAR = 0x7fffffff;

/** The point where the forward and backward searches of the box meet. */
function middleSnake(s: Sequences, xoff: number, xlim: number, yoff: number, ylim: number): [number, number] {
  const { x, y, fd, bd } = s;
  const o = y.length + 1;
  const dmin = xoff - ylim;
  const dmax = xlim - yoff;
  const fmid = xoff - yoff;
  const bmid = xlim - ylim;
  let fmin = fmid;
  let fmax = fmid;
  let bmin = bmid;
  let bmax = bmid;
  const odd = ((fmid - bmid) & 1) !== 0;
  fd[o + fmid] = xoff;
  bd[o + bmid] = xlim;
  for (;;) {
    if (fmin > dmin) fd[o + --fmin - 1] = -1;
    else fmin++;
    if (fmax < dmax) fd[o + ++fmax + 1] = -1;
    else fmax--;
    for (let d = fmax; d >= fmin; d -= 2) {
      const below = fd[o + d - 1]!;
      const above = fd[o + d + 1]!;
      let i = below >= above ? below + 1 : above;
      let j = i - d;
      while (i < xlim && j < ylim && x[i] === y[j]) {
        i++;
        j++;
      }
      fd[o + d] = i;
      if (odd && bmin <= d && d <= bmax && bd[o + d]! <= i) return [i, j];
    }
    if (bmin > dmin) bd[o + --bmin - 1] = FAR;
    else bmin++;
    if (bmax < dmax) bd[o + ++bmax + 1] = FAR;
    else bmax--;
    for (let d = bmax; d >= bmin; d -= 2) {
      const below = bd[o + d - 1]!;
      const above = bd[o + d + 1]!;
      let i = below < above ? below : above - 1;
      let j = i - d;
      while (xoff < i && yoff < j && x[i - 1] === y[j - 1]) {
        i--;
        j--;
      }
      bd[o + d] = i;
      if (!odd && fmin <= d && d <= fmax && i <= fd[o + d]!) return [i, j];
    }
  }
}

/** Reports the lines of `x` and `y` that a shortest edit script deletes and inserts. */
export function compareSeq(x: Int32Array, y: Int32Array, deleted: (i: number) => void, inserted: (j: number) => void): void {
  const size = x.length + y.length + 3;
  const s: Sequences = { x, y, fd: new Int32Array(size), bd: new Int32Array(size) };
  const boxes: [number, number, number, number][] = [[0, x.length, 0, y.length]];
  while (boxes.length > 0) {
    let [xoff, xlim, yoff, ylim] = boxes.pop()!;
    while (xoff < xlim && yoff < ylim && x[xoff] === y[yoff]) {
      xoff++;
      yoff++;
    }
    while (xoff < xlim && yoff < ylim && x[xlim - 1] === y[ylim - 1]) {
      xlim--;
      ylim--;
    }
    if (xoff === xlim) for (let j = yoff; j < ylim; j++) inserted(j);
    else if (yoff === ylim) for (let i = xoff; i < xlim; i++) deleted(i);
    else {
      const [xmid, ymid] = middleSnake(s, xoff, xlim, yoff, ylim);
      boxes.push([xmid, xlim, ymid, ylim], [xoff, xmid, yoff, ymid]);
    }
  }
}
