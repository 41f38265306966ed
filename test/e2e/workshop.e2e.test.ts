/**
 * Workshop mode in Chromium against the build served from a sub-path with the CSP: a workshop URL
 * with two exercises (and one unknown id, named), the first exercise solved in its lesson page,
 * and the results page showing its checks passed with their times; then an instructor's own
 * lesson folder as a zip from disk, opening as a lesson and kept across a reload until forgotten,
 * and a broken one reported as `everynode lessons check` reports it.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLessonTree } from '../../src/cli/files.js';
import { openPlayground, type Session } from './browser.js';

let s: Session;
const QUERY = 'ids=W1,W2,W9&minutes=30';

beforeAll(async () => {
  s = await openPlayground(`workshop/?${QUERY}`);
});

/** A zip put next to the site, as an instructor would, for `workshop/own/?zip=`. */
const SERVED_ZIP = 'dist/e2e-own-lesson.zip';

afterAll(async () => {
  rmSync(SERVED_ZIP, { force: true });
  await s?.close();
});

/** lessons/_template as a zip of the folder `my-lesson/`, with `edit` applied to lesson.yaml. */
function templateZip(edit: (yaml: string) => string = (y) => y): Buffer {
  const files: Record<string, Uint8Array> = {};
  for (const [path, text] of readLessonTree('lessons/_template')) files[`my-lesson/${path}`] = new TextEncoder().encode(path === 'lesson.yaml' ? edit(text) : text);
  return Buffer.from(zipSync(files));
}

