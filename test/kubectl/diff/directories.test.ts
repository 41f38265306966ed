/**
 * `diff -u -N` over two directories, as kubectl diff prints it: files in byte order, identical
 * ones skipped, each file's path and time in the header (GNU's UTC form), a missing file empty
 * and stamped with the epoch.
 */
import { describe, expect, it } from 'vitest';
import { diffDirectories } from '../../../src/kubectl/diff/directories.js';

const T = Date.UTC(2026, 0, 1, 0, 0, 10, 250);

describe('diffDirectories', () => {
  it('prints the differing files in byte order with GNU diff\'s headers', () => {
    const from = { path: '/tmp/LIVE-1', files: new Map([['v1.Pod.default.b', 'x\n'], ['v1.Pod.default.a', 'same\n'], ['V.Upper', 'old\n']]) };
    const to = { path: '/tmp/MERGED-2', files: new Map([['v1.Pod.default.b', 'y\n'], ['v1.Pod.default.a', 'same\n'], ['V.Upper', 'new\n']]) };
    expect(diffDirectories(from, to, T)).toBe(
      'diff -u -N /tmp/LIVE-1/V.Upper /tmp/MERGED-2/V.Upper\n' +
        '--- /tmp/LIVE-1/V.Upper\t2026-01-01 00:00:10.250000000 +0000\n' +
        '+++ /tmp/MERGED-2/V.Upper\t2026-01-01 00:00:10.250000000 +0000\n' +
        '@@ -1 +1 @@\n-old\n+new\n' +
        'diff -u -N /tmp/LIVE-1/v1.Pod.default.b /tmp/MERGED-2/v1.Pod.default.b\n' +
        '--- /tmp/LIVE-1/v1.Pod.default.b\t2026-01-01 00:00:10.250000000 +0000\n' +
        '+++ /tmp/MERGED-2/v1.Pod.default.b\t2026-01-01 00:00:10.250000000 +0000\n' +
        '@@ -1 +1 @@\n-x\n+y\n',
    );
  });

  it('treats a missing file as empty, stamped with the epoch (-N); an empty file as empty', () => {
    const out = diffDirectories({ path: '/a', files: new Map([['f', 'x\n'], ['new', '']]) }, { path: '/b', files: new Map([['new', 'y']]) }, T);
    expect(out).toBe(
      'diff -u -N /a/f /b/f\n--- /a/f\t2026-01-01 00:00:10.250000000 +0000\n+++ /b/f\t1970-01-01 00:00:00.000000000 +0000\n@@ -1 +0,0 @@\n-x\n' +
        'diff -u -N /a/new /b/new\n--- /a/new\t2026-01-01 00:00:10.250000000 +0000\n+++ /b/new\t2026-01-01 00:00:10.250000000 +0000\n@@ -0,0 +1 @@\n+y\n\\ No newline at end of file\n',
    );
  });

  it('prints nothing when every file is the same', () => {
    expect(diffDirectories({ path: '/a', files: new Map([['f', 'x\n']]) }, { path: '/b', files: new Map([['f', 'x\n']]) }, T)).toBe('');
  });
});
