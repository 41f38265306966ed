/**
 * Which name table an Event is kept in (event-tables.ts): its namespace and the 65.5 s span of
 * the clock in its name, read without building a string per lookup.
 */
import { describe, expect, it } from 'vitest';
import { eventTable, spanOf } from '../../../src/sim/store/event-tables.js';

/** A name as the recorder builds it: `<object>.<ms in hex><5 hex digits of sequence>`. */
const nameAt = (object: string, ms: number, seq: number) => `${object}.${ms.toString(16)}${seq.toString(16).padStart(5, '0')}`;

describe('eventTable', () => {
  const t0 = 1_767_225_600_000;

  it('reads the span of a recorder name as its clock divided by 65,536 ms', () => {
    for (const ms of [t0, t0 + 65_535, t0 + 65_536, t0 + 3_600_000]) expect(spanOf(nameAt('node-1', ms, 7))).toBe(Math.floor(ms / 65_536));
  });

  it('gives one key per namespace and span, the same string each time', () => {
    const a = eventTable('default', nameAt('pod-a', t0, 1));
    expect(eventTable('kube-system', nameAt('pod-a', t0, 2))).not.toBe(a);
    expect(eventTable('default', nameAt('pod-b', t0 + 1_000, 3))).toBe(a);
    expect(eventTable('default', nameAt('pod-b', t0 + 600_000, 4))).not.toBe(a);
    expect(eventTable('default', nameAt('pod-c', t0, 5))).toBe(a);
  });

  it('keeps a name too short to carry a clock in its namespace table, and any longer name in some span', () => {
    expect(eventTable('default', 'my-event')).toBe('default');
    const odd = eventTable('default', 'a-name-with-no-clock-at-all');
    expect(odd).toMatch(/^default\//);
    expect(eventTable('default', 'a-name-with-no-clock-at-all')).toBe(odd);
  });
});
