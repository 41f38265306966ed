/** cut after a pipe: GNU cut. */
import { describe, expect, it } from 'vitest';
import { cut } from '../../../src/kubectl/pipe/cut.js';
import { NODES } from './fixture.js';

describe('cut', () => {
  it('selects fields by delimiter, in line order, passing lines without one unless -s', () => {
    expect(cut(['-d', ' ', '-f1'], NODES)).toEqual({ exitCode: 0, stdout: 'NAME\nnode-10\nnode-2\nnode-1\nnode-2\n', stderr: '' });
    expect(cut(['-d:', '-f3,1'], 'a:b:c\nnodelim\n').stdout).toBe('a:c\nnodelim\n');
    expect(cut(['-d:', '-f2-'], 'a:b:c\n').stdout).toBe('b:c\n');
    expect(cut(['-d:', '-f-2'], 'a:b:c\n').stdout).toBe('a:b\n');
    expect(cut(['-d-', '-f2', '-s'], NODES).stdout).toBe('10   Ready    5m\n2    Ready    12m\n1    NotReady 3m\n2    Ready    12m\n');
    expect(cut(['-d:', '-f', '1,3', '--output-delimiter= '], 'a:b:c\n').stdout).toBe('a c\n');
    expect(cut(['-f2'], 'a\tb\n').stdout).toBe('b\n');
  });

  it('selects characters', () => {
    expect(cut(['-c', '1,3-4,10-'], NODES).stdout).toBe('NME STATUS   AGE\nnde Ready    5m\nnde Ready    12m\nnde NotReady 3m\nnde Ready    12m\n');
  });

  it('fails with cut\'s messages', () => {
    const msg = (m: string) => ({ exitCode: 1, stdout: '', stderr: `cut: ${m}\nTry 'cut --help' for more information.\n` });
    expect(cut([], NODES)).toEqual(msg('you must specify a list of bytes, characters, or fields'));
    expect(cut(['-d', 'ab', '-f1'], NODES)).toEqual(msg('the delimiter must be a single character'));
    expect(cut(['-f0'], NODES)).toEqual(msg('fields are numbered from 1'));
    expect(cut(['-f', '3-1'], NODES)).toEqual(msg('invalid decreasing range'));
    expect(cut(['-f', '3,x,4'], NODES)).toEqual(msg("invalid field value 'x,4'"));
    expect(cut(['-f', '-'], NODES)).toEqual(msg('invalid range with no endpoint: -'));
    expect(cut(['-f', '1-2-3'], NODES)).toEqual(msg('invalid field range'));
    expect(cut(['-c0'], NODES)).toEqual(msg('byte/character positions are numbered from 1'));
    expect(cut(['-f1', '-c1'], NODES)).toEqual(msg('only one list may be specified'));
    expect(cut(['-c1', '-d:'], NODES)).toEqual(msg('an input delimiter may be specified only when operating on fields'));
  });
});
