import { describe, expect, it } from 'vitest';
import { clock, remaining } from '../../../src/ui/workshop/time-box.js';

describe('workshop time box', () => {
  it('counts down from the start on the wall clock, never below zero', () => {
    const start = 1_000_000;
    expect(remaining(start, 90, start)).toBe(90 * 60_000);
    expect(remaining(start, 90, start + 60_000)).toBe(89 * 60_000);
    expect(remaining(start, 90, start + 91 * 60_000)).toBe(0);
  });

  it('shows hours only when there are any, seconds rounded up', () => {
    expect(clock(90 * 60_000)).toBe('1:30:00');
    expect(clock(5 * 60_000 + 9_000)).toBe('5:09');
    expect(clock(500)).toBe('0:01');
    expect(clock(0)).toBe('0:00');
    expect(clock(3_600_000 + 65_000)).toBe('1:01:05');
  });
});
