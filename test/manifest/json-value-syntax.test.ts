/**
 * Go's JSON syntax errors, as kubectl prints them for a JSON argument that does not parse. The
 * messages were read from kubectl 1.32 (`kubectl run web --image=nginx --override-type=json
 * --overrides=TEXT --dry-run=client`, which hands TEXT to `json.Unmarshal`).
 */
import { describe, expect, it } from 'vitest';
import { jsonValueError } from '../../src/manifest/json-syntax.js';

const CASES: readonly (readonly [string, string])[] = [
  ['{bad', "invalid character 'b' looking for beginning of object key string"],
  [' ', 'unexpected end of JSON input'],
  ['tru', "invalid character ' ' in literal true (expecting 'e')"],
  ['nul', "invalid character ' ' in literal null (expecting 'l')"],
  ['[1,]', "invalid character ']' looking for beginning of value"],
  ['{"a" 1}', "invalid character '1' after object key"],
  ['{"a":1 "b"}', `invalid character '"' after object key:value pair`],
  ['[1 2]', "invalid character '2' after array element"],
  ['1.', "invalid character ' ' after decimal point in numeric literal"],
  ['1e', "invalid character ' ' in exponent of numeric literal"],
  ['-', "invalid character ' ' in numeric literal"],
  ['-a', "invalid character 'a' in numeric literal"],
  ['"\\x"', "invalid character 'x' in string escape code"],
  ['"\\u12g4"', "invalid character 'g' in \\u hexadecimal character escape"],
  ['{"a":1}x', "invalid character 'x' after top-level value"],
  ['"a\tb"', "invalid character '\\t' in string literal"],
  ['[', 'unexpected end of JSON input'],
  ['{"a":', 'unexpected end of JSON input'],
  ['"abc', 'unexpected end of JSON input'],
  ['01', "invalid character '1' after top-level value"],
  ['é', "invalid character 'Ã' looking for beginning of value"],
  ["'", "invalid character '\\'' looking for beginning of value"],
];

describe('jsonValueError (checkValid)', () => {
  it.each(CASES)('%j', (text, message) => {
    expect(jsonValueError(text)).toBe(message);
  });

  it('accepts every JSON value, with spaces around it', () => {
    for (const text of ['{}', ' [1, -0.5e+3, "a\\u00e9\\n", true, false, null, {"k": []}] ', '0', '"x"', '{"a":{"b":[{}]}}']) expect(jsonValueError(text), text).toBeUndefined();
  });
});
