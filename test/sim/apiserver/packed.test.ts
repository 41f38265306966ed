/**
 * Packed copies (src/sim/apiserver/packed.ts) are `Object.assign({}, x)` and intern.ts
 * `withField` in everything JavaScript can see: keys, their order, values (the same objects)
 * and the prototype, whatever sequence of key lists one copier is given.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { copyObject, copyObjectWith, PackedCopier } from '../../../src/sim/apiserver/packed.js';
import { withField } from '../../../src/sim/intern.js';

/** Keys a record may have: API field names, integer-like keys (ordered first) and Object.prototype's names. */
const key = fc.constantFrom('metadata', 'spec', 'status', 'name', 'uid', 'resourceVersion', 'nodeName', '0', '7', 'constructor', 'toString', 'hasOwnProperty', '__proto__');
const value = fc.oneof(fc.string(), fc.integer(), fc.constant(undefined), fc.constant(null), fc.object({ maxDepth: 1 }));
/** Records built as the engine builds them: keys assigned one by one (an own `__proto__` as JSON.parse makes it). */
const record = fc.array(fc.tuple(key, value), { maxLength: 12 }).map((entries) => {
  const r: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(r, k, { value: v, enumerable: true, writable: true, configurable: true });
  return r;
});

/** What JavaScript can see of a record: its prototype and its own keys with their values, in order. */
function visible(o: object): [unknown, [string, unknown][]] {
  return [Object.getPrototypeOf(o), Object.keys(o).map((k) => [k, (o as Record<string, unknown>)[k]])];
}

function expectSame(actual: object, expected: object): void {
  const [protoA, entriesA] = visible(actual);
  const [protoE, entriesE] = visible(expected);
  expect(protoA).toBe(protoE);
  expect(entriesA.map(([k]) => k)).toEqual(entriesE.map(([k]) => k));
  entriesA.forEach(([, v], i) => expect(v).toBe(entriesE[i]![1]));
}

describe('PackedCopier', () => {
  it('copy is Object.assign({}, x), for any sequence of key lists through one copier', () => {
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 8 }), (records) => {
        const copier = new PackedCopier();
        for (const r of records) {
          const out = copier.copy(r);
          expect(out).not.toBe(r);
          expectSame(out, Object.assign({}, r));
        }
      }),
    );
  });

  it('copyWith is withField, for any sequence of records and keys through one copier', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(record, key.filter((k) => k !== '__proto__'), value), { minLength: 1, maxLength: 8 }), (calls) => {
        const copier = new PackedCopier();
        for (const [r, k, v] of calls) expectSame(copier.copyWith(r, k, v), withField(r, k, v));
      }),
    );
  });

  it('copyToGrow, then its extra keys assigned in order, is Object.assign({}, x) grown the same way', () => {
    const extras = fc.uniqueArray(key.filter((k) => k !== '__proto__'), { maxLength: 5 });
    fc.assert(
      fc.property(fc.array(fc.tuple(record, extras, value), { minLength: 1, maxLength: 8 }), (calls) => {
        const copier = new PackedCopier();
        for (const [r, extra, v] of calls) {
          const grown = copier.copyToGrow(r, extra) as Record<string, unknown> | undefined;
          // A record with an own `__proto__` is left to the caller.
          expect(grown === undefined).toBe(Object.hasOwn(r, '__proto__'));
          if (grown === undefined) continue;
          expect(grown).not.toBe(r);
          const expected: Record<string, unknown> = Object.assign({}, r);
          for (const k of extra) grown[k] = expected[k] = v;
          expectSame(grown, expected);
        }
      }),
    );
  });

  it('copies that are written keep their keys and do not touch one another', () => {
    const copier = new PackedCopier();
    const a = copier.copy({ name: 'a', resourceVersion: '1', uid: 'u' });
    const b = copier.copy(a);
    b.resourceVersion = '2';
    expect(a).toEqual({ name: 'a', resourceVersion: '1', uid: 'u' });
    expect(Object.keys(b)).toEqual(['name', 'resourceVersion', 'uid']);
    expect(JSON.stringify(b)).toBe('{"name":"a","resourceVersion":"2","uid":"u"}');
  });
});

describe('copyObject and copyObjectWith', () => {
  // An API object's top-level keys, some of them in any order: the lists made as literals
  // ([apiVersion, kind, metadata, spec] and with status) come up often.
  const keys = fc.oneof(
    fc.constant(['apiVersion', 'kind', 'metadata', 'spec', 'status']),
    fc.constant(['apiVersion', 'kind', 'metadata', 'spec']),
    fc.shuffledSubarray(['apiVersion', 'kind', 'metadata', 'spec', 'status', 'data', '__proto__']),
  );
  const object = fc.tuple(keys, fc.array(value, { minLength: 7, maxLength: 7 })).map(([names, values]) => {
    const r: Record<string, unknown> = {};
    names.forEach((k, i) => Object.defineProperty(r, k, { value: values[i], enumerable: true, writable: true, configurable: true }));
    return r;
  });

  it('are a copy, and a copy given a status, as Object.assign({}, x) and withField make them', () => {
    fc.assert(
      fc.property(fc.array(object, { minLength: 1, maxLength: 6 }), value, (records, status) => {
        const copier = new PackedCopier();
        for (const r of records) {
          expectSame(copyObject(copier, r), Object.assign({}, r));
          expectSame(copyObjectWith(copier, r, status), withField(r as { status?: unknown }, 'status', status));
        }
      }),
    );
  });
});
