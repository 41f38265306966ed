/** The correlator's key parts: built once, shared, and equal to the upstream-shaped key pieces. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventKeyParts } from '../../../src/sim/engine/event-keys.js';

describe('EventKeyParts', () => {
  it('gives one stored source per component and host, without a host key when there is none', () => {
    const keys = new EventKeyParts();
    const kubelet = keys.source({ component: 'kubelet', host: 'node-1' });
    expect(kubelet).toEqual({ stored: { component: 'kubelet', host: 'node-1' }, key: 'kubelet\u0000node-1' });
    expect(keys.source({ component: 'daemonset-controller' })).toEqual({ stored: { component: 'daemonset-controller' }, key: 'daemonset-controller\u0000' });
    expect(keys.source({ component: 'kubelet', host: 'node-2' }).key).toBe('kubelet\u0000node-2');
    expect(keys.source({ component: 'kubelet', host: 'node-1' })).toBe(kubelet);
  });

  it('joins the type/reason and field path/message parts as upstream keys do, also past 4096 field paths and messages (the table is dropped)', () => {
    const keys = new EventKeyParts();
    expect(keys.typeReason('Normal', 'Pulled')).toBe('Normal\u0000Pulled');
    const created = keys.fieldMessage('spec.containers{agent}', keys.message('Created container: agent'));
    expect(created).toBe('spec.containers{agent}\u0000Created container: agent');
    expect(keys.fieldMessage('spec.containers{agent}', 'Created container: agent')).toBe(created);
    for (let i = 0; i < 4096; i++) keys.fieldMessage(`spec.containers{c${i}}`, 'Started');
    expect(keys.fieldMessage('spec.containers{agent}', 'Created container: agent')).toBe(created);
    expect(keys.fieldMessage('spec.containers{c4095}', 'Started')).toBe('spec.containers{c4095}\u0000Started');
  });

  it('keeps the last four distinct messages of a reason, flat, to share with equal ones, and any text as it is', () => {
    const keys = new EventKeyParts();
    const ready = keys.reason('Normal', 'NodeReady');
    expect(keys.reason('Normal', 'NodeReady')).toBe(ready);
    expect(keys.typeReason('Normal', 'NodeReady')).toBe('Normal\u0000NodeReady');
    expect(keys.message(`Node ${'node-1'} status is now: NodeReady`, ready)).toBe('Node node-1 status is now: NodeReady');
    expect(keys.message('Node node-1 status is now: NodeReady', ready)).toBe('Node node-1 status is now: NodeReady');
    expect(ready.recent.filter((m) => m !== undefined)).toEqual(['Node node-1 status is now: NodeReady']);
    for (let i = 2; i <= 4; i++) keys.message(`Node node-${i} status is now: NodeReady`, ready);
    // Four distinct messages: node-1's is among them still (a repeat takes no slot); a fifth takes the slot written first.
    keys.message('Node node-1 status is now: NodeReady', ready);
    expect(ready.recent).toContain('Node node-1 status is now: NodeReady');
    keys.message('Node node-5 status is now: NodeReady', ready);
    expect(ready.recent).toEqual([5, 2, 3, 4].map((i) => `Node node-${i} status is now: NodeReady`));
    // Another reason keeps messages of its own; text that is not NFC is not normalized.
    const other = keys.reason('Warning', 'NodeReady');
    expect(keys.message('Cafe\u0301', other)).toBe('Cafe\u0301');
    expect(other.recent.filter((m) => m !== undefined)).toEqual(['Cafe\u0301']);
  });

  it('gives each message and field path part its text, and keeps a reason\'s last message among its distinct recent ones (property)', () => {
    const call = fc.record({
      type: fc.constantFrom('Normal', 'Warning'),
      reason: fc.constantFrom('Created', 'Started', 'Pulled'),
      message: fc.constantFrom('Created container: a', 'Created container: b', 'Started container a', 'm1', 'm2', 'm3', 'm4', 'm5'),
      fieldPath: fc.constantFrom(undefined, 'spec.containers{a}', 'spec.containers{b}'),
    });
    fc.assert(
      fc.property(fc.array(call, { maxLength: 60 }), (calls) => {
        const keys = new EventKeyParts();
        for (const { type, reason, message, fieldPath } of calls) {
          const parts = keys.reason(type, reason);
          expect(parts.key).toBe(`${type}\u0000${reason}`);
          const shared = keys.message(message.split('').join(''), parts);
          expect(shared).toBe(message);
          if (fieldPath !== undefined) expect(keys.fieldMessage(fieldPath, shared, parts)).toBe(`${fieldPath}\u0000${message}`);
          const kept = parts.recent.filter((m) => m !== undefined);
          expect(parts.recent).toHaveLength(4);
          expect(new Set(kept).size).toBe(kept.length);
          expect(parts.recent[parts.last]).toBe(message);
        }
      }),
    );
  });
});
