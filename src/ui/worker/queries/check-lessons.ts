/**
 * `checkLessons`: an instructor's own lesson folder (its files as text), checked and proved by
 * the code `everynode lessons check` runs, here in the worker because proving runs every check
 * and the solution on clusters of its own (the session's cluster is not touched). `known`: the
 * site's lesson ids, which prerequisites may name.
 */
import { checkCatalogue } from '../../../tutorial/check-catalogue.js';
import type { EngineSession } from '../session.js';

export interface CheckLessonsArgs {
  readonly files: Readonly<Record<string, string>>;
  readonly known?: readonly string[];
}

export interface CheckedFolder {
  readonly path: string;
  /** Present when the folder parsed and proved. */
  readonly lesson?: { readonly id: string; readonly title: string };
}

export interface CheckLessonsResult {
  readonly lines: readonly string[];
  readonly failed: number;
  readonly folders: readonly CheckedFolder[];
}

export function checkLessonsQuery(_: EngineSession, args: unknown): CheckLessonsResult {
  const a = args as Partial<CheckLessonsArgs> | undefined;
  const files = a?.files && typeof a.files === 'object' ? a.files : {};
  const tree = new Map(Object.entries(files).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const known = Array.isArray(a?.known) ? a.known.filter((k): k is string => typeof k === 'string') : [];
  const report = checkCatalogue(tree, { known });
  return {
    lines: report.lines,
    failed: report.failed,
    folders: report.folders.map((f) => ({ path: f.path, ...(f.lesson ? { lesson: { id: f.lesson.meta.id, title: f.lesson.meta.title } } : {}) })),
  };
}
