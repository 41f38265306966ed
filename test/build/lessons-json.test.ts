/**
 * The lessons as data for the page: the catalogue in catalogue order with what the index needs,
 * and each listed lesson's folder as text that the tutorial's parser accepts as it is.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lessonJson } from '../../build/lessons-json.js';
import type { LessonCard, LessonData } from '../../src/ui/lesson/data.js';
import { parseLesson } from '../../src/tutorial/parse-lesson.js';

const out = lessonJson(join(process.cwd(), 'lessons'));

describe('lessonJson', () => {
  it('lists every listed lesson in catalogue order, without the template', () => {
    const cards = JSON.parse(out.get('lessons/catalogue.json')!) as LessonCard[];
    expect(cards[0]).toMatchObject({ id: 'L1', track: 'basics', kind: 'lesson', minutes: 10, prerequisites: [] });
    expect(cards.map((c) => c.id)).not.toContain('T1');
    expect(cards.some((c) => c.kind === 'workshop' && c.timeBox !== undefined)).toBe(true);
    expect([...out.keys()].filter((k) => k.endsWith('/lesson.json'))).toHaveLength(cards.length);
  });

  it('emits each folder as files the parser accepts', () => {
    const l1 = JSON.parse(out.get('lessons/L1/lesson.json')!) as LessonData;
    expect(l1.path).toBe('01-basics/01-one-pod-per-node');
    const parsed = parseLesson({ path: l1.path, files: new Map(Object.entries(l1.files)) });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.lesson?.meta.id).toBe('L1');
  });
});
