/**
 * `everynode lessons check` as a pure function, so the CLI and the page (an instructor's own
 * folder, checked in the worker) report the same thing from one copy: every lesson folder of a
 * tree (path -> text, as catalogue.ts takes it) parsed and proved, each as
 * `ok <id> <slug> (<n> checks)` or its problems as `folder/file:line:column: message`, and a
 * closing `N of M lesson folders failed` when any did.
 */
import { readCatalogue } from './catalogue.js';
import { formatDiagnostic, sortDiagnostics } from './diagnostics.js';
import type { Lesson } from './model.js';
import { proveLesson } from './prove.js';

/** The files a lesson folder is made of (others are not read, as the CLI reads none). */
export function isLessonFile(path: string): boolean {
  const name = path.split('/').pop() ?? '';
  return /\.(md|ya?ml)$/.test(name) && !path.split('/').some((p) => p.startsWith('.') || p === 'node_modules');
}

export interface CheckOptions {
  /** Only the folders at or under this path are proved (the whole catalogue is still read). */
  readonly under?: string;
  /** Ids of lessons outside the tree that prerequisites may name. */
  readonly known?: readonly string[];
  /** How a folder is named in the report (the CLI names it relative to the working directory). */
  readonly shown?: (path: string) => string;
}

export interface FolderResult {
  readonly path: string;
  /** Set when the folder parsed and proved. */
  readonly lesson?: Lesson;
}

export interface CheckReport {
  readonly folders: readonly FolderResult[];
  /** What the CLI prints, line by line. */
  readonly lines: readonly string[];
  readonly failed: number;
}

export function checkCatalogue(tree: ReadonlyMap<string, string>, opts: CheckOptions = {}): CheckReport {
  const under = opts.under ?? '';
  const shown = opts.shown ?? ((path: string) => path);
  const entries = readCatalogue(tree, opts.known).filter((e) => under === '' || e.path === under || e.path.startsWith(`${under}/`));
  const lines: string[] = [];
  const folders: FolderResult[] = [];
  let failed = 0;
  for (const e of entries) {
    const problems = e.lesson ? proveLesson(e.lesson) : e.diagnostics;
    if (problems.length === 0 && e.lesson) {
      lines.push(`ok ${e.lesson.meta.id} ${e.lesson.slug} (${e.lesson.checks.length} checks)`);
      folders.push({ path: e.path, lesson: e.lesson });
      continue;
    }
    failed++;
    folders.push({ path: e.path });
    for (const d of sortDiagnostics(problems)) lines.push(formatDiagnostic(d, shown(e.path)));
  }
  if (failed > 0) lines.push(`${failed} of ${entries.length} lesson folders failed`);
  return { folders, lines, failed };
}
