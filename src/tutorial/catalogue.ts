/**
 * A catalogue: every lesson folder under a root, as the page lists them and the checker proves
 * them. The host hands over the tree as a map of `/`-separated path (relative to the root) ->
 * text. A lesson folder is any folder holding lesson.yaml or lesson.md; its files are everything
 * beneath it. Folders whose name starts with `_` (the template) are parsed and proved but not
 * listed for learners.
 *
 * Across lessons: ids are unique, and every prerequisite names a lesson of the catalogue.
 * Order: by path, so `NN-` prefixes order tracks and the lessons within them.
 */
import { positionIn, type Diagnostic } from './diagnostics.js';
import type { Lesson } from './model.js';
import { parseLesson, type LessonFolder } from './parse-lesson.js';

export interface CatalogueEntry {
  readonly path: string;
  readonly lesson?: Lesson;
  readonly diagnostics: readonly Diagnostic[];
}

/** The lesson folders of a tree, by path. */
export function lessonFolders(tree: ReadonlyMap<string, string>): LessonFolder[] {
  const roots = new Set<string>();
  for (const path of tree.keys()) {
    const m = /^(?:(.*)\/)?lesson\.(yaml|md)$/.exec(path);
    if (m) roots.add(m[1] ?? '');
  }
  // The deepest root that contains a file owns it.
  const ordered = [...roots].sort((a, b) => b.length - a.length);
  const files = new Map<string, Map<string, string>>([...roots].map((r) => [r, new Map()]));
  for (const [path, text] of tree) {
    const root = ordered.find((r) => r === '' || path.startsWith(`${r}/`));
    if (root !== undefined) files.get(root)!.set(root === '' ? path : path.slice(root.length + 1), text);
  }
  return [...roots].sort().map((path) => ({ path, files: files.get(path)! }));
}

/**
 * Parses every lesson of the tree and checks what only the whole catalogue can tell. `known`:
 * ids of lessons outside the tree that prerequisites may name too (a folder checked on its own
 * in the page names the site's lessons).
 */
export function readCatalogue(tree: ReadonlyMap<string, string>, known: readonly string[] = []): CatalogueEntry[] {
  const parsed = lessonFolders(tree).map((folder) => ({ folder, ...parseLesson(folder) }));
  const owners = new Map<string, string>();
  for (const p of parsed) {
    const id = p.lesson?.meta.id;
    if (id === undefined) continue;
    const other = owners.get(id);
    if (other !== undefined) (p.diagnostics as Diagnostic[]).push({ file: 'lesson.md', line: 1, column: 1, message: `id ${id} is also the id of ${other}` });
    else owners.set(id, p.folder.path);
  }
  return parsed.map((p) => {
    const diagnostics = [...p.diagnostics];
    for (const ref of p.prerequisiteRefs) {
      if (owners.has(ref.value) || known.includes(ref.value)) continue;
      const at = positionIn(p.folder.files.get('lesson.md') ?? '', ref.node.range?.[0] ?? 0);
      diagnostics.push({ file: 'lesson.md', ...at, message: `prerequisite "${ref.value}" is not the id of a lesson here (${[...owners.keys()].join(', ') || 'none'})` });
    }
    return diagnostics.length === 0 && p.lesson ? { path: p.folder.path, lesson: p.lesson, diagnostics } : { path: p.folder.path, diagnostics };
  });
}

/** The lessons a learner sees, grouped by track in catalogue order (no `_` folders). */
export function listed(entries: readonly CatalogueEntry[]): Map<string, Lesson[]> {
  const tracks = new Map<string, Lesson[]>();
  for (const e of entries) {
    if (!e.lesson || e.path.split('/').some((part) => part.startsWith('_'))) continue;
    const list = tracks.get(e.lesson.meta.track) ?? [];
    list.push(e.lesson);
    tracks.set(e.lesson.meta.track, list);
  }
  return tracks;
}
