/**
 * An instructor's own lesson folder as a zip (chosen from disk or fetched from the same origin),
 * read into the tree `everynode lessons check` takes: `/`-separated path -> text, the lesson
 * files only (Markdown and YAML, as the CLI reads a folder). Nothing in it is ever run. Limits
 * keep a page safe from a huge or hostile archive: at most MAX_FILES entries and MAX_BYTES
 * unpacked, checked from the zip's directory before anything is inflated and again after.
 */
import { unzipSync } from 'fflate';
import { isLessonFile } from '../../tutorial/check-catalogue.js';

export const MAX_FILES = 200;
export const MAX_BYTES = 2 * 1024 * 1024;

export type ZipTree = { readonly tree: Map<string, string> } | { readonly error: string };

/** A size in words: `1.5 MB`. */
export const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The lesson files of zip `name`'s bytes, or a message naming what is wrong. */
export function readLessonZip(name: string, bytes: Uint8Array): ZipTree {
  let files = 0;
  let declared = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      filter: (f) => {
        if (f.name.endsWith('/')) return false;
        files++;
        declared += f.originalSize;
        // Past a limit nothing more is inflated: the archive is refused below in any case.
        if (files > MAX_FILES || declared > MAX_BYTES) return false;
        return isLessonFile(f.name) && !f.name.startsWith('__MACOSX/');
      },
    });
  } catch (e) {
    return { error: `${name} is not a zip file that can be read (${e instanceof Error ? e.message : String(e)}).` };
  }
  if (files > MAX_FILES) return { error: `${name} holds ${files} files; a lesson folder may hold at most ${MAX_FILES}.` };
  const unpacked = Object.values(entries).reduce((sum, b) => sum + b.length, 0);
  if (Math.max(declared, unpacked) > MAX_BYTES) return { error: `${name} unpacks to ${mb(Math.max(declared, unpacked))}; a lesson folder may hold at most ${mb(MAX_BYTES)}.` };
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const tree = new Map<string, string>();
  for (const path of Object.keys(entries).sort()) {
    try {
      tree.set(path, decoder.decode(entries[path]));
    } catch {
      return { error: `${name}: ${path} is not UTF-8 text.` };
    }
  }
  if (![...tree.keys()].some((p) => /(^|\/)lesson\.(md|yaml)$/.test(p))) return { error: `${name} holds no lesson folder (lesson.md and lesson.yaml).` };
  return { tree };
}
