/** POSIX BRE and ERE as GNU grep reads them (expectations checked against GNU grep 3.8). */
import { describe, expect, it } from 'vitest';
import { translate, type Syntax } from '../../../src/kubectl/pipe/regex.js';

/** The lines of `lines` the pattern matches. */
function matching(pattern: string, syntax: Syntax, lines: readonly string[]): string[] | string {
  const t = translate(pattern, syntax);
  if ('error' in t) return t.error;
  const re = new RegExp(t.source, 's');
  return lines.filter((l) => re.test(l));
}

const LINES = ['a', '*a', '{}', 'a{}', '{1}a', 'a+', 'aa', 'b|c', '(x)', 'x^y', 'a$b'];

describe('translate', () => {
  it('keeps BRE operators literal unless escaped', () => {
    expect(matching('a+', 'basic', LINES)).toEqual(['a+']);
    expect(matching('a\\+', 'basic', LINES)).toEqual(['a', '*a', 'a{}', '{1}a', 'a+', 'aa', 'a$b']);
    expect(matching('b|c', 'basic', LINES)).toEqual(['b|c']);
    expect(matching('b\\|x', 'basic', LINES)).toEqual(['b|c', '(x)', 'x^y', 'a$b']);
    expect(matching('(x)', 'basic', LINES)).toEqual(['(x)']);
    expect(matching('\\(a\\)\\1', 'basic', LINES)).toEqual(['aa']);
  });

  it('reads BRE anchors and stars by position', () => {
    expect(matching('*a', 'basic', LINES)).toEqual(['*a']);
    expect(matching('^*a', 'basic', LINES)).toEqual(['*a']);
    expect(matching('x^y', 'basic', LINES)).toEqual(['x^y']);
    expect(matching('a$b', 'basic', LINES)).toEqual(['a$b']);
    expect(matching('\\{1\\}a', 'basic', LINES)).toEqual(['{1}a']);
    expect(matching('a\\{2\\}', 'basic', LINES)).toEqual(['aa']);
  });

  it('reads ERE intervals, and braces that are not one as literal', () => {
    expect(matching('a{2}', 'extended', LINES)).toEqual(['aa']);
    expect(matching('a{,1}b', 'extended', LINES)).toEqual(['b|c', 'a$b']);
    expect(matching('{}', 'extended', LINES)).toEqual(['{}', 'a{}']);
    expect(matching('a{x}', 'extended', LINES)).toEqual([]);
    expect(matching('a**', 'extended', LINES)).toEqual(LINES);
    expect(matching('a)', 'extended', ['a)', 'a'])).toEqual(['a)']);
  });

  it('ignores a repetition at the start of an ERE with GNU\'s warning, and repeats anchors', () => {
    expect(translate('*a', 'extended')).toMatchObject({ warnings: ['* at start of expression'] });
    expect(matching('*a', 'extended', ['a', 'b'])).toEqual(['a']);
    expect(matching('^+a', 'extended', ['a', 'ba'])).toEqual(['a']);
    expect(matching('^*a', 'extended', ['a', 'ba'])).toEqual(['a', 'ba']);
    expect(translate('{1}a', 'extended')).toMatchObject({ warnings: ['{...} at start of expression'] });
    expect(translate(':(^)*', 'extended')).toMatchObject({ warnings: [] });
  });

  it('reads bracket expressions with classes, ranges and a leading ]', () => {
    expect(matching('[[:digit:]]', 'basic', ['a1', 'b'])).toEqual(['a1']);
    expect(matching('[]a]', 'basic', ['x]', 'a', 'b'])).toEqual(['x]', 'a']);
    expect(matching('[^a-c]', 'basic', ['abc', 'abd'])).toEqual(['abd']);
    expect(matching('[\\]', 'basic', ['\\', 'x'])).toEqual(['\\']);
    expect(matching('[a-]', 'basic', ['-', 'b'])).toEqual(['-']);
  });

  it('gives GNU\'s word and edge escapes their meaning', () => {
    expect(matching('\\<ab\\>', 'basic', ['ab c', 'cab', 'ab_'])).toEqual(['ab c']);
    expect(matching('\\bx', 'extended', ['a x', 'ax'])).toEqual(['a x']);
    expect(matching('\\w\\W\\s\\S', 'extended', ['a- b', 'a  b', 'a-  b', 'ab b'])).toEqual(['a- b', 'a  b']);
  });

  it('refuses malformed patterns with GNU\'s words', () => {
    expect(translate('\\', 'basic')).toEqual({ error: 'Trailing backslash' });
    expect(translate('[a', 'basic')).toEqual({ error: 'Unmatched [, [^, [:, [., or [=' });
    expect(translate('[:space:]', 'basic')).toEqual({ error: 'character class syntax is [[:space:]], not [:space:]' });
    expect(translate('[[:foo:]]', 'extended')).toEqual({ error: 'Invalid character class name' });
    expect(translate('(a', 'extended')).toEqual({ error: 'Unmatched ( or \\(' });
    expect(translate('\\(a', 'basic')).toEqual({ error: 'Unmatched ( or \\(' });
    expect(translate('a\\)', 'basic')).toEqual({ error: 'Unmatched ) or \\)' });
    expect(translate('\\1', 'extended')).toEqual({ error: 'Invalid back reference' });
    expect(translate('a{2,1}', 'extended')).toEqual({ error: 'Invalid content of \\{\\}' });
    expect(translate('a{}', 'extended')).toEqual({ error: 'Invalid content of \\{\\}' });
    expect(translate('a\\{1', 'basic')).toEqual({ error: 'Unmatched \\{' });
    expect(translate('[z-a]', 'basic')).toEqual({ error: 'Invalid range end' });
  });
});
