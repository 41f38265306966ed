/** pflag's StringSlice flag values, each occurrence read as one CSV line (results read from kubectl 1.32's --image). */
import { describe, expect, it } from 'vitest';
import { readStringSlice } from '../../src/kubectl/string-slice.js';

const read = (...occurrences: string[]) => readStringSlice('create deployment', 'image', occurrences);

describe('readStringSlice', () => {
  it('splits on commas, appends the occurrences in order, and an empty occurrence adds nothing', () => {
    expect(read('a,', '', 'b')).toEqual(['a', '', 'b']);
    expect(read(',')).toEqual(['', '']);
    expect(read('')).toEqual([]);
  });

  it('reads quoted fields: commas inside, "" for a quote', () => {
    expect(read('"a,b",c')).toEqual(['a,b', 'c']);
    expect(read('a,"b""c"')).toEqual(['a', 'b"c']);
  });

  it('refuses stray quotes with csv\'s message, columns counted in bytes', () => {
    const usage = "\nSee 'kubectl create deployment --help' for usage.";
    expect(read('a', 'é"')).toEqual({ error: `error: invalid argument "é\\"" for "--image" flag: parse error on line 1, column 3: bare " in non-quoted-field${usage}` });
    expect(read('"a"x')).toEqual({ error: `error: invalid argument "\\"a\\"x" for "--image" flag: parse error on line 1, column 3: extraneous or missing " in quoted-field${usage}` });
    expect(read('"abc')).toEqual({ error: `error: invalid argument "\\"abc" for "--image" flag: parse error on line 1, column 5: extraneous or missing " in quoted-field${usage}` });
  });
});
