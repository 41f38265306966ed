/** The session log: which commands make up a moment, and replaying one cut short. */
import { describe, expect, it } from 'vitest';
import { leadsInto, prefixAt, replayEntry, type LogEntry } from '../../../src/kubectl/timeline/log.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';
import { createCluster } from '../../../src/sim/index.js';

const at = (s: number) => EPOCH_MS + s * 1000;
const entry = (line: string, start: number, end: number): LogEntry => ({ line, start: at(start), end: at(end) });

describe('prefixAt', () => {
  const add = entry('sim node add node-1', 0, 0);
  const advance = entry('sim advance 5m', 0, 300);
  const apply = entry('kubectl apply -f -', 300, 300);
  const settle = entry('sim settle', 300, 330);
  const log = [add, advance, apply, settle];

  it('keeps every command started before the moment, and those that took no time at it', () => {
    expect(prefixAt(log, at(300))).toEqual([add, advance, apply]);
    expect(prefixAt(log, at(330))).toEqual(log);
    expect(prefixAt(log, at(0))).toEqual([add]);
  });

  it('cuts a command still running at the moment there', () => {
    expect(prefixAt(log, at(120))).toEqual([add, { ...advance, end: at(120), cut: true }]);
    expect(prefixAt(log, at(310))).toEqual([add, advance, apply, { ...settle, end: at(310), cut: true }]);
  });

  it('knows a branch that leads into another: its entries, the last perhaps cut short', () => {
    expect(leadsInto([add, advance], log)).toBe(true);
    expect(leadsInto([], log)).toBe(true);
    expect(leadsInto([add, { ...advance }], log)).toBe(false);
    expect(leadsInto(log, [add])).toBe(false);
    expect(leadsInto(prefixAt(log, at(120)), log)).toBe(true);
    expect(leadsInto(prefixAt(log, at(120)), prefixAt(log, at(60)))).toBe(false);
  });
});

describe('replayEntry', () => {
  it('replays a cut command only up to its end, and reads the files it recorded', () => {
    const c = createCluster();
    replayEntry(c, { line: 'sim advance 1h', start: at(0), end: at(90), cut: true });
    expect(c.now).toBe(at(90));
    const ns = 'apiVersion: v1\nkind: Namespace\nmetadata: {name: team-a}\n';
    const r = replayEntry(c, { line: 'kubectl apply -f ns.yaml', files: { 'ns.yaml': ns }, start: at(90), end: at(90) });
    expect(r.stdout).toBe('namespace/team-a created\n');
  });
});
