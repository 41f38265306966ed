/** cat at the start of a line or after a pipe: GNU coreutils cat 9 in the C locale (the generated cases run through GNU cat itself). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputOf } from '../../../src/kubectl/exec.js';
import { CAT, cat } from '../../../src/kubectl/pipe/cat.js';

const FILES: Record<string, string> = { 'a.yaml': 'kind: A\n', 'b.yaml': 'kind: B\n\n\n\nend' };
const readFile = (name: string): string | undefined => (Object.hasOwn(FILES, name) ? FILES[name] : undefined);

/** GNU cat run in `dir` on `args`, with `stdin` as its standard input. */
function gnuCat(dir: string, args: readonly string[], stdin = ''): { exitCode: number | null; stdout: string; stderr: string } {
  const r = spawnSync('cat', args, { cwd: dir, input: stdin, encoding: 'utf8', env: { LC_ALL: 'C' } });
  return { exitCode: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('cat', () => {
  it('writes its files in turn, and standard input when there is none or for -, read once', () => {
    expect(cat(['a.yaml', 'b.yaml'], 'ignored', readFile)).toEqual({ exitCode: 0, stdout: 'kind: A\nkind: B\n\n\n\nend', stderr: '' });
    expect(cat([], 'from the heredoc\n', readFile)).toEqual({ exitCode: 0, stdout: 'from the heredoc\n', stderr: '' });
    expect(cat(['a.yaml', '-', 'a.yaml', '-'], 'in\n', readFile).stdout).toBe('kind: A\nin\nkind: A\n');
    expect(cat(['--', '-n'], '', readFile).stderr).toBe('cat: -n: No such file or directory\n');
  });

  it('reports a file that is not there in its place, prints the others, and exits 1', () => {
    const r = cat(['a.yaml', 'nope.yaml', 'a.yaml'], '', readFile);
    expect(r).toMatchObject({ exitCode: 1, stdout: 'kind: A\nkind: A\n', stderr: 'cat: nope.yaml: No such file or directory\n' });
    expect(outputOf(r)).toEqual([
      { stream: 'stdout', text: 'kind: A\n' },
      { stream: 'stderr', text: 'cat: nope.yaml: No such file or directory\n' },
      { stream: 'stdout', text: 'kind: A\n' },
    ]);
    // Without the editor's files (a host that gives none) every file is missing.
    expect(cat(['a.yaml'], '', undefined)).toEqual({ exitCode: 1, stdout: '', stderr: 'cat: a.yaml: No such file or directory\n' });
  });

  it('numbers lines as %6d and a tab, on through the next file (-n), or only the non-empty ones (-b)', () => {
    expect(cat(['-n', 'a.yaml', 'b.yaml'], '', readFile).stdout).toBe('     1\tkind: A\n     2\tkind: B\n     3\t\n     4\t\n     5\t\n     6\tend');
    expect(cat(['-b', 'b.yaml', 'a.yaml'], '', readFile).stdout).toBe('     1\tkind: B\n\n\n\n     2\tendkind: A\n');
    expect(cat(['-sn', 'b.yaml'], '', readFile).stdout).toBe('     1\tkind: B\n     2\t\n     3\tend');
    expect(cat(['-A'], 'a\tb\r\n\x7f\u00e9\n', readFile).stdout).toBe('a^Ib^M$\n^?M-CM-)$\n');
  });

  it('shows a \\r that ends a file as ^M under -E when the next file starts with the newline, as GNU cat 9.1 does', () => {
    const files: Record<string, string> = { cr: 'a\r', empty: '', nl: '\nb' };
    const read = (n: string): string | undefined => files[n];
    expect(cat(['-E', 'cr', 'empty', 'nl'], '', read).stdout).toBe('a^M$\nb');
    expect(cat(['-E', 'cr', 'cr'], '', read).stdout).toBe('a\ra\r');
    expect(cat(['-E', 'cr'], '', read).stdout).toBe('a\r');
  });

  it('agrees with GNU cat on generated files, options and operands', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cat-'));
    const piece = fc.constantFrom('x', 'yz', '', '\n', '\n', '\t', '\r', '\r\n', ' ', '\u00e9', '\x01', '\x7f', '\u0089');
    const text = fc.array(piece, { maxLength: 10 }).map((p) => p.join(''));
    const options = fc.subarray(['-n', '-b', '-s', '-E', '-T', '-v', '-A', '-e', '-t', '-u', '--number', '--squeeze-blank', '--show-ends'], { maxLength: 3 });
    const operands = fc.array(fc.constantFrom('f0', 'f1', 'f2', '-', 'missing'), { maxLength: 4 });
    const cases = fc.sample(fc.tuple(fc.array(text, { minLength: 3, maxLength: 3 }), text, options, operands), { seed: 11, numRuns: 200 });
    for (const [files, stdin, opts, names] of cases) {
      const byName: Record<string, string> = Object.fromEntries(files.map((t, i) => [`f${i}`, t]));
      for (const [name, t] of Object.entries(byName)) writeFileSync(join(dir, name), t);
      const args = [...opts, ...names];
      const ours = cat(args, stdin, (n) => (Object.hasOwn(byName, n) ? byName[n] : undefined));
      const what = `cat ${args.join(' ')} over ${JSON.stringify(files)} and ${JSON.stringify(stdin)}`;
      expect({ exitCode: ours.exitCode, stdout: ours.stdout, stderr: ours.stderr }, what).toEqual(gnuCat(dir, args, stdin));
    }
  });

  it("answers an option it does not know with GNU cat's own error, exit 1", () => {
    const dir = mkdtempSync(join(tmpdir(), 'cat-'));
    for (const args of [['-x'], ['-nx'], ['--foo'], ['--foo=bar'], ['--n'], ['--show'], ['--number=3'], ['--squeeze=1']]) {
      const gnu = gnuCat(dir, args);
      expect(gnu.exitCode, `GNU cat ${args.join(' ')}`).toBe(1);
      expect(cat(args, '', readFile), `cat ${args.join(' ')}`).toEqual({ exitCode: 1, stdout: '', stderr: gnu.stderr });
    }
    expect(cat(['-x'], '', readFile).stderr).toBe("cat: invalid option -- 'x'\nTry 'cat --help' for more information.\n");
  });

  it('answers --help (and a prefix of it) with its usage and every option, in GNU order', () => {
    const help = cat(['--help'], '', readFile);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^Usage: cat \[OPTION\]\.\.\. \[FILE\]\.\.\.\nConcatenate FILE\(s\) to standard output\.\n/);
    const listed = [...help.stdout.matchAll(/^ {2}(-\w)|^ {6}(--\w+)/gm)].map((m) => m[1] ?? m[2]);
    expect(listed).toEqual(['-A', '-b', '-e', '-E', '-n', '-s', '-t', '-T', '-u', '-v', '--help', '--version']);
    expect(listed).toHaveLength(CAT.options.length);
    expect(cat(['--he', 'nope'], '', readFile)).toEqual(help);
    expect(cat(['--vers'], '', readFile).stdout).toMatch(/^cat \(Everynode\)/);
  });
});
