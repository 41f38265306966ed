/**
 * The line diff prints what GNU `diff -u` prints (Debian's diffutils, always installed): random
 * pairs of texts with many repeated lines (where equally short scripts differ) and lines without
 * an equal (which GNU's pre-pass discards) are diffed by both and the hunks compared byte for
 * byte. All pairs go to GNU diff in one run over two directories (one process, not hundreds),
 * which also checks the directory form kubectl diff prints.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { diffDirectories } from '../../../src/kubectl/diff/directories.js';
import { diffLines, splitLines } from '../../../src/kubectl/diff/line-diff.js';

const root = mkdtempSync(join(tmpdir(), 'everynode-diff-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * Writes every pair as `a/NNN` and `b/NNN`, runs `diff -u -N a b` once, and compares its output
 * with ours for the same directories (file times taken from the files GNU diff read).
 */
function expectSameAsGnu(name: string, pairs: readonly { a: string; b: string }[]): void {
  const from = join(root, name, 'a');
  const to = join(root, name, 'b');
  mkdirSync(from, { recursive: true });
  mkdirSync(to, { recursive: true });
  const files = pairs.map((_, i) => String(i).padStart(4, '0'));
  pairs.forEach((p, i) => {
    writeFileSync(join(from, files[i]!), p.a);
    writeFileSync(join(to, files[i]!), p.b);
  });
  const r = spawnSync('diff', ['-u', '-N', from, to], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC', LC_ALL: 'C' }, maxBuffer: 1 << 28 });
  expect(r.status, r.stderr).toBeLessThanOrEqual(1);
  // GNU diff stamps each file with its modification time; ours with one instant: blank both out.
  const times = (text: string) => text.replace(/^(---|\+\+\+) (\S+)\t.*$/gm, '$1 $2');
  const ours = diffDirectories(
    { path: from, files: new Map(pairs.map((p, i) => [files[i]!, p.a])) },
    { path: to, files: new Map(pairs.map((p, i) => [files[i]!, p.b])) },
    statSync(join(from, files[0]!)).mtimeMs,
  );
  const split = (text: string) => text.split(/^(?=diff -u -N )/m);
  const gnu = split(times(r.stdout));
  const mine = split(times(ours));
  // Compare file by file, so a failure names the one pair that differs.
  for (let k = 0; k < Math.max(gnu.length, mine.length); k++) expect(mine[k], `pair ${k}`).toBe(gnu[k]);
}

const LINES = ['spec:', '  a: 1', '  b: 2', '- name: x', '', '}'];
/** A line: mostly from a small set (many repeats), sometimes one of its own. */
const line = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...LINES) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 50 }).map((n) => `u${n}`) });
const edit = fc.record({ at: fc.nat(), op: fc.constantFrom('insert', 'delete', 'replace'), line });

function edited(lines: readonly string[], edits: readonly { at: number; op: string; line: string }[]): string[] {
  const b = [...lines];
  for (const e of edits) {
    const at = e.at % (b.length + 1);
    if (e.op === 'insert') b.splice(at, 0, e.line);
    else if (e.op === 'delete') b.splice(at, 1);
    else if (at < b.length) b[at] = e.line;
  }
  return b;
}

/** A text and an edited copy, each with or without a final newline. */
const pair = fc
  .record({ lines: fc.array(line, { maxLength: 60 }), edits: fc.array(edit, { maxLength: 12 }), nlA: fc.boolean(), nlB: fc.boolean() })
  .map(({ lines, edits, nlA, nlB }) => {
    const text = (ls: string[], nl: boolean) => ls.join('\n') + (nl && ls.length > 0 ? '\n' : '');
    return { a: text(lines, nlA), b: text(edited(lines, edits), nlB) };
  });

/** Long texts of few distinct lines: GNU's provisional discards come into play. */
const longPair = fc
  .record({ lines: fc.array(fc.constantFrom('x', 'y', 'u1', 'u2', 'u3'), { minLength: 300, maxLength: 600 }), edits: fc.array(edit, { maxLength: 40 }) })
  .map(({ lines, edits }) => ({ a: `${lines.join('\n')}\n`, b: `${edited(lines, edits).join('\n')}\n` }));

describe('the line diff', () => {
  it('prints the same hunks as GNU diff -u', () => {
    expectSameAsGnu('short', fc.sample(pair, { numRuns: 800, seed: 20260101 }));
  });

  it('prints the same hunks as GNU diff -u for long texts of few distinct lines', () => {
    expectSameAsGnu('long', fc.sample(longPair, { numRuns: 150, seed: 7 }));
  });

  it('reports every line exactly once: applying the changes to the old lines gives the new ones', () => {
    fc.assert(
      fc.property(pair, ({ a, b }) => {
        const x = splitLines(a);
        const y = splitLines(b);
        const out: string[] = [];
        let i = 0;
        for (const c of diffLines(x, y, 3)) {
          out.push(...x.slice(i, c.line0), ...y.slice(c.line1, c.line1 + c.inserted));
          i = c.line0 + c.deleted;
        }
        out.push(...x.slice(i));
        expect(out).toEqual(y);
      }),
      { numRuns: 300, seed: 3 },
    );
  });
});