describe('workshop mode', () => {
  it('lists the set with its time box, and names the id it does not know', async () => {
    const p = s.page;
    const list = p.getByRole('list', { name: 'Exercises' });
    await list.waitFor();
    expect(await list.getByRole('link').allTextContents()).toEqual([expect.stringMatching(/^W1: /), expect.stringMatching(/^W2: /)]);
    expect(await p.getByRole('alert', { name: 'Workshop URL problems' }).textContent()).toContain('"W9" is not an exercise of this site');
    await expect.poll(() => p.getByRole('timer', { name: 'Time left' }).textContent()).toMatch(/^\s*(30:00|29:5\d) left of 30 min\s*$/);
    await s.screenshot('workshop');
  });

  it('opens an exercise in the playground with its lesson column and the countdown; Solve passes its checks', async () => {
    const p = s.page;
    await p.getByRole('link', { name: /^W1: / }).click();
    await p.waitForURL(/\/lessons\/W1\/\?ids=W1,W2,W9&minutes=30$/);
    await p.getByRole('timer', { name: 'Time left' }).waitFor();
    const lesson = p.getByRole('region', { name: 'Lesson' });
    const solve = lesson.getByRole('button', { name: 'Solve' });
    await solve.waitFor({ timeout: 30_000 });
    await expect.poll(() => solve.isEnabled()).toBe(true);
    await solve.click();
    const done = lesson.getByRole('status', { name: 'Done' });
    await done.waitFor({ timeout: 60_000 });
    // The next exercise is the set's, opened in the same workshop.
    expect(await done.getByRole('link', { name: /^Next: W2 / }).getAttribute('href')).toBe(`../../lessons/W2/?${QUERY}`);
    await s.screenshot('workshop-exercise-solved');
  }, 120_000);

  it('shows on the results page which checks passed and when, as text to copy', async () => {
    const p = s.page;
    await p.getByRole('link', { name: 'Results' }).click();
    await p.waitForURL(/\/workshop\/results\/\?ids=W1,W2,W9&minutes=30$/);
    const results = p.getByRole('region', { name: 'Results' });
    await expect.poll(() => results.textContent()).toMatch(/W1 [^\n]*: (\d+) of \1 checks passed/);
    const text = (await results.textContent())!;
    expect(text).toMatch(/ {2}passed {3}w1-\S+ +at \d\d:\d\d:\d\d \(\+\d+:\d\d into the workshop\), virtual time \+\S+, with Solve/);
    expect(text).toMatch(/W2 [^\n]*: not opened yet/);
    expect(text).not.toContain('not yet  w1-');
    await p.getByRole('button', { name: 'Copy' }).click();
    await expect.poll(() => p.getByRole('status').textContent()).toMatch(/results are on the clipboard|Copying was refused/);
    await s.screenshot('workshop-results');
  });

  it('opens an instructor’s own lesson folder from a zip, proved as the CLI proves it', async () => {
    const p = s.page;
    await p.goto(`${s.url}workshop/own/`);
    const input = p.getByLabel('Lesson folder (zip)');
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
    await input.setInputFiles({ name: 'my-lesson.zip', mimeType: 'application/zip', buffer: templateZip() });
    const lesson = p.getByRole('region', { name: 'Lesson' });
    await expect.poll(() => lesson.textContent(), { timeout: 60_000 }).toContain('Template: a DaemonSet covers every node');
    await lesson.getByRole('list', { name: 'Checks' }).waitFor();
    await s.screenshot('workshop-own-lesson');
  }, 120_000);

  it('keeps a folder chosen from disk across a reload, until it is forgotten', async () => {
    const p = s.page;
    await expect.poll(() => p.getByRole('status').filter({ hasText: 'kept in this browser' }).textContent()).toContain('my-lesson.zip is kept in this browser');
    await p.reload();
    const lesson = p.getByRole('region', { name: 'Lesson' });
    await expect.poll(() => lesson.textContent(), { timeout: 60_000 }).toContain('Template: a DaemonSet covers every node');
    await lesson.getByRole('list', { name: 'Checks' }).waitFor();
    await p.getByRole('button', { name: 'Forget this folder' }).click();
    await p.getByLabel('Lesson folder (zip)').waitFor();
    await p.reload();
    const input = p.getByLabel('Lesson folder (zip)');
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
    expect(await p.getByRole('list', { name: 'Checks' }).count()).toBe(0);
  }, 120_000);

  it('opens a zip from the site’s own origin by ?zip=', async () => {
    writeFileSync(SERVED_ZIP, templateZip());
    const p = s.page;
    await p.goto(`${s.url}workshop/own/?zip=../../e2e-own-lesson.zip`);
    const lesson = p.getByRole('region', { name: 'Lesson' });
    await expect.poll(() => lesson.textContent(), { timeout: 60_000 }).toContain('Template: a DaemonSet covers every node');
  }, 120_000);

  it('reports a broken folder with the file, line and column, and opens nothing', async () => {
    const p = s.page;
    await p.goto(`${s.url}workshop/own/`);
    const input = p.getByLabel('Lesson folder (zip)');
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
    await input.setInputFiles({ name: 'broken.zip', mimeType: 'application/zip', buffer: templateZip((y) => y.replace('kind: podsOnNodes', 'kind: podsOnNode')) });
    const report = p.getByRole('region', { name: 'Check report' });
    await expect.poll(() => report.textContent(), { timeout: 60_000 }).toContain('my-lesson/lesson.yaml:61:11: check "t1-updated": unknown kind "podsOnNode"');
    expect(await report.textContent()).toContain('1 of 1 lesson folders failed');
    expect(await p.getByRole('list', { name: 'Checks' }).count()).toBe(0);
    await s.screenshot('workshop-own-lesson-broken');
    await input.setInputFiles({ name: 'notes.zip', mimeType: 'application/zip', buffer: Buffer.from('not a zip at all') });
    await expect.poll(() => p.getByRole('alert').first().textContent()).toContain('notes.zip is not a zip file that can be read');
  }, 120_000);

  it('breaks no CSP rule and sends no request off the origin', () => {
    expect(s.errors).toEqual([]);
    expect(s.offOrigin).toEqual([]);
    expect(readFileSync(join('dist', 'workshop', 'results', 'index.html'), 'utf8')).toContain('Content-Security-Policy');
  });
});
