/**
 * `everynode lessons check [DIR]`: validates and proves every lesson folder under DIR (default
 * `lessons`), or DIR itself when it is one lesson. Prints `ok <id> <slug> (<n> checks)` per
 * lesson, or each problem as `path/file:line:column: message`; exits 1 if any lesson fails.
 *
 * Prerequisites name lessons of the whole catalogue, so when DIR is one lesson or one track the
 * catalogue is read from the nearest folder above it (up to two levels) that holds a README.md,
 * as lessons/ does; only the lessons under DIR are proved.
 */
import { existsSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { checkCatalogue } from '../tutorial/check-catalogue.js';
import { readLessonTree } from './files.js';

const USAGE = 'usage: everynode lessons check [DIR]\n';

export async function lessonsCommand(argv: readonly string[]): Promise<number> {
  const [sub, dir = 'lessons', extra] = argv;
  if (sub !== 'check' || extra !== undefined) {
    process.stderr.write(USAGE);
    return 2;
  }
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    process.stderr.write(`everynode lessons check: ${dir} is not a folder\n`);
    return 2;
  }
  const target = resolve(dir);
  const root = catalogueRoot(target);
  const tree = readLessonTree(root);
  const under = relative(root, target).split(sep).join('/');
  const shown = (path: string): string => {
    const rel = relative(process.cwd(), join(root, path));
    return rel.startsWith('..') ? join(root, path) : rel || '.';
  };
  const report = checkCatalogue(tree, { under, shown });
  if (report.folders.length === 0) {
    process.stderr.write(`everynode lessons check: no lesson folder (lesson.md + lesson.yaml) under ${dir}\n`);
    return 1;
  }
  for (const line of report.lines) process.stdout.write(`${line}\n`);
  return report.failed > 0 ? 1 : 0;
}

/**
 * The catalogue DIR belongs to: DIR itself when it holds a README.md and is not a lesson, else the
 * nearest of its two parents that holds one (and is not a project root); failing that DIR, or
 * DIR's parent when DIR is a lesson (a lesson is always read as a folder of its catalogue).
 */
function catalogueRoot(dir: string): string {
  const isLesson = existsSync(join(dir, 'lesson.yaml')) || existsSync(join(dir, 'lesson.md'));
  if (!isLesson && existsSync(join(dir, 'README.md'))) return dir;
  for (let up = resolve(dir, '..'), i = 0; i < 2; up = resolve(up, '..'), i++) {
    if (existsSync(join(up, 'README.md')) && !existsSync(join(up, 'package.json'))) return up;
  }
  return isLesson ? resolve(dir, '..') : dir;
}
