import { describe, expect, it } from 'vitest';
import { goQuote } from '../../../src/sim/api/goquote.js';

describe('goQuote (strconv.Quote)', () => {
  it('escapes as Go does', () => {
    expect(goQuote('a/b/c')).toBe('"a/b/c"');
    expect(goQuote('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(goQuote('tab\there\nnl\x07\x01\x7f')).toBe('"tab\\there\\nnl\\a\\x01\\x7f"');
    expect(goQuote('héllo 世界')).toBe('"héllo 世界"');
    expect(goQuote('\u00a0\u2028')).toBe('"\\u00a0\\u2028"');
  });
});
