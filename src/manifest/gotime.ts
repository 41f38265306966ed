/**
 * Whether a string decodes as a `metav1.Time`, with Go's error text when not.
 *
 * Models `time.Parse(time.RFC3339, s)` as `metav1.Time.UnmarshalJSON` calls it: the layout
 * `2006-01-02T15:04:05Z07:00` is matched element by element; the first element that does not
 * fit gives `parsing time "S" as "2006-01-02T15:04:05Z07:00": cannot parse "REST" as "ELEM"`,
 * a number out of range gives `parsing time "S": month out of range`, leftovers give
 * `parsing time "S": extra text: "REST"`. Like Go, the hour may have one digit and a fraction
 * of a second may follow the seconds.
 */
import { quote } from './gofmt.js';

const LAYOUT = '2006-01-02T15:04:05Z07:00';

type Elem = { lit: string } | { std: '2006' | '01' | '02' | '15' | '04' | '05' | 'Z07:00' };
const ELEMS: readonly Elem[] = [
  { std: '2006' }, { lit: '-' }, { std: '01' }, { lit: '-' }, { std: '02' }, { lit: 'T' },
  { std: '15' }, { lit: ':' }, { std: '04' }, { lit: ':' }, { std: '05' }, { std: 'Z07:00' },
];

const digit = (s: string, i: number): boolean => i < s.length && s[i]! >= '0' && s[i]! <= '9';

/** Go's `getnum`: one or two digits (exactly two when `fixed`). */
function getnum(s: string, fixed: boolean): [number, string] | undefined {
  if (!digit(s, 0)) return undefined;
  if (!digit(s, 1)) return fixed ? undefined : [Number(s[0]), s.slice(1)];
  return [Number(s.slice(0, 2)), s.slice(2)];
}

const daysIn = (month: number, year: number): number =>
  month === 2 ? ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;

export function rfc3339Error(value: string): string | undefined {
  const cannot = (rest: string, elem: string): string =>
    `parsing time ${quote(value)} as ${quote(LAYOUT)}: cannot parse ${quote(rest)} as ${quote(elem)}`;
  const outOfRange = (what: string): string => `parsing time ${quote(value)}: ${what} out of range`;
  let rest = value;
  const n: Record<string, number> = {};
  for (const elem of ELEMS) {
    if ('lit' in elem) {
      if (!rest.startsWith(elem.lit)) return cannot(rest, elem.lit);
      rest = rest.slice(elem.lit.length);
      continue;
    }
    const hold = rest;
    if (elem.std === '2006') {
      if (rest.length < 4 || !/^\d{4}/.test(rest)) return cannot(hold, elem.std);
      n['year'] = Number(rest.slice(0, 4));
      rest = rest.slice(4);
    } else if (elem.std === 'Z07:00') {
      if (rest.startsWith('Z')) rest = rest.slice(1);
      else {
        const ok = rest.length >= 6 && (rest[0] === '+' || rest[0] === '-') && rest[3] === ':' &&
          getnum(rest.slice(1, 3), true) && getnum(rest.slice(4, 6), true);
        if (!ok) return cannot(hold, elem.std);
        rest = rest.slice(6);
      }
    } else {
      const got = getnum(rest, elem.std !== '15');
      if (!got) return cannot(hold, elem.std);
      [n[elem.std], rest] = got;
      const [what, max] = ({ '01': ['month', 12], '02': ['day', 31], '15': ['hour', 23], '04': ['minute', 59], '05': ['second', 59] } as const)[elem.std];
      if (elem.std === '01' && n['01']! < 1) return outOfRange(what);
      if (elem.std !== '02' && n[elem.std]! > max) return outOfRange(what);
      if (elem.std === '05' && /^[.,]\d/.test(rest)) rest = rest.replace(/^[.,]\d+/, '');
    }
  }
  if (rest !== '') return `parsing time ${quote(value)}: extra text: ${quote(rest)}`;
  if (n['02']! < 1 || n['02']! > daysIn(n['01']!, n['year']!)) return outOfRange('day');
  return undefined;
}
