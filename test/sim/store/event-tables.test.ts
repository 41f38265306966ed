/**
 * Which name table an Event is kept in (event-tables.ts): its namespace, the 65.5 s span of
 * the clock in its name and the run of 4,096 sequence numbers, read without building a string
 * per lookup; and the table itself, a Map to its readers that keeps the recorders' Events in a
 * list by their number in the run.
 */
import { describe, expect, it } from 'vitest';
import { EventTable, eventTable, runOf, spanOf } from '../../../src/sim/store/event-tables.js';
import type { ApiObject } from '../../../src/sim/api/types.js';

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

describe('EventTable', () => {
  const t0 = 1_767_225_600_000;
  const ev = (name: string, rv = '1') => ({ kind: 'Event', metadata: { name, resourceVersion: rv } }) as unknown as ApiObject;
  /** The table's contents as a Map reads them: forEach, entries and size agreeing. */
  const contents = (t: Map<string, ApiObject>) => {
    const seen: [string, string][] = [];
    t.forEach((e, name) => seen.push([name, e.metadata.resourceVersion!]));
    expect([...t].map(([name, e]) => [name, e.metadata.resourceVersion])).toEqual(seen);
    expect([...t.keys()]).toEqual(seen.map((p) => p[0]));
    expect(seen).toHaveLength(t.size);
    return seen;
  };

  it('answers get, set, delete and size as a Map does, whatever the order of the names', () => {
    const t = new EventTable();
    const m = new Map<string, ApiObject>();
    const names = [9, 3, 4_000, 5, 0, 9, 2_048].map((seq) => nameAt('pod-a', t0, seq));
    names.forEach((name, i) => {
      const e = ev(name, String(i));
      t.set(name, e);
      m.set(name, e);
    });
    for (const name of [names[1]!, nameAt('pod-a', t0, 6), names[3]!]) expect(t.delete(name)).toBe(m.delete(name));
    t.set(names[1]!, ev(names[1]!, 'again'));
    m.set(names[1]!, t.get(names[1]!)!);
    expect(t.size).toBe(m.size);
    for (const name of [...names, nameAt('pod-a', t0, 6)]) {
      expect(t.get(name)).toBe(m.get(name));
      expect(t.has(name)).toBe(m.has(name));
    }
    expect(new Set(contents(t).map((p) => p[0]))).toEqual(new Set(m.keys()));
  });

  it('keeps a name whose slot another holds, and a short one, beside the list', () => {
    const t = new EventTable();
    const recorder = nameAt('pod-a', t0, 7);
    const same = nameAt('pod-b', t0, 7);
    for (const name of [recorder, same, 'short', 'a-name-with-no-clock-at-all']) t.set(name, ev(name));
    expect(t.size).toBe(4);
    for (const name of [recorder, same, 'short', 'a-name-with-no-clock-at-all']) expect(t.get(name)?.metadata.name).toBe(name);
    t.delete(recorder);
    t.set(same, ev(same, '2'));
    expect(t.get(recorder)).toBeUndefined();
    expect(t.get(same)?.metadata.resourceVersion).toBe('2');
    expect(contents(t).filter((p) => p[0] === same)).toHaveLength(1);
  });

  it('gives a copy of its own: writes to either leave the other as it was', () => {
    const t = new EventTable();
    for (let seq = 100; seq < 110; seq++) t.set(nameAt('node-1', t0, seq), ev(nameAt('node-1', t0, seq)));
    const before = contents(t);
    const c = t.copy();
    c.set(nameAt('node-1', t0, 50), ev(nameAt('node-1', t0, 50)));
    c.delete(nameAt('node-1', t0, 100));
    expect(contents(t)).toEqual(before);
    expect(c.size).toBe(10);
    expect(c.get(nameAt('node-1', t0, 50))).toBeDefined();
    expect(new Map(c)).toBeInstanceOf(Map);
  });

  it('lists rows by slot across chunks, and keeps a copy and its original apart whichever writes to a shared chunk', () => {
    const t = new EventTable();
    const seqs = [4_095, 64, 0, 63, 1_000];
    for (const seq of seqs) t.set(nameAt('node-1', t0, seq), ev(nameAt('node-1', t0, seq)));
    expect(contents(t).map((p) => p[0])).toEqual([0, 63, 64, 1_000, 4_095].map((seq) => nameAt('node-1', t0, seq)));
    const before = contents(t);
    const c = t.copy();
    // The original writes to the chunk it shares with the copy (rows 0 to 63), then the copy does.
    t.set(nameAt('node-1', t0, 1), ev(nameAt('node-1', t0, 1), 'original'));
    t.delete(nameAt('node-1', t0, 63));
    expect(contents(c)).toEqual(before);
    c.set(nameAt('node-1', t0, 0), ev(nameAt('node-1', t0, 0), 'copy'));
    expect(t.get(nameAt('node-1', t0, 0))?.metadata.resourceVersion).toBe('1');
    expect(t.has(nameAt('node-1', t0, 63))).toBe(false);
    expect(c.has(nameAt('node-1', t0, 63))).toBe(true);
    expect(c.has(nameAt('node-1', t0, 1))).toBe(false);
    expect(t.size).toBe(5);
    expect(c.size).toBe(5);
  });
});
