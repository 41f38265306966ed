import { describe, expect, it } from 'vitest';
import { scalarOffset } from '../../src/tutorial/scalar-position.js';

describe('scalarOffset', () => {
  const at = (source: string, value: string, i: number): string => source[scalarOffset(source, 0, source.length, value, i)]!;

  it('maps a value index to the source in plain, quoted and block scalars', () => {
    expect(at('a <= 1', 'a <= 1', 5)).toBe('1');
    expect(at("'it''s x'", "it's x", 5)).toBe('x');
    expect(at('|\n  one\n  two\n', 'one\ntwo\n', 4)).toBe('t');
    expect(at('>-\n  a &&\n  b\n', 'a && b', 5)).toBe('b');
  });
});
