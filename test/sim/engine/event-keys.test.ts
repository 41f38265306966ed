/** The correlator's key parts: built once, shared, and equal to the upstream-shaped key pieces. */
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
});
