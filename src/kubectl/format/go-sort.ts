/**
 * Go's `sort.Sort` (pattern-defeating quicksort, `sort/zsortinterface.go`, Go 1.19 and later),
 * for output that upstream orders with it: `kubectl events` (and `kubectl describe`) sort events
 * by time with `sort.Sort(SortableEvents(...))`, which is NOT stable. Events that happened in the
 * same second come out in the order this algorithm leaves them, so matching kubectl byte for byte
 * needs the same algorithm, not a stable sort.
 *
 * Assumptions:
 * - `less` is a strict weak order (as Go requires of `Less`).
 * Invariants:
 * - The result is a permutation of the input, ordered by `less`.
 * - Up to 12 elements it is an insertion sort, so short inputs keep the order of equal elements.
 * - Deterministic: `breakPatterns` draws from a 64-bit xorshift seeded with the length, as Go's does.
 */

type Less = (i: number, j: number) => boolean;

interface Data {
  readonly less: Less;
  swap(i: number, j: number): void;
}

const MAX_INSERTION = 12;
const SHORTEST_NINTHER = 50;
const MAX_SWAPS = 4 * 3;
const MASK64 = (1n << 64n) - 1n;

type Hint = 'unknown' | 'increasing' | 'decreasing';

/** `bits.Len`: the number of bits needed to represent `n` (0 for 0). */
function bitsLen(n: number): number {
  return n <= 0 ? 0 : 32 - Math.clz32(n);
}

/** Returns a sorted copy of `items`, ordered exactly as Go's `sort.Sort` would leave them. */
export function goSort<T>(items: readonly T[], less: (a: T, b: T) => boolean): T[] {
  const a = [...items];
  const data: Data = {
    less: (i, j) => less(a[i]!, a[j]!),
    swap(i, j) {
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    },
  };
  if (a.length > 1) pdqsort(data, 0, a.length, bitsLen(a.length));
  return a;
}

function insertionSort(d: Data, a: number, b: number): void {
  for (let i = a + 1; i < b; i++) {
    for (let j = i; j > a && d.less(j, j - 1); j--) d.swap(j, j - 1);
  }
}

function siftDown(d: Data, lo: number, hi: number, first: number): void {
  let root = lo;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && d.less(first + child, first + child + 1)) child++;
    if (!d.less(first + root, first + child)) return;
    d.swap(first + root, first + child);
    root = child;
  }
}

function heapSort(d: Data, a: number, b: number): void {
  const hi = b - a;
  for (let i = Math.trunc((hi - 1) / 2); i >= 0; i--) siftDown(d, i, hi, a);
  for (let i = hi - 1; i >= 0; i--) {
    d.swap(a, a + i);
    siftDown(d, 0, i, a);
  }
}

function pdqsort(d: Data, a: number, b: number, limit: number): void {
  let wasBalanced = true;
  let wasPartitioned = true;
  for (;;) {
    const length = b - a;
    if (length <= MAX_INSERTION) return insertionSort(d, a, b);
    if (limit === 0) return heapSort(d, a, b);
    if (!wasBalanced) {
      breakPatterns(d, a, b);
      limit--;
    }
    let [pivot, hint] = choosePivot(d, a, b);
    if (hint === 'decreasing') {
      reverseRange(d, a, b);
      pivot = b - 1 - (pivot - a);
      hint = 'increasing';
    }
    if (wasBalanced && wasPartitioned && hint === 'increasing' && partialInsertionSort(d, a, b)) return;
    // Many elements equal to the one before this range: put the equal ones first and skip them.
    if (a > 0 && !d.less(a - 1, pivot)) {
      a = partitionEqual(d, a, b, pivot);
      continue;
    }
    const [mid, alreadyPartitioned] = partition(d, a, b, pivot);
    wasPartitioned = alreadyPartitioned;
    const leftLen = mid - a;
    const rightLen = b - mid;
    const balanceThreshold = Math.trunc(length / 8);
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      pdqsort(d, a, mid, limit);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      pdqsort(d, mid + 1, b, limit);
      b = mid;
    }
  }
}

function partition(d: Data, a: number, b: number, pivot: number): [number, boolean] {
  d.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && d.less(i, a)) i++;
  while (i <= j && !d.less(j, a)) j--;
  if (i > j) {
    d.swap(j, a);
    return [j, true];
  }
  d.swap(i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && d.less(i, a)) i++;
    while (i <= j && !d.less(j, a)) j--;
    if (i > j) break;
    d.swap(i, j);
    i++;
    j--;
  }
  d.swap(j, a);
  return [j, false];
}

function partitionEqual(d: Data, a: number, b: number, pivot: number): number {
  d.swap(a, pivot);
  let i = a + 1;
  let j = b - 1;
  for (;;) {
    while (i <= j && !d.less(a, i)) i++;
    while (i <= j && d.less(a, j)) j--;
    if (i > j) break;
    d.swap(i, j);
    i++;
    j--;
  }
  return i;
}

function partialInsertionSort(d: Data, a: number, b: number): boolean {
  const maxSteps = 5;
  const shortestShifting = 50;
  let i = a + 1;
  for (let step = 0; step < maxSteps; step++) {
    while (i < b && !d.less(i, i - 1)) i++;
    if (i === b) return true;
    if (b - a < shortestShifting) return false;
    d.swap(i, i - 1);
    // Go's loop bound here is 1, not a+1; kept as upstream has it.
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!d.less(j, j - 1)) break;
        d.swap(j, j - 1);
      }
    }
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!d.less(j, j - 1)) break;
        d.swap(j, j - 1);
      }
    }
  }
  return false;
}

function breakPatterns(d: Data, a: number, b: number): void {
  const length = b - a;
  if (length < 8) return;
  let r = BigInt(length);
  const next = () => {
    r ^= (r << 13n) & MASK64;
    r ^= r >> 7n;
    r ^= (r << 17n) & MASK64;
    return r;
  };
  const modulus = 2 ** bitsLen(length);
  const start = a + Math.trunc(length / 4) * 2 - 1;
  for (let idx = start; idx <= start + 2; idx++) {
    let other = Number(next() & BigInt(modulus - 1));
    if (other >= length) other -= length;
    d.swap(idx, a + other);
  }
}

function choosePivot(d: Data, a: number, b: number): [number, Hint] {
  const l = b - a;
  const swaps = { n: 0 };
  const quarter = Math.trunc(l / 4);
  let i = a + quarter;
  let j = a + quarter * 2;
  let k = a + quarter * 3;
  if (l >= 8) {
    if (l >= SHORTEST_NINTHER) {
      i = median(d, i - 1, i, i + 1, swaps);
      j = median(d, j - 1, j, j + 1, swaps);
      k = median(d, k - 1, k, k + 1, swaps);
    }
    j = median(d, i, j, k, swaps);
  }
  if (swaps.n === 0) return [j, 'increasing'];
  if (swaps.n === MAX_SWAPS) return [j, 'decreasing'];
  return [j, 'unknown'];
}

function order2(d: Data, a: number, b: number, swaps: { n: number }): [number, number] {
  if (d.less(b, a)) {
    swaps.n++;
    return [b, a];
  }
  return [a, b];
}

function median(d: Data, a: number, b: number, c: number, swaps: { n: number }): number {
  [a, b] = order2(d, a, b, swaps);
  b = order2(d, b, c, swaps)[0];
  [a, b] = order2(d, a, b, swaps);
  return b;
}

function reverseRange(d: Data, a: number, b: number): void {
  for (let i = a, j = b - 1; i < j; i++, j--) d.swap(i, j);
}
