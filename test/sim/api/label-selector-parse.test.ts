import { describe, expect, it } from 'vitest';
import { parseSelector, type ParsedSelector } from '../../../src/sim/api/labels.js';

function parsed(text: string): ParsedSelector {
  const r = parseSelector(text);
  if ('error' in r) throw new Error(`unexpected error for ${JSON.stringify(text)}: ${r.error}`);
  return r;
}

function error(text: string): string {
  const r = parseSelector(text);
  if (!('error' in r)) throw new Error(`expected an error for ${JSON.stringify(text)}`);
  return r.error;
}

describe('parseSelector (labels.Parse)', () => {
  it('re-prints good selectors without their spaces (upstream TestSelectorParse)', () => {
    for (const text of ['x=a,y=b,z=c', '', 'x!=a,y=b', 'x=', 'x= ', 'x=,z= ', 'x= ,z= ', '!x', 'x>1', 'x>1,z<5']) {
      expect(parsed(text).text).toBe(text.replaceAll(' ', ''));
    }
  });

  it('rejects bad selectors (upstream TestSelectorParse)', () => {
    for (const text of ['x=a||y=b', 'x==a==b', '!x=a', 'x<a', 'x,,y', ',x,y', 'x nott in (y)', 'a in (xyz),', 'a in (xyz)b notin ()', 'a in (xyz abc)', 'a notin(', 'a (', '(']) {
      expect(() => error(text)).not.toThrow();
    }
  });

  it('sorts requirements by key and values within a set', () => {
    expect(parsed('x notin (abc,,def),bar,z in (),w').text).toBe('bar,w,x notin (,abc,def),z in ()');
    expect(parsed('x=a,a=x').text).toBe(parsed('a=x,x=a').text);
    expect(parsed('a in (x,y,notin, z,in)').text).toBe('a in (in,notin,x,y,z)');
    expect(parsed('this-is-another-dns.domain.com/key-with-dash in (so,what)').text).toBe('this-is-another-dns.domain.com/key-with-dash in (so,what)');
  });

  it('matches as upstream TestSelectorMatches does', () => {
    const yes: [string, Record<string, string>][] = [
      ['', { x: 'y' }],
      ['x=y', { x: 'y' }],
      ['x=y,z=w', { x: 'y', z: 'w' }],
      ['x!=y,z!=w', { x: 'z', z: 'a' }],
      ['notin=in', { notin: 'in' }],
      ['x', { x: 'z' }],
      ['!x', { y: 'z' }],
      ['x>1', { x: '2' }],
      ['x<1', { x: '0' }],
      ['x in (a,b)', { x: 'b' }],
      ['x notin (a)', {}],
    ];
    const no: [string, Record<string, string>][] = [
      ['x=z', {}],
      ['x=y', { x: 'z' }],
      ['x=y,z=w', { x: 'w', z: 'w' }],
      ['x!=y,z!=w', { x: 'z', z: 'w' }],
      ['x', { y: 'z' }],
      ['!x', { x: 'z' }],
      ['x>1', { x: '0' }],
      ['x<1', { x: '2' }],
      ['x>1', { x: 'v2' }],
      ['foo=bar,foobar=bar,baz=blah', { foo: 'bar', baz: 'blah' }],
    ];
    for (const [sel, labels] of yes) expect(parsed(sel).matches(labels), sel).toBe(true);
    for (const [sel, labels] of no) expect(parsed(sel).matches(labels), sel).toBe(false);
  });

  it('reports errors in upstream words', () => {
    expect(error('app:monolith')).toBe(
      "unable to parse requirement: <nil>: Invalid value: \"app:monolith\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    );
    expect(error('app.kubernetes_io/name=x')).toBe(
      "unable to parse requirement: <nil>: Invalid value: \"app.kubernetes_io/name\": prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    );
    expect(error('x=a b')).toBe("found 'b', expected: ',' or 'end of string'");
    expect(error('x,,y')).toBe("found ',', expected: identifier after ','");
    expect(error('(')).toBe("found '(', expected: !, identifier, or 'end of string'");
    expect(error('x nott in (y)')).toBe("unable to parse requirement: found 'nott', expected: in, notin, =, ==, !=, gt, lt");
    expect(error('a in (xyz abc)')).toBe("unable to parse requirement: found 'abc', expected: ',' or ')'");
    expect(error('x<a')).toBe("unable to parse requirement: values[0]: Invalid value: \"a\": for 'Gt', 'Lt' operators, the value must be an integer");
    expect(error('x=b_')).toMatch(/^unable to parse requirement: values\[0\]\[x\]: Invalid value: "b_": a valid label must be an empty string or consist of/);
  });
});
