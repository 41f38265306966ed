/** grep after a pipe: GNU grep 3 in the C locale (every expectation checked against it). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { grep } from '../../../src/kubectl/pipe/grep.js';

const PODS = `NAME              READY   STATUS             RESTARTS   AGE
log-agent-7x2kq   1/1     Running            0          5m
log-agent-b4c9d   0/1     CrashLoopBackOff   4          5m
web-1             1/1     Running            1          2m
log-agent_x       1/1     Running            0          1m
`;
const line = (n: number) => `${PODS.split('\n')[n]}\n`;

describe('grep', () => {
  it('prints the matching lines and exits 0, or exits 1 when none match', () => {
    expect(grep(['log-agent'], PODS)).toEqual({ exitCode: 0, stdout: line(1) + line(2) + line(4), stderr: '' });
    expect(grep(['nothing'], PODS)).toEqual({ exitCode: 1, stdout: '', stderr: '' });
  });

  it('counts (-c), inverts (-v), ignores case (-i) and combines short options (-iv)', () => {
    expect(grep(['-c', 'Running'], PODS).stdout).toBe('3\n');
    expect(grep(['-c', 'nothing'], PODS)).toEqual({ exitCode: 1, stdout: '0\n', stderr: '' });
    expect(grep(['-iv', 'running'], PODS).stdout).toBe(line(0) + line(2));
    expect(grep(['running', '-i', '-c'], PODS).stdout).toBe('3\n');
  });

  it('matches whole words (-w) and whole lines (-x)', () => {
    // `log-agent_x`: the underscore is a word character, so `log-agent` is not a word there.
    expect(grep(['-w', 'log-agent'], PODS).stdout).toBe(line(1) + line(2));
    expect(grep(['-x', 'web.*'], PODS).stdout).toBe(line(3));
    expect(grep(['-w', 'x*'], ' \n\na\n:\n').stdout).toBe(' \n\n:\n');
  });

  it('reads basic regular expressions by default and extended ones with -E', () => {
    expect(grep(['log\\(-agent\\)\\{1\\}-[[:alnum:]]\\{5\\} '], PODS).stdout).toBe(line(1) + line(2));
    expect(grep(['-E', 'Crash|web'], PODS).stdout).toBe(line(2) + line(3));
    expect(grep(['-E', '[0-9]/1 +Running +[1-9]'], PODS).stdout).toBe(line(3));
    expect(grep(['Crash|web'], PODS).exitCode).toBe(1);
    expect(grep(['-F', 'a.*'], 'a.*b\nab\n').stdout).toBe('a.*b\n');
  });

  it('numbers lines (-n), stays quiet (-q) and takes patterns with -e, one per line', () => {
    expect(grep(['-n', '^log'], PODS).stdout).toBe(`2:${line(1)}3:${line(2)}5:${line(4)}`);
    expect(grep(['-q', 'Running'], PODS)).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(grep(['-e', 'web', '-e', 'Crash'], PODS).stdout).toBe(line(2) + line(3));
    expect(grep(['web\nCrash'], PODS).stdout).toBe(line(2) + line(3));
  });

  it('prints context after (-A), before (-B) and around (-C, -N) each selected line, groups apart', () => {
    const text = 'a\nb\nx\nc\nd\ne\nx\nf\nx\n';
    expect(grep(['-A1', 'x'], text).stdout).toBe('x\nc\n--\nx\nf\nx\n');
    expect(grep(['-B', '1', 'x'], text).stdout).toBe('b\nx\n--\ne\nx\nf\nx\n');
    expect(grep(['--context=1', 'x'], text).stdout).toBe('b\nx\nc\n--\ne\nx\nf\nx\n');
    expect(grep(['-1', 'x'], text).stdout).toBe('b\nx\nc\n--\ne\nx\nf\nx\n');
    expect(grep(['-A0', 'x'], text).stdout).toBe('x\n--\nx\n--\nx\n');
    expect(grep(['-nA1', 'x'], text).stdout).toBe('3:x\n4-c\n--\n7:x\n8-f\n9:x\n');
    expect(grep(['-n', '-B2', 'x'], text).stdout).toBe('1-a\n2-b\n3:x\n--\n5-d\n6-e\n7:x\n8-f\n9:x\n');
    expect(grep(['-vA1', 'x'], text).stdout).toBe(text);
    expect(grep(['-A1', '-C0', 'x'], text).stdout).toBe('x\nc\n--\nx\nf\nx\n');
    expect(grep(['-c', '-A1', 'x'], text).stdout).toBe('3\n');
    expect(grep(['-e', '-5'], 'a-5\nb\n').stdout).toBe('a-5\n');
    expect(grep(['-A', 'x', 'y'], text)).toEqual({ exitCode: 2, stdout: '', stderr: 'grep: x: invalid context length argument\n' });
  });

  it('agrees with GNU grep on context, numbering and inversion', () => {
    const lines = fc.array(fc.constantFrom('x', 'y', 'xy', 'z', ''), { minLength: 0, maxLength: 12 });
    const options = fc.subarray(['-n', '-v', '-A1', '-A0', '-B1', '-B2', '-C1', '-2', '-c'], { maxLength: 3 });
    const cases = fc.sample(fc.tuple(lines, options), { seed: 7, numRuns: 150 });
    const dir = mkdtempSync(join(tmpdir(), 'grep-'));
    for (const [i, [ls, opts]] of cases.entries()) {
      const text = ls.map((l) => `${l}\n`).join('');
      writeFileSync(join(dir, String(i)), text);
      const gnu = spawnSync('grep', [...opts, 'x', join(dir, String(i))], { encoding: 'utf8', env: { LC_ALL: 'C' } });
      expect(grep([...opts, 'x'], text), `grep ${opts.join(' ')} x over ${JSON.stringify(text)}`).toEqual({ exitCode: gnu.status, stdout: gnu.stdout, stderr: '' });
    }
  });

  it('ends a last line that has no newline with one', () => {
    expect(grep(['b'], 'a\nb')).toEqual({ exitCode: 0, stdout: 'b\n', stderr: '' });
  });

  it('exits 2 with GNU grep\'s message on trouble', () => {
    expect(grep(['-e'], PODS)).toEqual({ exitCode: 2, stdout: '', stderr: "grep: option requires an argument -- 'e'\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n" });
    expect(grep([], PODS)).toEqual({ exitCode: 2, stdout: '', stderr: "Usage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n" });
    expect(grep(['-E', '-F', 'x'], PODS)).toEqual({ exitCode: 2, stdout: '', stderr: 'grep: conflicting matchers specified\n' });
    expect(grep(['[[:foo:]]'], PODS)).toEqual({ exitCode: 2, stdout: '', stderr: 'grep: Invalid character class name\n' });
    expect(grep(['-o', 'x'], PODS).stderr).toBe(
      "grep: unsupported option -- 'o' (this playground's grep knows -c -E -e -F -G -i -n -q -v -w -x -A -B -C)\nUsage: grep [OPTION]... PATTERNS [FILE]...\nTry 'grep --help' for more information.\n",
    );
    expect(grep(['x', 'pods.txt'], PODS)).toEqual({ exitCode: 2, stdout: '', stderr: 'grep: pods.txt: this playground has no files to read; grep reads the output of the command before the pipe\n' });
  });
});
