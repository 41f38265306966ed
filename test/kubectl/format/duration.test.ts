import { describe, expect, it } from 'vitest';
import {
  eventFirstSeen,
  eventInterval,
  eventLastSeen,
  humanDuration,
  shortHumanDuration,
  translateTimestampSince,
} from '../../../src/kubectl/format/duration.js';

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;
const Y = 365 * D;

describe('humanDuration (duration.HumanDuration)', () => {
  it('matches upstream TestHumanDuration', () => {
    const table: [number, string][] = [
      [S, '1s'],
      [70 * S, '70s'],
      [190 * S, '3m10s'],
      [70 * M, '70m'],
      [47 * H, '47h'],
      [49 * H, '2d1h'],
      [(8 * 24 + 2) * H, '8d'],
      [367 * 24 * H, '367d'],
      [(365 * 2 * 24 + 25) * H, '2y1d'],
      [(365 * 8 * 24 + 2) * H, '8y'],
    ];
    for (const [ms, want] of table) expect([ms, humanDuration(ms)]).toEqual([ms, want]);
  });

  it('matches upstream TestHumanDurationBoundaries', () => {
    const table: [number, string][] = [
      [-2 * S, '<invalid>'],
      [-2 * S + 1, '0s'],
      [0, '0s'],
      [S - 1, '0s'],
      [2 * M - 1, '119s'],
      [2 * M, '2m'],
      [2 * M + S, '2m1s'],
      [10 * M - 1, '9m59s'],
      [10 * M, '10m'],
      [10 * M + S, '10m'],
      [3 * H - 1, '179m'],
      [3 * H, '3h'],
      [3 * H + M, '3h1m'],
      [8 * H - 1, '7h59m'],
      [8 * H, '8h'],
      [8 * H + 59 * M, '8h'],
      [2 * D - 1, '47h'],
      [2 * D, '2d'],
      [2 * D + H, '2d1h'],
      [8 * D - 1, '7d23h'],
      [8 * D, '8d'],
      [8 * D + 23 * H, '8d'],
      [2 * Y - 1, '729d'],
      [2 * Y, '2y'],
      [2 * Y + 23 * H + 59 * M, '2y'],
      [2 * Y + D - 1, '2y'],
      [2 * Y + D, '2y1d'],
      [3 * Y, '3y'],
      [8 * Y - 1, '7y364d'],
      [8 * Y, '8y'],
      [8 * Y + 364 * D, '8y'],
      [9 * Y, '9y'],
    ];
    for (const [ms, want] of table) expect([ms, humanDuration(ms)]).toEqual([ms, want]);
  });
});

describe('shortHumanDuration', () => {
  it('matches upstream TestShortHumanDurationBoundaries', () => {
    const table: [number, string][] = [
      [-2 * S, '<invalid>'],
      [-2 * S + 1, '0s'],
      [S - 1, '0s'],
      [S, '1s'],
      [M - 1, '59s'],
      [M, '1m'],
      [H - 1, '59m'],
      [H, '1h'],
      [D - 1, '23h'],
      [D, '1d'],
      [Y - 1, '364d'],
      [Y, '1y'],
      [2 * Y - 1, '1y'],
      [2 * Y, '2y'],
    ];
    for (const [ms, want] of table) expect([ms, shortHumanDuration(ms)]).toEqual([ms, want]);
  });
});

describe('timestamps and event intervals', () => {
  const now = Date.UTC(2026, 0, 11, 0, 0, 0);

  it('translateTimestampSince: HumanDuration since the time, <unknown> when missing', () => {
    expect(translateTimestampSince('2026-01-01T00:00:00Z', now)).toBe('10d');
    expect(translateTimestampSince('2026-01-10T23:59:30Z', now)).toBe('30s');
    expect(translateTimestampSince(undefined, now)).toBe('<unknown>');
    expect(translateTimestampSince('', now)).toBe('<unknown>');
  });

  it('describe events: first age, or "<last> (x<count> over <first>)"', () => {
    const once = { firstTimestamp: '2026-01-10T23:55:00Z', lastTimestamp: '2026-01-10T23:55:00Z', count: 1 };
    expect(eventInterval(once, now)).toBe('5m');
    const repeated = { firstTimestamp: '2026-01-10T23:50:00Z', lastTimestamp: '2026-01-10T23:58:00Z', count: 3 };
    expect(eventInterval(repeated, now)).toBe('2m (x3 over 10m)');
    expect(eventInterval({ eventTime: '2026-01-10T23:59:00Z', series: { count: 4, lastObservedTime: '2026-01-10T23:59:50Z' } }, now)).toBe(
      '10s (x4 over 60s)',
    );
  });

  it('get events: LAST SEEN without the repeat suffix, falling back to the first time', () => {
    const repeated = { firstTimestamp: '2026-01-10T23:50:00Z', lastTimestamp: '2026-01-10T23:58:00Z', count: 3 };
    expect(eventLastSeen(repeated, now)).toBe('2m');
    expect(eventFirstSeen(repeated, now)).toBe('10m');
    expect(eventLastSeen({ firstTimestamp: '2026-01-10T23:50:00Z' }, now)).toBe('10m');
    expect(eventLastSeen({}, now)).toBe('<unknown>');
  });
});
