/**
 * What `diff -u -N LIVE-DIR MERGED-DIR` prints for kubectl diff's two temporary directories
 * (GNU diff comparing directories): for each file name, in byte order, whose contents differ,
 * the command line naming both files, the `---`/`+++` header with each file's path and
 * modification time, then the hunks (unified.ts). A file missing from one side counts as empty
 * (`-N`) and shows the epoch as its time; identical files print nothing.
 *
 * The modification times are the virtual clock's (`2026-01-01 00:00:10.000000000 +0000`, the
 * UTC form GNU diff prints): both files are written at the same virtual instant.
 */
import { unifiedHunks } from './unified.js';

/** A directory of files: name -> content. */
export type Directory = ReadonlyMap<string, string>;

function stamp(ms: number): string {
  const iso = new Date(ms).toISOString(); // 2026-01-01T00:00:10.000Z
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${iso.slice(20, 23)}000000 +0000`;
}

/** The output of `diff -u -N from to`; empty when every file is the same on both sides. */
export function diffDirectories(from: { path: string; files: Directory }, to: { path: string; files: Directory }, mtime: number): string {
  const names = [...new Set([...from.files.keys(), ...to.files.keys()])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  let out = '';
  for (const name of names) {
    const hunks = unifiedHunks(from.files.get(name) ?? '', to.files.get(name) ?? '');
    if (hunks === '') continue;
    const a = `${from.path}/${name}`;
    const b = `${to.path}/${name}`;
    const time = (d: Directory) => stamp(d.has(name) ? mtime : 0);
    out += `diff -u -N ${a} ${b}\n--- ${a}\t${time(from.files)}\n+++ ${b}\t${time(to.files)}\n${hunks}`;
  }
  return out;
}
