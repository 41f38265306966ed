import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration, rfc3339, EPOCH_MS } from '../../../src/sim/engine/time.js';

describe('Go durations', () => {
  it('parses time.ParseDuration syntax', () => {
    expect(parseDuration('30s')).toBe(30_000);
    expect(parseDuration('1h30m')).toBe(5_400_000);
    expect(parseDuration('1.5h')).toBe(5_400_000);
    expect(parseDuration('300ms')).toBe(300);
    expect(parseDuration('0')).toBe(0);
    expect(parseDuration('2m45s')).toBe(165_000);
  });

  it('rejects what Go rejects, in Go words', () => {
    expect(parseDuration('10')).toEqual({ error: 'time: missing unit in duration "10"' });
    expect(parseDuration('5x')).toEqual({ error: 'time: unknown unit "x" in duration "5x"' });
    expect(parseDuration('')).toEqual({ error: 'time: invalid duration ""' });
  });

  it('formats like time.Duration.String', () => {
    expect(formatDuration(0)).toBe('0s');
    expect(formatDuration(90_000)).toBe('1m30s');
    expect(formatDuration(7_200_000)).toBe('2h0m0s');
    expect(formatDuration(500)).toBe('500ms');
  });

  it('writes RFC3339 at second precision', () => {
    expect(rfc3339(EPOCH_MS)).toBe('2026-01-01T00:00:00Z');
    expect(rfc3339(EPOCH_MS + 61_500)).toBe('2026-01-01T00:01:01Z');
  });
});
