/**
 * Which name table an Event is kept in (event-tables.ts): its namespace, the 65.5 s span of
 * the clock in its name and the run of 4,096 sequence numbers, read without building a string
 * per lookup.
 */
import { describe, expect, it } from 'vitest';
import { eventTable, runOf, spanOf } from '../../../src/sim/store/event-tables.js';

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

  it('reads the run of a recorder name as its sequence divided by 4,096', () => {
    for (const seq of [0, 4_095, 4_096, 0x7_1234, 0xf_ffff]) expect(runOf(nameAt('node-1', t0, seq))).toBe(Math.floor(seq / 4_096));
  });

  it('splits one span by runs of the sequence: one key per namespace, span and run', () => {
    const a = eventTable('default', nameAt('node-1', t0, 0));
    expect(eventTable('default', nameAt('node-2', t0 + 10, 4_095))).toBe(a);
    const b = eventTable('default', nameAt('node-3', t0 + 20, 4_096));
    expect(b).not.toBe(a);
    expect(eventTable('default', nameAt('node-4', t0 + 30, 8_191))).toBe(b);
    expect(eventTable('default', nameAt('node-5', t0 + 65_536, 4_096))).not.toBe(b);
  });

  it('keeps a name too short to carry a clock in its namespace table, and any longer name in some span', () => {
    expect(eventTable('default', 'my-event')).toBe('default');
    const odd = eventTable('default', 'a-name-with-no-clock-at-all');
    expect(odd).toMatch(/^default\//);
    expect(eventTable('default', 'a-name-with-no-clock-at-all')).toBe(odd);
  });
});
