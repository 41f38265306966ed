/**
 * Folders on disk, for the command line and the build (build/ imports this too): node-only, so
 * src/tutorial stays pure and is handed trees of text. One walk for every folder the project
 * reads: lesson folders (`everynode lessons check`, the site's lesson data, the tests) and the
 * build's output (the service worker's precache list, the widget's examples).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isLessonFile } from '../tutorial/check-catalogue.js';

/**
 * Every file under `dir`, by `/`-separated path relative to it, in path order (so what is built
 * from it is the same on every machine). Entries whose name starts with `.` (editor and VCS
 * folders) and node_modules folders are skipped.
 */
export function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(join(dir, rel)).sort()) {
      if (name.startsWith('.') || name === 'node_modules') continue;
      const path = rel === '' ? name : `${rel}/${name}`;
      if (statSync(join(dir, path)).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk('');
  return out;
}

/** Every lesson file (Markdown and YAML) under `dir`: its path as `filesUnder` gives it -> its text. */
export function readLessonTree(dir: string): Map<string, string> {
  return new Map(filesUnder(dir).filter(isLessonFile).map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
}
