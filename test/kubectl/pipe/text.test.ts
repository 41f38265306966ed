/** Lines and bytes as the GNU tools see them in the C locale. */
import { describe, expect, it } from 'vitest';
import { byteLength, compareBytes, rawLines, splitLines } from '../../../src/kubectl/pipe/text.js';

describe('text', () => {
  it('splits lines, counting a last line without a newline', () => {
    expect(splitLines('a\nb\n')).toEqual(['a', 'b']);
    expect(splitLines('a\n\nb')).toEqual(['a', '', 'b']);
    expect(splitLines('')).toEqual([]);
    expect(rawLines('a\nb')).toEqual(['a\n', 'b']);
  });

  it('orders strings as their UTF-8 bytes, which UTF-16 order does not above U+D7FF', () => {
    expect(compareBytes('Z', 'a')).toBeLessThan(0);
    expect(compareBytes('ab', 'a')).toBeGreaterThan(0);
    // U+FF21 (three bytes, EF BC A1) sorts before U+1F600 (four bytes, F0 9F 98 80).
    expect(compareBytes('\uff21', '\u{1f600}')).toBeLessThan(0);
    expect('\uff21' < '\u{1f600}').toBe(false);
  });

  it('counts UTF-8 bytes', () => {
    expect(byteLength('aé€\u{1f600}')).toBe(1 + 2 + 3 + 4);
  });
});
