import { describe, expect, it } from 'vitest';
import type { LessonCard } from '../../../src/ui/lesson/data.js';
import { resultsText, wallTime } from '../../../src/ui/workshop/results.js';

const card = (id: string, title: string): LessonCard => ({ id, title, track: 'workshops', kind: 'workshop', minutes: 10, timeBox: 10, prerequisites: [], objectives: [] });
const START = new Date(2026, 11, 1, 21, 30, 0).getTime();

describe('workshop results text', () => {
  it('lists per exercise which checks passed, when on the wall clock and in virtual time', () => {
    const text = resultsText([card('W1', 'DESIRED 0'), card('W3', 'Stuck rollout')], 35, {
      startedAt: START,
      exercises: {
        W1: {
          checks: ['w1-scheduled', 'w1-gpu-only'],
          passed: { 'w1-scheduled': { wall: START + 4 * 60_000 + 10_000, virtual: 150_400, solved: true } },
        },
      },
    });
    expect(text).toBe(
      [
        'Everynode workshop: W1, W3; time box 35 min',
        'Started 2026-12-01 21:30:00',
        '',
        'W1 DESIRED 0: 1 of 2 checks passed',
        '  passed   w1-scheduled  at 21:34:10 (+4:10 into the workshop), virtual time +2m30s, with Solve',
        '  not yet  w1-gpu-only',
        '',
        'W3 Stuck rollout: not opened yet',
      ].join('\n'),
    );
  });

  it('says so when this machine has not started the workshop', () => {
    expect(resultsText([card('W1', 'DESIRED 0')], 10, undefined)).toBe('Everynode workshop: W1; time box 10 min\nNot started on this machine yet.');
    expect(wallTime(new Date(2026, 0, 1, 7, 5, 3).getTime())).toBe('07:05:03');
  });
});
