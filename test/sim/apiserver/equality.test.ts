/**
 * jsonEqual and semanticEqual against a plain model: two JSON values are equal when their
 * canonical forms (keys sorted, `undefined` members dropped; for semanticEqual also members that
 * are null, [] or {} once their own members are canonical) serialise the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual, semanticEqual } from '../../../src/sim/apiserver/validation/equality.js';

/**
 * The canonical form: keys sorted, undefined members dropped; loosely also members that are
 * empty (null, [], or an object left without members), bottom up.
 */
function canonical(v: unknown, loose: boolean): unknown {
  // JSON.stringify would print an undefined element as null: keep the two apart (strict), or
  // make every empty element one token (loose).
  if (Array.isArray(v)) {
    return v.map((x) => {
      const c = canonical(x, loose);
      return loose && empty(c) ? '<empty>' : c === undefined ? '<undefined>' : c;
    });
  }
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) {
    const c = canonical((v as Record<string, unknown>)[k], loose);
    if (c === undefined || (loose && empty(c))) continue;
    out[k] = c;
  }
  return out;
}

function empty(c: unknown): boolean {
  return c === undefined || c === null || (Array.isArray(c) && c.length === 0) || (typeof c === 'object' && c !== null && Object.keys(c).length === 0);
}

function modelEqual(a: unknown, b: unknown, loose: boolean): boolean {
  const ca = canonical(a, loose);
  const cb = canonical(b, loose);
  if (loose && empty(ca) && empty(cb)) return true;
  return JSON.stringify(ca) === JSON.stringify(cb);
}

/** Small JSON-ish values over few keys and leaves, so equal pairs come up often. */
const leaf = fc.constantFrom<unknown>(0, 1, 'a', 'b', true, null, undefined);

it('an undefined array element is not null', () => expect(jsonEqual([undefined], [null])).toBe(false));

it('semanticEqual: a member empty only at depth is empty, and keys are compared over both objects', () => {
  expect(semanticEqual({ a: { a: null } }, { a: {}, b: [0] })).toBe(false);
  expect(semanticEqual({ a: { a: null } }, {})).toBe(true);
});
const value = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 3 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('node'), { maxKeys: 3 }),
})).node;

/** A pair that is often equal: a value and a copy with keys reordered and empties sprinkled in. */
function reshuffled(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reshuffled);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = { z: undefined };
  for (const k of Object.keys(v).reverse()) out[k] = reshuffled((v as Record<string, unknown>)[k]);
  return out;
}

describe('jsonEqual and semanticEqual agree with canonical JSON', () => {
  it('on arbitrary pairs', () => {
    fc.assert(
      fc.property(value, value, (a, b) => {
        expect(jsonEqual(a, b)).toBe(modelEqual(a, b, false));
        expect(semanticEqual(a, b)).toBe(modelEqual(a, b, true));
      }),
      { numRuns: 10000 },
    );
  });

  it('on a value and its reordered copy (equal), and after one leaf changes (jsonEqual: unequal)', () => {
    fc.assert(
      fc.property(value, (a) => {
        const b = reshuffled(a);
        expect(jsonEqual(a, b)).toBe(true);
        expect(semanticEqual(a, b)).toBe(true);
        expect(jsonEqual({ x: a }, { x: b, y: 1 })).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });
});
