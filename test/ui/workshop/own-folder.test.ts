/**
 * An own lesson folder kept in localStorage: kept and read back as written, refused with the
 * sizes when too big or when the storage is full (nothing kept then), a stored value of another
 * shape ignored, and forgotten on request.
 */
import { describe, expect, it } from 'vitest';
import { PlaygroundStorage } from '../../../src/ui/persist.js';
import { forgetFolder, keepFolder, keptFolder, MAX_KEPT, OWN_FOLDER } from '../../../src/ui/workshop/own-folder.js';
import { memoryStorage } from '../memory-storage.js';

const FOLDER = { name: 'my-lesson.zip', files: { 'my-lesson/lesson.md': '---\nid: X1\n---\n', 'my-lesson/lesson.yaml': 'format: 1\n' } };

describe('an own lesson folder in localStorage', () => {
  it('keeps a folder and reads it back, until it is forgotten', () => {
    const storage = new PlaygroundStorage(memoryStorage(), 'own');
    expect(keptFolder(storage)).toBeUndefined();
    expect(keepFolder(storage, FOLDER)).toBeUndefined();
    expect(keptFolder(storage)).toEqual(FOLDER);
    forgetFolder(storage);
    expect(keptFolder(storage)).toBeUndefined();
  });

  it('refuses a folder past the limit, naming both sizes, and keeps nothing', () => {
    const storage = new PlaygroundStorage(memoryStorage(), 'own');
    const big = { name: 'big.zip', files: { 'big/lesson.md': 'x'.repeat(MAX_KEPT) } };
    expect(keepFolder(storage, big)).toBe('big.zip is not kept in this browser: its lesson files hold 1.0 MB of text, more than the 1.0 MB a kept folder may hold. It stays open until you leave or reload this page.');
    expect(keptFolder(storage)).toBeUndefined();
  });

  it('says so when the browser storage is full', () => {
    const full = memoryStorage();
    full.full = true;
    expect(keepFolder(new PlaygroundStorage(full, 'own'), FOLDER)).toBe('my-lesson.zip is not kept in this browser: the browser storage for this site is full. It stays open until you leave or reload this page.');
  });

  it('ignores a stored value of another shape', () => {
    const storage = new PlaygroundStorage(memoryStorage(), 'own');
    storage.write(OWN_FOLDER, { name: 'x.zip', files: { 'lesson.md': 3 } });
    expect(keptFolder(storage)).toBeUndefined();
    storage.write(OWN_FOLDER, 'x.zip');
    expect(keptFolder(storage)).toBeUndefined();
  });
});
