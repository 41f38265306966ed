/** go-wordwrap's WrapString, as kubectl explain's `wrap` uses it. */
import { describe, expect, it } from 'vitest';
import { wrapString } from '../../../src/kubectl/explain/wordwrap.js';

describe('wrapString', () => {
  it('breaks at the last space that keeps a line within the limit, dropping that space', () => {
    expect(wrapString('aaa bbb ccc ddd', 7)).toBe('aaa bbb\nccc ddd');
    expect(wrapString('aaa bbb ccc', 8)).toBe('aaa bbb\nccc');
  });

  it('never splits a word longer than the limit', () => {
    expect(wrapString('see https://example.test/a/very/long/path now', 10)).toBe('see\nhttps://example.test/a/very/long/path\nnow');
  });

  it('keeps existing line breaks and blank lines, and spaces that still fit', () => {
    expect(wrapString('one two\n\nthree', 5)).toBe('one\ntwo\n\nthree');
    expect(wrapString('a  b', 10)).toBe('a  b');
    expect(wrapString('ab \n', 10)).toBe('ab \n');
  });

  it('does not break at a no-break space', () => {
    expect(wrapString('aa\u00a0bb cc', 5)).toBe('aa\u00a0bb\ncc');
  });
});
