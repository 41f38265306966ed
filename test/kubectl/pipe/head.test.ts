/** head after a pipe: GNU head. */
import { describe, expect, it } from 'vitest';
import { head } from '../../../src/kubectl/pipe/head.js';
import { NODES, row } from './fixture.js';

describe('head', () => {
  it('prints the first N lines: ten by default, -n N, -N, and -n -N for all but the last N', () => {
    expect(head([], NODES)).toEqual({ exitCode: 0, stdout: NODES, stderr: '' });
    expect(head(['-n', '2'], NODES).stdout).toBe(row(0, 1));
    expect(head(['-2'], NODES).stdout).toBe(row(0, 1));
    expect(head(['-n', '-3'], NODES).stdout).toBe(row(0, 1));
    expect(head(['-2', '-n', '3'], NODES).stdout).toBe(row(0, 1, 2));
  });

  it('copies bytes: a last line without a newline stays without one', () => {
    expect(head(['-n', '9'], 'a\nb').stdout).toBe('a\nb');
  });

  it('fails with head\'s message and status 1', () => {
    expect(head(['-n', 'x'], NODES)).toEqual({ exitCode: 1, stdout: '', stderr: "head: invalid number of lines: 'x'\n" });
    expect(head(['-n'], NODES).stderr).toBe("head: option requires an argument -- 'n'\nTry 'head --help' for more information.\n");
    expect(head(['--lines'], NODES).stderr).toBe("head: option '--lines' requires an argument\nTry 'head --help' for more information.\n");
  });
});
