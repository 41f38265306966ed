/**
 * jsonEqual and semanticEqual against a plain model: two JSON values are equal when their
 * canonical forms (keys sorted, `undefined` members dropped; for semanticEqual also members that
 * are null, [] or an object without defined members) serialise the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual, semanticEqual } from '../../../src/sim/apiserver/validation/equality.js';

/** Absent, null, [] or an object without defined members (one level, as the API's "empty"). */
function empty(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (Array.isArray(v)) return v.length === 0;
  return typeof v === 'object' && Object.values(v).every((x) => x === undefined);
}

function canonical(v: unknown, loose: boolean): unknown {
  // JSON.stringify would print an undefined element as null: keep the two apart (strict), or
  // make every empty element one token (loose).
  if (Array.isArray(v)) return v.map((x) => (loose && empty(x) ? '<empty>' : x === undefined ? '<undefined>' : canonical(x, loose)));
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) {
    const x = (v as Record<string, unknown>)[k];
    if (x === undefined || (loose && empty(x))) continue;
    out[k] = canonical(x, loose);
  }
  return out;
}

function modelEqual(a: unknown, b: unknown, loose: boolean): boolean {
  if (loose && empty(a) && empty(b)) return true;
  return JSON.stringify(canonical(a, loose)) === JSON.stringify(canonical(b, loose));
}

/** Small JSON-ish values over few keys and leaves, so equal pairs come up often. */
const leaf = fc.constantFrom<unknown>(0, 1, 'a', 'b', true, null, undefined);

it('an undefined array element is not null', () => expect(jsonEqual([undefined], [null])).toBe(false));
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
      { numRuns: 2000 },
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
