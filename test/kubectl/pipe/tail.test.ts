/** tail after a pipe: GNU tail. */
import { describe, expect, it } from 'vitest';
import { tail } from '../../../src/kubectl/pipe/tail.js';
import { NODES, row } from './fixture.js';

describe('tail', () => {
  it('prints the last N lines, or from line N on with +N', () => {
    expect(tail(['-2'], NODES)).toEqual({ exitCode: 0, stdout: row(3, 4), stderr: '' });
    expect(tail(['-n', '-2'], NODES).stdout).toBe(row(3, 4));
    expect(tail(['-n', '+2'], NODES).stdout).toBe(row(1, 2, 3, 4));
    expect(tail(['-n', '+0'], NODES).stdout).toBe(NODES);
    expect(tail(['-n', '0'], NODES).stdout).toBe('');
  });

  it('copies bytes and fails with tail\'s message', () => {
    expect(tail(['-n', '1'], 'a\nb').stdout).toBe('b');
    expect(tail(['-n', 'x'], NODES)).toEqual({ exitCode: 1, stdout: '', stderr: "tail: invalid number of lines: 'x'\n" });
  });
});
