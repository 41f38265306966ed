/**
 * The order `-o yaml` writes a map's keys in: sigs.k8s.io/yaml turns the object's JSON into
 * go-yaml v2 maps, and go-yaml v2's encoder sorts their keys with its own `keyList.Less`
 * (sorter.go), not byte order: a run of digits compares by its number (`node-9` before
 * `node-10`), and where one key has a letter and the other anything else, the other comes first
 * (`a_b` before `aB`). `-o json` keeps byte order (encoding/json), so the two printers sort apart.
 */

const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/** Code points of `s` (Go's `[]rune(s)`); ASCII strings, nearly every key, without a copy. */
function runes(s: string): readonly string[] | string {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return Array.from(s);
  return s;
}

function isLetter(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
  return LETTER.test(ch);
}

function isDigit(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  if (c < 128) return c >= 48 && c <= 57;
  return DIGIT.test(ch);
}

/** `ch`'s code point. */
const codeOf = (ch: string): number => ch.codePointAt(0)!;

/** go-yaml v2's `keyList.Less` of two string keys, as a comparator (it never finds two different keys equal). */
export function yamlKeyOrder(a: string, b: string): number {
  if (a === b) return 0;
  return keyLess(a, b) ? -1 : 1;
}

function keyLess(a: string, b: string): boolean {
  const ar = runes(a);
  const br = runes(b);
  for (let i = 0; i < ar.length && i < br.length; i++) {
    if (ar[i] === br[i]) continue;
    const al = isLetter(ar[i]!);
    const bl = isLetter(br[i]!);
    if (al && bl) return codeOf(ar[i]!) < codeOf(br[i]!);
    if (al || bl) return bl;
    // Numbers: a zero where the run starts counts from 1 if a non-zero digit of `a` precedes it
    // in the same run, so that `a01` and `a1` still differ by their length.
    let an = 0;
    let bn = 0;
    if (ar[i] === '0' || br[i] === '0') {
      for (let j = i - 1; j >= 0 && isDigit(ar[j]); j--) {
        if (ar[j] !== '0') {
          an = 1;
          bn = 1;
          break;
        }
      }
    }
    let ai = i;
    for (; ai < ar.length && isDigit(ar[ai]); ai++) an = an * 10 + codeOf(ar[ai]!) - 48;
    let bi = i;
    for (; bi < br.length && isDigit(br[bi]); bi++) bn = bn * 10 + codeOf(br[bi]!) - 48;
    if (an !== bn) return an < bn;
    if (ai !== bi) return ai < bi;
    return codeOf(ar[i]!) < codeOf(br[i]!);
  }
  return ar.length < br.length;
}
