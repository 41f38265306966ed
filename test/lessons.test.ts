/**
 * The proof of every lesson in lessons/ (docs/lesson-format.md, The checker): each parses, its
 * checks marked failsAtStart fail after the setup, its solution passes them all, and its YAML snippets apply. A lesson that
 * stops being solvable fails here, with the checker's own `file:line:column: message` lines.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readLessonTree } from '../src/cli/files.js';
import { readCatalogue } from '../src/tutorial/catalogue.js';
import { formatDiagnostic } from '../src/tutorial/diagnostics.js';
import { proveLesson } from '../src/tutorial/prove.js';

const ROOT = resolve(__dirname, '../lessons');

const entries = readCatalogue(readLessonTree(ROOT));

describe('lessons/', () => {
  it('holds the template and the first lessons', () => {
    const ids = entries.map((e) => e.lesson?.meta.id);
    expect(ids).toEqual(expect.arrayContaining(['T1', 'L1', 'L2', 'L3', 'W1']));
  });

  it('titles every graded check, so the checklist reads in words (a kubectl check with a regex also says what it expects)', () => {
    const untitled = entries.flatMap((e) => (e.lesson?.checks ?? []).filter((c) => c.kind !== 'prediction' && c.title === undefined).map((c) => `${e.path}: ${c.id}`));
    const unexplained = entries.flatMap((e) => (e.lesson?.checks ?? []).filter((c) => c.kind === 'kubectl' && (c.stdout || c.stdoutNot || c.stderr) && c.expect === undefined).map((c) => `${e.path}: ${c.id}`));
    expect(untitled).toEqual([]);
    expect(unexplained).toEqual([]);
    expect(entries.every((e) => e.lesson)).toBe(true);
  });

  for (const entry of entries) {
    it(`${entry.path} parses and is solvable`, () => {
      const problems = entry.lesson ? proveLesson(entry.lesson) : entry.diagnostics;
      expect(problems.map((d) => formatDiagnostic(d, `lessons/${entry.path}`))).toEqual([]);
    }, 120_000);
  }
});
