import { describe, expect, it } from 'vitest';
import type { LessonCard } from '../../../src/ui/lesson/data.js';
import { parseWorkshopParams, resolveWorkshop, workshopKey, workshopQuery } from '../../../src/ui/workshop/url.js';

const card = (id: string, kind: LessonCard['kind'], minutes: number, timeBox?: number): LessonCard => ({
  id,
  title: `${id} title`,
  track: kind === 'workshop' ? 'workshops' : 'basics',
  kind,
  minutes,
  ...(timeBox === undefined ? {} : { timeBox }),
  prerequisites: [],
  objectives: [],
});
const CATALOGUE = [card('L1', 'lesson', 8), card('W1', 'workshop', 10, 10), card('W3', 'workshop', 20, 25)];

describe('workshop URL', () => {
  it('reads comma-separated and repeated ids, once each, in order, and the time box', () => {
    const p = parseWorkshopParams('?ids=W1,W3&ids=W1&ids=%20L1%20&minutes=90');
    expect(p).toEqual({ ids: ['W1', 'W3', 'L1'], minutes: 90, problems: [] });
    expect(workshopQuery(p)).toBe('ids=W1,W3,L1&minutes=90');
    expect(workshopKey(p)).toBe('W1,W3,L1@90');
  });

  it('names a bad time box and falls back to the sum of the exercises’ own', () => {
    const p = parseWorkshopParams('?ids=W1,W3&minutes=ninety');
    expect(p.minutes).toBeUndefined();
    expect(p.problems).toEqual(['minutes="ninety" is not a whole number of minutes from 1 to 1440; the time box is the exercises\' own.']);
    expect(resolveWorkshop(p, CATALOGUE).minutes).toBe(35);
    expect(parseWorkshopParams('?ids=W1&minutes=0').problems).toHaveLength(1);
    expect(parseWorkshopParams('?ids=W1&minutes=1441').problems).toHaveLength(1);
  });

  it('names an unknown id and keeps the rest of the set', () => {
    const w = resolveWorkshop(parseWorkshopParams('?ids=W1,W9,L1'), CATALOGUE);
    expect(w.exercises.map((e) => e.id)).toEqual(['W1', 'L1']);
    expect(w.problems).toEqual(['"W9" is not an exercise of this site (workshop exercises: W1, W3); the others still open.']);
    expect(w.minutes).toBe(18);
  });

  it('keeps the time box the URL asks for', () => {
    expect(resolveWorkshop(parseWorkshopParams('?ids=W1&minutes=45'), CATALOGUE).minutes).toBe(45);
  });

  it('has no ids without the parameter', () => {
    expect(parseWorkshopParams('').ids).toEqual([]);
    expect(workshopQuery(parseWorkshopParams('?ids=a%26b'))).toBe('ids=a%26b');
  });
});
