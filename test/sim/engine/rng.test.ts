import { describe, expect, it } from 'vitest';
import { newRngState, nextFloat, putRandomSuffix, randomSuffix, randomUid, SAFE_ALPHABET, quickUid } from '../../../src/sim/engine/rng.js';

describe('seeded RNG', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = newRngState(7);
    const b = newRngState(7);
    const c = newRngState(8);
    const xs = [nextFloat(a), nextFloat(a), nextFloat(a)];
    expect([nextFloat(b), nextFloat(b), nextFloat(b)]).toEqual(xs);
    expect(nextFloat(c)).not.toBe(xs[0]);
    for (const x of xs) expect(x >= 0 && x < 1).toBe(true);
  });

  it('draws pod-name suffixes from the API server alphabet', () => {
    const s = randomSuffix(newRngState(1), 500);
    expect(s).toHaveLength(500);
    expect([...s].every((ch) => SAFE_ALPHABET.includes(ch))).toBe(true);
    expect(new Set(s).size).toBeGreaterThan(20);
  });

  it('randomSuffix: the same suffixes, and the same draws, as ever (generated names depend on them)', () => {
    // Made by the version that appended character by character.
    const expected: [number, string, string, number][] = [
      [1, 'vbs99', 'kvzp9qrfnjgr', 1071847750],
      [42, 'vq6xg', 'skv6qj62lhrx', 1071847791],
      [0xdeadbeef, '8k2mq', '5fldj4nzrz69', 512809012],
    ];
    for (const [seed, five, twelve, after] of expected) {
      const state = newRngState(seed);
      expect([randomSuffix(state, 5), randomSuffix(state, 12), state.s]).toEqual([five, twelve, after]);
    }
  });

  it('putRandomSuffix writes the codes randomSuffix draws, at the place asked, and nothing else', () => {
    const codes = Array.from('prefix-.....-end', (ch) => ch.charCodeAt(0));
    putRandomSuffix(newRngState(9), codes, 7, 5);
    expect(String.fromCharCode(...codes)).toBe(`prefix-${randomSuffix(newRngState(9), 5)}-end`);
  });

  it('makes version-4-shaped uids', () => {
    expect(randomUid(newRngState(3))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('randomUid: the same uids, and the same draws, as ever (names and uids made after one depend on them)', () => {
    // Made by the version that grew a new list code by code for each uid.
    const expected: [number, string, string, number][] = [
      [1, 'a08ff49b-6f77-4263-8716-c43069c43a8c', '3b7cf3c2-5632-4b92-909d-3fb64afebede', 1887930711],
      [3, 'b071c772-4831-4b7c-b5b4-a8d80e4ec6b2', '5b007d9a-c991-458d-9779-cda5bb7febaf', 1887930713],
      [42, '97da2849-d73e-4b43-aa90-7d090402c802', 'd7c57008-93a3-44bd-a344-1aabe1f6f210', 1887930752],
      [0xdeadbeef, 'f4c57d15-13c6-4b8b-bf65-b28d9c70176f', '829b3a52-927e-4941-80f2-9c3e8cd26e17', 1328891973],
    ];
    for (const [seed, first, second, after] of expected) {
      const state = newRngState(seed);
      expect([randomUid(state), randomUid(state), state.s]).toEqual([first, second, after]);
    }
  });

  it('quickUid: a version-4-shaped UUID, the same for the same seed', () => {
    const a = quickUid(newRngState(7));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(quickUid(newRngState(7))).toBe(a);
    expect(quickUid(newRngState(8))).not.toBe(a);
  });

  it('quickUid: the same uids as ever (Event uids in traces and goldens)', () => {
    // Made by the version that wrote the codes into a list (`putUuid`) and spread it.
    const uids = [1, 42, 0xdeadbeef, 0xffffffff].map((seed) => quickUid(newRngState(seed)));
    expect(uids).toEqual(['a087eaf3-00b3-49c9-8706-c4ebfb2627fd', '99e1ef7c-72c3-4b8a-9a3b-32c0ab73b0ad', 'f0fd995a-4466-40cf-85a3-fa665bb06c70', 'e57bf3d3-3081-45a4-b735-0390f1ade904']);
  });
});
