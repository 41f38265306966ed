import { describe, expect, it } from 'vitest';
import { identityMemo, memo, TemplateMemo } from '../../src/sim/memo.js';

describe('memo', () => {
  it('computes each key once while it is cached', () => {
    let calls = 0;
    const double = memo((n: number) => {
      calls++;
      return n * 2;
    });
    expect([double(2), double(2), double(3)]).toEqual([4, 4, 6]);
    expect(calls).toBe(2);
  });

  it('remembers undefined results too', () => {
    let calls = 0;
    const nothing = memo((_: string): undefined => {
      calls++;
      return undefined;
    });
    nothing('a');
    nothing('a');
    expect(calls).toBe(1);
  });

  it('drops the whole cache at its limit, so memory stays bounded', () => {
    let calls = 0;
    const id = memo((s: string) => {
      calls++;
      return s;
    }, 2);
    id('a');
    id('b');
    id('c'); // clears a and b
    id('a');
    expect(calls).toBe(4);
  });
});

describe('identityMemo', () => {
  it('computes once per object and variant, and tells equal-looking objects apart', () => {
    let calls = 0;
    const size = identityMemo((list: readonly number[], variant: string) => {
      calls++;
      return `${list.length}${variant}`;
    });
    const a = [1, 2];
    expect(size(a)).toBe('2');
    expect(size(a)).toBe('2');
    expect(size(a, 'x')).toBe('2x');
    expect(size([1, 2])).toBe('2');
    expect(calls).toBe(3);
  });

  it('keeps many variants of one object apart', () => {
    const pin = identityMemo((o: { readonly base: string }, node: string) => ({ at: `${o.base}@${node}` }));
    const template = { base: 't' };
    const first = pin(template, 'node-1');
    for (let i = 2; i <= 50; i++) expect(pin(template, `node-${i}`).at).toBe(`t@node-${i}`);
    expect(pin(template, 'node-1')).toBe(first);
    expect(pin(template, 'node-50')).toBe(pin(template, 'node-50'));
  });

  it('drops the whole cache at its limit of objects, so memory stays bounded', () => {
    let calls = 0;
    const id = identityMemo((o: object) => {
      calls++;
      return o;
    }, 2);
    const [a, b, c] = [{}, {}, {}];
    id(a);
    id(b);
    id(a, 'x'); // a second variant of a cached object is no new object
    id(c); // clears a and b
    id(b);
    expect(calls).toBe(5);
  });
});

describe('TemplateMemo', () => {
  const shared = { list: [1] };
  const memo3 = () => new TemplateMemo<string, Record<string, unknown>, string>(new Set(['pin']));

  it('gives the last answer to an object that differs only in the per-object fields', () => {
    const m = memo3();
    m.keep('k', { a: shared, pin: 1 }, 'answer');
    expect(m.last('k', { a: shared, pin: 2 })).toBe('answer');
    expect(m.last('other', { a: shared, pin: 2 })).toBeUndefined();
  });

  it('gives nothing when a shared field is another object, even an equal one', () => {
    const m = memo3();
    m.keep('k', { a: shared, pin: 1 }, 'answer');
    expect(m.last('k', { a: { list: [1] }, pin: 1 })).toBeUndefined();
  });

  it('gives nothing when the keys differ, undefined values and per-object keys included', () => {
    const m = memo3();
    m.keep('k', { a: shared, b: undefined, pin: 1 }, 'answer');
    expect(m.last('k', { a: shared, pin: 1 })).toBeUndefined();
    expect(m.last('k', { a: shared, c: undefined, pin: 1 })).toBeUndefined();
    expect(m.last('k', { a: shared, b: undefined })).toBeUndefined();
    expect(m.last('k', { a: shared, b: undefined, pin: 1, extra: 0 })).toBeUndefined();
    m.keep('j', { a: shared, x: 1 }, 'answer');
    expect(m.last('j', { a: shared, pin: 1 })).toBeUndefined();
    expect(m.last('j', { a: shared, x: 1 })).toBe('answer');
  });

  it('keeps one object per key: the last one kept', () => {
    const m = memo3();
    m.keep('k', { a: shared, pin: 1 }, 'first');
    m.keep('k', { a: 2, pin: 1 }, 'second');
    expect(m.last('k', { a: shared, pin: 1 })).toBeUndefined();
    expect(m.last('k', { a: 2, pin: 3 })).toBe('second');
  });
});
