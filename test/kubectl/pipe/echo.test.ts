/** echo: bash 5's builtin in a UTF-8 locale (every case below, and the generated ones, run through bash itself). */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { echo } from '../../../src/kubectl/pipe/echo.js';

/** What bash's echo prints for `args`, its bytes read as UTF-8 as the terminal shows them. */
function bashEcho(args: readonly string[]): string {
  const r = spawnSync('bash', ['-c', 'echo "$@"', 'echo', ...args], { env: { LC_ALL: 'C.UTF-8' } });
  expect(r.status).toBe(0);
  return new TextDecoder().decode(r.stdout);
}

describe('echo', () => {
  it('joins its words with one space and ends with a newline; -n leaves the newline out', () => {
    expect(echo(['hello', 'world'])).toEqual({ exitCode: 0, stdout: 'hello world\n', stderr: '' });
    expect(echo([])).toEqual({ exitCode: 0, stdout: '\n', stderr: '' });
    expect(echo(['-n', 'x'])).toEqual({ exitCode: 0, stdout: 'x', stderr: '' });
    expect(echo(['a  b', '\\t'])).toEqual({ exitCode: 0, stdout: 'a  b \\t\n', stderr: '' });
  });

  it('reads option words while they are n, e and E only; the first other word and all after print as they are', () => {
    expect(echo(['-nx', 'a']).stdout).toBe('-nx a\n');
    expect(echo(['-', '--', '-n']).stdout).toBe('- -- -n\n');
    expect(echo(['--help']).stdout).toBe('--help\n');
    expect(echo(['-ne', 'a\\tb']).stdout).toBe('a\tb');
    expect(echo(['-eE', 'a\\tb']).stdout).toBe('a\\tb\n');
    expect(echo(['-E', '-e', 'a\\tb']).stdout).toBe('a\tb\n');
  });

  it('reads backslash escapes with -e, and \\c ends the output there', () => {
    expect(echo(['-e', '\\a\\b\\e\\E\\f\\n\\r\\t\\v\\\\']).stdout).toBe('\x07\x08\x1b\x1b\f\n\r\t\v\\\n');
    expect(echo(['-e', '\\0101\\01010\\x41\\x4142\\0', '\\101']).stdout).toBe('AA0AA42\0 \\101\n');
    expect(echo(['-e', '\\q', '\\x', 'end\\']).stdout).toBe('\\q \\x end\\\n');
    expect(echo(['-e', 'a\\cb', 'c']).stdout).toBe('a');
    expect(echo(['-e', '\\u00e9\\U0001F600']).stdout).toBe('\u00e9\u{1F600}\n');
  });

  it('agrees with bash on every escape and option form', () => {
    const cases = [
      ['hello', 'world'],
      [],
      ['-n'],
      ['-e', '\\a\\b\\e\\E\\f\\n\\r\\t\\v\\\\', '\\0101\\01010\\0777\\0', '\\x41\\x4142\\xg\\x', '\\101\\q', 'end\\'],
      ['-e', '\\u0\\u41\\u00411\\u00e9\\U0001F600\\ud800\\U110000\\UFFFFFFFF\\U7fffffff\\xff\\xc3\\xa9'],
      ['-e', 'a\\cb', 'c'],
      ['-nE', '\\t'],
      ['-Ee', '\\t'],
      ['-nx', '-n'],
      ['-', '--', '-e', '\\t'],
      ['--help'],
      ['-e'],
    ];
    for (const args of cases) expect(echo(args).stdout, `echo ${args.join(' ')}`).toBe(bashEcho(args));
  });

  it('agrees with bash on generated words', () => {
    const escapes = ['\\', '\\n', '\\t', '\\c', '\\0', '\\01', '\\x', '\\x4', '\\xe', '\\u', '\\u2', '\\U1F6'];
    const piece = fc.constantFrom('a', ' ', '-', 'n', 'e', 'E', '7', 'f', '\u00e9', ...escapes);
    const word = fc.array(piece, { maxLength: 5 }).map((p) => p.join(''));
    const options = fc.subarray(['-n', '-e', '-E', '-ne', '-en', '-nEe'], { maxLength: 2 });
    for (const [opts, words] of fc.sample(fc.tuple(options, fc.array(word, { maxLength: 3 })), { seed: 5, numRuns: 150 })) {
      const args = [...opts, ...words];
      expect(echo(args).stdout, `echo ${JSON.stringify(args)}`).toBe(bashEcho(args));
    }
  });
});
