/** wc after a pipe: GNU wc reading a pipe in the C locale. */
import { describe, expect, it } from 'vitest';
import { wc } from '../../../src/kubectl/pipe/wc.js';
import { NODES } from './fixture.js';

describe('wc', () => {
  it('prints one count unpadded and several in columns of 7, always lines, words, chars, bytes', () => {
    expect(wc(['-l'], NODES)).toEqual({ exitCode: 0, stdout: '5\n', stderr: '' });
    expect(wc([], NODES).stdout).toBe('      5      15     113\n');
    expect(wc(['-wl'], NODES).stdout).toBe('      5      15\n');
    expect(wc(['-c'], NODES).stdout).toBe('113\n');
    expect(wc(['-l', '-'], 'x\n').stdout).toBe('1 -\n');
    expect(wc([], '').stdout).toBe('      0       0       0\n');
  });

  it('counts bytes as characters and only words with a printable byte, as the C locale does', () => {
    expect(wc(['-cm'], 'é\n').stdout).toBe('      3       3\n');
    expect(wc(['-w'], 'a\u0001b c\u000b d\n').stdout).toBe('3\n');
    expect(wc(['-w'], 'é \u0001\n').stdout).toBe('0\n');
  });

  it('fails with wc\'s message', () => {
    expect(wc(['-x'], NODES)).toEqual({ exitCode: 1, stdout: '', stderr: "wc: unsupported option -- 'x' (this playground's wc knows -l -w -m -c)\nTry 'wc --help' for more information.\n" });
  });
});
