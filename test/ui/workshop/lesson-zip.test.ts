import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_BYTES, MAX_FILES, readLessonZip } from '../../../src/ui/workshop/lesson-zip.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

describe('reading a lesson folder from a zip', () => {
  it('keeps the lesson files (Markdown and YAML) as text, by path, and nothing else', () => {
    const zip = zipSync({
      'my-lesson/lesson.md': enc('---\nid: X\n---\n'),
      'my-lesson/lesson.yaml': enc('format: 1\n'),
      'my-lesson/start/a.yaml': enc('kind: DaemonSet\n'),
      'my-lesson/run.sh': enc('rm -rf /\n'),
      'my-lesson/.hidden.yaml': enc('x: 1\n'),
      '__MACOSX/my-lesson/._lesson.md': enc('junk'),
    });
    const r = readLessonZip('my.zip', zip);
    expect('tree' in r && [...r.tree]).toEqual([
      ['my-lesson/lesson.md', '---\nid: X\n---\n'],
      ['my-lesson/lesson.yaml', 'format: 1\n'],
      ['my-lesson/start/a.yaml', 'kind: DaemonSet\n'],
    ]);
  });

  it('names a file that is not a zip', () => {
    expect(readLessonZip('notes.zip', enc('hello'))).toEqual({ error: expect.stringMatching(/^notes\.zip is not a zip file that can be read \(/) });
  });

  it('refuses more than MAX_FILES files', () => {
    const files: Record<string, Uint8Array> = { 'lesson.md': enc('x') };
    for (let i = 0; i < MAX_FILES; i++) files[`start/f${i}.yaml`] = enc('a: 1\n');
    expect(readLessonZip('big.zip', zipSync(files))).toEqual({ error: `big.zip holds ${MAX_FILES + 1} files; a lesson folder may hold at most 200.` });
  });

  it('refuses more than MAX_BYTES unpacked, a compressed bomb included', () => {
    const zip = zipSync({ 'lesson.md': enc('x'), 'lesson.yaml': new Uint8Array(MAX_BYTES + 1).fill(32) });
    expect(zip.length).toBeLessThan(100_000);
    expect(readLessonZip('bomb.zip', zip)).toEqual({ error: 'bomb.zip unpacks to 2.0 MB; a lesson folder may hold at most 2.0 MB.' });
  });

  it('names a file that is not UTF-8 text, and a zip without a lesson', () => {
    expect(readLessonZip('bin.zip', zipSync({ 'lesson.md': new Uint8Array([0xff, 0xfe, 0x00]) }))).toEqual({ error: 'bin.zip: lesson.md is not UTF-8 text.' });
    expect(readLessonZip('empty.zip', zipSync({ 'notes/readme.md': enc('hi') }))).toEqual({ error: 'empty.zip holds no lesson folder (lesson.md and lesson.yaml).' });
  });
});
