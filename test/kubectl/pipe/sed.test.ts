/** sed after a pipe: GNU sed 4 in the C locale (the generated cases are run through GNU sed itself). */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sed } from '../../../src/kubectl/pipe/sed.js';

const TEXT = 'x1\nxy2\nz3\nxyx4\n';

describe('sed', () => {
  it('substitutes, deletes and prints by line, $, regex and ranges', () => {
    expect(sed(['s/x/Y/'], TEXT).stdout).toBe('Y1\nYy2\nz3\nYyx4\n');
    expect(sed(['s/x/Y/g'], TEXT).stdout).toBe('Y1\nYy2\nz3\nYyY4\n');
    expect(sed(['s/x/[&]/2'], TEXT).stdout).toBe('x1\nxy2\nz3\nxy[x]4\n');
    expect(sed(['s/\\(x\\)y/\\1\\1/'], TEXT).stdout).toBe('x1\nxx2\nz3\nxxx4\n');
    expect(sed(['-E', 's/(x|y)+/<&>/g'], TEXT).stdout).toBe('<x>1\n<xy>2\nz3\n<xyx>4\n');
    expect(sed(['s|x|/|'], TEXT).stdout).toBe('/1\n/y2\nz3\n/yx4\n');
    expect(sed(['2d;$d'], TEXT).stdout).toBe('x1\nz3\n');
    expect(sed(['/y/,/z/d'], TEXT).stdout).toBe('x1\n'); // the range starts again at xyx4
    expect(sed(['-n', '/z/!p'], TEXT).stdout).toBe('x1\nxy2\nxyx4\n');
    expect(sed(['-n', 's/z/Z/p'], TEXT).stdout).toBe('Z3\n');
    expect(sed(['-e', 's/1/one/', '-e', '3d'], TEXT).stdout).toBe('xone\nxy2\nxyx4\n');
    expect(sed(['p'], 'a')).toEqual({ exitCode: 0, stdout: 'a\na', stderr: '' });
  });

  it('agrees with GNU sed on generated scripts and inputs', () => {
    const scripts = [
      's/x/Y/', 's/x/Y/g', 's/x*/-/g', 's/\\(x\\)y/\\1\\1/', 's/x/[&]/2', 's/x/Y/2g', 's/X/q/I', '/y/d', '2d', '$d', '1,2d', '/x/,/z/d',
      '2!d', '/x/s/y/Z/', 's|x|/|g', 's/y/\\n/', '2,1d', '/z/,$d', '$!s/$/;/', '1,/x/d',
    ];
    const cases = fc.sample(
      fc.tuple(
        fc.array(fc.constantFrom('x', 'y', 'xy', 'z', 'yx', 'X', ''), { maxLength: 6 }),
        fc.boolean(),
        fc.subarray(scripts, { minLength: 1, maxLength: 2 }),
        fc.constantFrom([], ['-n']),
      ),
      { seed: 11, numRuns: 200 },
    );
    for (const [lines, finalNewline, parts, flags] of cases) {
      const text = lines.join('\n') + (finalNewline && lines.length > 0 ? '\n' : '');
      const script = [...parts, ...(flags.length > 0 ? ['p'] : [])].join(';');
      const gnu = spawnSync('sed', [...flags, script], { input: text, encoding: 'utf8', env: { LC_ALL: 'C' } });
      expect(sed([...flags, script], text), `sed ${flags.join(' ')} '${script}' over ${JSON.stringify(text)}`).toEqual({ exitCode: gnu.status, stdout: gnu.stdout, stderr: '' });
    }
  });

  it('says which part of a script it cannot read, as GNU sed does, and changes nothing', () => {
    expect(sed(['s/x/y'], TEXT)).toEqual({ exitCode: 1, stdout: '', stderr: "sed: -e expression #1, char 5: unterminated `s' command\n" });
    expect(sed(['s/x/y/k'], TEXT).stderr).toBe("sed: -e expression #1, char 7: unknown option to `s'\n");
    expect(sed(['k'], TEXT).stderr).toBe("sed: -e expression #1, char 1: unknown command: `k'\n");
    expect(sed(['a foo'], TEXT).stderr).toBe("sed: -e expression #1, char 1: the command `a' is not supported here (this playground's sed knows s, d and p)\n");
    expect(sed(['-i', 's/x/y/'], TEXT).stderr).toMatch(/^sed: unsupported option -- 'i'/);
    expect(sed([], TEXT).exitCode).toBe(1);
  });
});
