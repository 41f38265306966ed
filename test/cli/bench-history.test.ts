/** bench/history.jsonl lines: one JSON object per run, with the commit it measured. */
import { describe, expect, it } from 'vitest';
import { currentRevision, historyLine } from '../../src/cli/bench-history.js';

describe('historyLine', () => {
  it('is one line of JSON with the time, commit, dirty flag and the figures', () => {
    const line = historyLine(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), { commit: 'abc1234', dirty: true }, { build5000: { warmMs: 812.5 } });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ at: '2026-01-02T03:04:05.000Z', commit: 'abc1234', dirty: true, build5000: { warmMs: 812.5 } });
  });
});

describe('currentRevision', () => {
  it('names the short commit of this checkout', () => {
    expect(currentRevision().commit).toMatch(/^[0-9a-f]{7,}$/);
  });
});
