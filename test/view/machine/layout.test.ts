/** The lifecycle view's layout is drawn from the machine definitions the engine runs. */
import { describe, expect, it } from 'vitest';
import { nodeLifecycle } from '../../../src/sim/machines/nodeLifecycle.js';
import { podLifecycle } from '../../../src/sim/machines/podLifecycle.js';
import { transitionTable } from '../../../src/sim/machines/table.js';
import { layoutTable, pathEdges } from '../../../src/view/machine/layout.js';

const layoutMachine = (m: Parameters<typeof transitionTable>[0]) => layoutTable(transitionTable(m));

describe('layoutMachine', () => {
  it('has a box for every atomic state of the pod machine, grouped by phase', () => {
    const l = layoutMachine(podLifecycle);
    expect([...l.states.keys()].sort()).toEqual(Object.keys(transitionTable(podLifecycle).on).sort());
    expect(l.columns.map((c) => c.label)).toEqual(['Pending', 'Running', 'Succeeded', 'Failed', 'Terminating', 'Deleted']);
    expect(l.states.get('Pending.Pulling')).toMatchObject({ label: 'Pulling', column: 0 });
    expect(l.states.get('Deleted')!.final).toBe(true);
    expect(l.initial).toBe('Pending.Scheduling');
  });

  it('draws each transition once and lists events every state shares', () => {
    const l = layoutMachine(podLifecycle);
    expect(l.global).toContainEqual({ event: 'REMOVED', to: 'Deleted' });
    expect(l.edges.some((e) => e.to === 'Deleted' && e.events.includes('REMOVED'))).toBe(false);
    const pull = l.edges.find((e) => e.from === 'Pending.ContainerCreating' && e.to === 'Pending.Pulling');
    expect(pull?.events).toEqual(['PULL_STARTED']);
    const keys = l.edges.map((e) => `${e.from}>${e.to}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lays out the node machine without overlapping boxes', () => {
    const l = layoutMachine(nodeLifecycle);
    const boxes = [...l.states.values()];
    for (const a of boxes) for (const b of boxes) if (a !== b) expect(a.x === b.x && a.y === b.y).toBe(false);
    expect(l.width).toBeGreaterThan(0);
    expect(pathEdges(['Registered', 'Booting', 'Ready']).has('Booting\u0000Ready')).toBe(true);
  });
});
