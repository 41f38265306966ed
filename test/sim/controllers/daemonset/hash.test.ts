import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalJson, computeHash, fnv1a32, safeEncodeString } from '../../../../src/sim/controllers/daemonset/hash.js';
import { dsSpec } from './helpers.js';

describe('ComputeHash: FNV-1a 32 of the canonical template, SafeEncodeString digits', () => {
  it('maps the digits 0..9 to 4 5 6 7 8 9 b c d f', () => {
    expect(safeEncodeString('0123456789')).toBe('456789bcdf');
  });

  it('FNV-1a 32 of known inputs', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('is deterministic, uses only the ten digit characters, and changes with collisionCount', () => {
    const t = dsSpec().template;
    const h = computeHash(t, undefined);
    expect(h).toMatch(/^[456789bcdf]{1,10}$/);
    expect(computeHash(structuredClone(t), undefined)).toBe(h);
    expect(computeHash(t, 0)).not.toBe(h);
    expect(computeHash(t, 1)).not.toBe(computeHash(t, 0));
  });

  it('ignores key order and empty fields, not values', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1, maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 6 }), (labels) => {
        const reversed = Object.fromEntries(Object.entries(labels).reverse());
        const a = { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'i' }] } };
        const b = { spec: { containers: [{ image: 'i', name: 'c', resources: {} }] }, metadata: { labels: reversed, annotations: {} } };
        expect(canonicalJson(a)).toBe(canonicalJson(b));
        expect(computeHash(a, undefined)).toBe(computeHash(b, undefined));
      }),
    );
    const t = dsSpec().template;
    expect(computeHash({ ...t, spec: { ...t.spec, containers: [{ name: 'agent', image: 'agent:2.0' }] } }, undefined)).not.toBe(computeHash(t, undefined));
  });
});
