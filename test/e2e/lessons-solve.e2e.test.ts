/**
 * Every lesson and workshop exercise of the catalogue is solvable in the browser: on one page,
 * in turn, each opens, Solve runs its solution through the worker (the terminal echoing each
 * command), and the column reaches "done". Reduced motion makes Solve run without pauses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, type Session } from './browser.js';
import type { LessonCard } from '../../src/ui/lesson/data.js';

let s: Session;
let cards: LessonCard[];

beforeAll(async () => {
  s = await openPlayground('lessons/');
  await s.page.emulateMedia({ reducedMotion: 'reduce' });
  cards = await s.page.evaluate(async () => (await (await fetch('./catalogue.json')).json()) as LessonCard[]);
});

afterAll(async () => {
  await s?.close();
});

describe('Solve in the browser', () => {
  it('reaches "done" for every lesson and workshop of the catalogue', async () => {
    expect(cards.length).toBeGreaterThanOrEqual(15);
    const failed: string[] = [];
    for (const card of cards) {
      await s.page.goto(`${s.url}lessons/${card.id}/`);
      const lesson = s.page.getByRole('region', { name: 'Lesson' });
      const solve = lesson.getByRole('button', { name: 'Solve' });
      await solve.waitFor({ timeout: 30_000 });
      await expect.poll(() => solve.isEnabled()).toBe(true);
      await solve.click();
      const done = lesson.getByRole('status', { name: 'Done' });
      try {
        await done.waitFor({ timeout: 60_000 });
      } catch {
        failed.push(card.id);
        await s.screenshot(`solve-${card.id}-failed`);
        continue;
      }
      expect(await lesson.getByRole('list', { name: 'Checks' }).getByText('not yet').count()).toBe(0);
      if (card.id === 'L10' || card.id === cards.at(-1)!.id) await s.screenshot(`solve-${card.id}-done`);
    }
    expect(failed).toEqual([]);
    expect(s.errors).toEqual([]);
    expect(s.offOrigin).toEqual([]);
  }, 900_000);
});
