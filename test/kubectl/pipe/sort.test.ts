/** sort after a pipe: GNU sort in the C locale. */
import { describe, expect, it } from 'vitest';
import { compareNumbers, sort } from '../../../src/kubectl/pipe/sort.js';
import { NODES, row } from './fixture.js';

describe('sort', () => {
  it('sorts lines in byte order, reversed with -r', () => {
    expect(sort([], NODES)).toEqual({ exitCode: 0, stdout: row(0, 3, 1, 2, 4), stderr: '' });
    expect(sort(['-r'], NODES).stdout).toBe(row(2, 4, 1, 3, 0));
    expect(sort([], 'b\né\nZ\n').stdout).toBe('Z\nb\né\n');
  });

  it('sorts by key fields, numerically with -n, and keeps a key\'s own options', () => {
    expect(sort(['-k3', '-n'], NODES).stdout).toBe(row(0, 3, 1, 2, 4));
    expect(sort(['-t-', '-k2n'], NODES).stdout).toBe(row(0, 3, 2, 4, 1));
    // -k3n has an option of its own: the global -r only reverses the last-resort comparison.
    expect(sort(['-k3n', '-r'], NODES).stdout).toBe(row(0, 3, 1, 2, 4));
    expect(sort(['-k', '2,2', '-k1,1r'], NODES).stdout).toBe(row(0, 3, 2, 4, 1));
  });

  it('keeps the first line of each run of equal keys with -u', () => {
    expect(sort(['-u'], NODES).stdout).toBe(row(0, 3, 1, 2));
    expect(sort(['-k2,2', '-u'], 'x b\ny a\nz b\n').stdout).toBe('y a\nx b\n');
  });

  it('compares numbers exactly: -0 equals 0, fractions, and a line without a number is zero', () => {
    expect(sort(['-n'], ' 1\n-0\n0\n-1\n1.50\n1.5\nabc\n').stdout).toBe('-1\n-0\n0\nabc\n 1\n1.5\n1.50\n');
    expect(compareNumbers('123456789012345678901', '123456789012345678902')).toBeLessThan(0);
    expect(compareNumbers('-2', '-10')).toBeGreaterThan(0);
  });

  it('exits 2 with sort\'s message for a bad key or separator', () => {
    expect(sort(['-k0'], NODES)).toEqual({ exitCode: 2, stdout: '', stderr: "sort: field number is zero: invalid field specification '0'\n" });
    expect(sort(['-k', '1.0'], NODES).stderr).toBe("sort: character offset is zero: invalid field specification '1.0'\n");
    expect(sort(['-k', '1x'], NODES).stderr).toBe("sort: stray character in field spec: invalid field specification '1x'\n");
    expect(sort(['-k', 'x'], NODES).stderr).toBe("sort: invalid number at field start: invalid count at start of 'x'\n");
    expect(sort(['-t', 'ab'], NODES).stderr).toBe("sort: multi-character tab 'ab'\n");
  });
});
