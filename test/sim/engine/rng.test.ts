import { describe, expect, it } from 'vitest';
import { newRngState, nextFloat, randomSuffix, randomUid, SAFE_ALPHABET, quickUid } from '../../../src/sim/engine/rng.js';

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

  it('makes version-4-shaped uids', () => {
    expect(randomUid(newRngState(3))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('quickUid: a version-4-shaped UUID, the same for the same seed', () => {
    const a = quickUid(newRngState(7));
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(quickUid(newRngState(7))).toBe(a);
    expect(quickUid(newRngState(8))).not.toBe(a);
  });
});
