/** uniq after a pipe: GNU uniq. */
import { describe, expect, it } from 'vitest';
import { uniq } from '../../../src/kubectl/pipe/uniq.js';

const RUNS = 'a\na\nb\nc\nc\nc\n';

describe('uniq', () => {
  it('keeps one line per run of equal adjacent lines, counted with -c', () => {
    expect(uniq([], RUNS)).toEqual({ exitCode: 0, stdout: 'a\nb\nc\n', stderr: '' });
    expect(uniq(['-c'], RUNS).stdout).toBe('      2 a\n      1 b\n      3 c\n');
    expect(uniq([], 'a\nb\na\n').stdout).toBe('a\nb\na\n');
    expect(uniq([], 'a\nb').stdout).toBe('a\nb\n');
  });

  it('keeps only repeated runs with -d, only single lines with -u', () => {
    expect(uniq(['-d'], RUNS).stdout).toBe('a\nc\n');
    expect(uniq(['-u'], RUNS).stdout).toBe('b\n');
    expect(uniq(['-cd'], RUNS).stdout).toBe('      2 a\n      3 c\n');
    expect(uniq(['-du'], RUNS).stdout).toBe('');
  });
});
