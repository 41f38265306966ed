import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDNS1123Label, isDNS1123Subdomain, isQualifiedName, isValidLabelValue, regexError, utf8Length } from '../../../src/sim/api/name-validation.js';

const NAME_PART =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

describe('isQualifiedName', () => {
  it('accepts names with and without a DNS prefix', () => {
    for (const v of ['simple', 'now-with-dashes', '1-starts-with-num', '1234', 'simple/simple', 'now-with-dashes/simple', 'example.com/Uppercase_And.dots', 'a'.repeat(63)]) {
      expect(isQualifiedName(v), v).toEqual([]);
    }
  });

  it('returns upstream messages for each broken part', () => {
    expect(isQualifiedName('nospecialchars%^=@')).toEqual([NAME_PART]);
    expect(isQualifiedName('/simple')).toEqual(['prefix part must be non-empty']);
    expect(isQualifiedName('example.com/')).toEqual(['name part must be non-empty', NAME_PART]);
    expect(isQualifiedName('a'.repeat(64))).toEqual(['name part must be no more than 63 characters']);
    expect(isQualifiedName('Example.com/x')).toEqual([
      "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ]);
    expect(isQualifiedName('a/b/c')).toEqual([
      "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
    ]);
  });
});

describe('isValidLabelValue', () => {
  it('accepts empty and qualified-name-like values', () => {
    for (const v of ['', 'a', 'A', '1234', 'a-b_c.d', 'a'.repeat(63)]) expect(isValidLabelValue(v), v).toEqual([]);
  });

  it('rejects with upstream messages', () => {
    const regex =
      "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
    expect(isValidLabelValue('-a')).toEqual([regex]);
    expect(isValidLabelValue('bad value')).toEqual([regex]);
    expect(isValidLabelValue('a'.repeat(64))).toEqual(['must be no more than 63 characters']);
  });
});

describe('DNS-1123', () => {
  it('labels: lower-case, no dots, at most 63', () => {
    expect(isDNS1123Label('kube-proxy')).toEqual([]);
    expect(isDNS1123Label('a.b')).toEqual(['must not contain dots']);
    expect(isDNS1123Label('Kube')).toEqual([
      "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
    ]);
    expect(isDNS1123Label('a'.repeat(64))).toEqual(['must be no more than 63 characters']);
  });

  it('subdomains: dotted labels, at most 253', () => {
    expect(isDNS1123Subdomain('kube-proxy.example.com')).toEqual([]);
    expect(isDNS1123Subdomain('a..b')).toHaveLength(1);
    expect(isDNS1123Subdomain(`${'a'.repeat(250)}.com`)).toEqual(['must be no more than 253 characters']);
  });

  it('regexError without examples', () => {
    expect(regexError('bad', 'x+')).toBe("bad (regex used for validation is 'x+')");
  });
});

describe('utf8Length', () => {
  it('counts UTF-8 bytes: 1 to 4 per character, a lone surrogate as the 3 of U+FFFD', () => {
    expect(utf8Length('')).toBe(0);
    expect(utf8Length('node-1')).toBe(6);
    expect(utf8Length('é')).toBe(2);
    expect(utf8Length('ü€')).toBe(5);
    expect(utf8Length('😀')).toBe(4);
    expect(utf8Length('a\ud800b')).toBe(5);
    expect(utf8Length('\udc00\ud83d')).toBe(6);
  });

  it('is the length TextEncoder encodes any string to', () => {
    const encoder = new TextEncoder();
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => utf8Length(s) === encoder.encode(s).length));
    const mixed = fc.string({ unit: fc.constantFrom('a', 'é', '€', '😀', '\ud800', '\udc00') });
    fc.assert(fc.property(mixed, (s) => utf8Length(s) === encoder.encode(s).length));
  });
});
