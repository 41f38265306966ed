/**
 * The one folder walk the CLI and the build share: every file by `/` path in path order, dot
 * entries and node_modules skipped; a lesson tree keeps the Markdown and YAML, with their text.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { filesUnder, readLessonTree } from '../../src/cli/files.js';

const dir = mkdtempSync(join(tmpdir(), 'everynode-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const put = (path: string, text: string): void => {
  mkdirSync(join(dir, path, '..'), { recursive: true });
  writeFileSync(join(dir, path), text);
};
put('b/lesson.yaml', 'format: 1\n');
put('b/start/ds.yml', 'kind: DaemonSet\n');
put('a/lesson.md', '# A\n');
put('a/notes.txt', 'not a lesson file');
put('README.md', '# lessons\n');
put('.git/config.yaml', 'hidden');
put('a/.draft.md', 'hidden');
put('node_modules/x/readme.md', 'a dependency');

describe('filesUnder', () => {
  it('lists every file by / path in path order, skipping dot entries and node_modules', () => {
    expect(filesUnder(dir)).toEqual(['README.md', 'a/lesson.md', 'a/notes.txt', 'b/lesson.yaml', 'b/start/ds.yml']);
  });
});

describe('readLessonTree', () => {
  it('keeps the Markdown and YAML files, with their text', () => {
    expect([...readLessonTree(dir)]).toEqual([
      ['README.md', '# lessons\n'],
      ['a/lesson.md', '# A\n'],
      ['b/lesson.yaml', 'format: 1\n'],
      ['b/start/ds.yml', 'kind: DaemonSet\n'],
    ]);
  });
});
