/**
 * The picture's view model over real cluster states: cards, rows, revisions, the Pending lane,
 * and incremental updates that touch only what changed.
 */
import { describe, expect, it } from 'vitest';
import { PictureModel } from '../../../src/view/model/picture-model.js';
import { DAEMONSET, Stream } from '../stream.js';

function started(script: string): { s: Stream; m: PictureModel } {
  const s = new Stream().run(script);
  const m = new PictureModel();
  m.apply(s.reset());
  return { s, m };
}

const THREE = `sim node add node-1 --labels pool=blue
sim node add node-2 --labels pool=green
sim node add node-3 --labels pool=blue
${DAEMONSET()}sim settle
`;

describe('PictureModel', () => {
  it('draws one card per node with its daemon pod, capacity and revision', () => {
    const { m } = started(THREE);
    expect(m.nodes().map((n) => n.name)).toEqual(['node-1', 'node-3', 'node-2']);
    const card = m.node('node-1')!;
    expect(card).toMatchObject({ status: 'Ready', readiness: 'Ready', cordoned: false, group: 'blue' });
    expect(card.cpu.requestedMilli).toBe(250);
    expect(card.memory.requested).toBe(64 * 1024 * 1024);
    expect(card.rows).toHaveLength(1);
    const slot = card.rows[0]!.slots[0]!;
    expect(slot.pod).toMatchObject({ status: 'Running', ready: '1/1', group: 'ready', node: 'node-1', pin: 'node-1' });
    expect(m.revisionOf(slot.pod)).toMatchObject({ number: 1, live: true, images: ['registry.example/agent:1.0'] });
    const ds = m.daemonSets()[0]!;
    expect(ds).toMatchObject({ name: 'agent', rollingOut: false, status: { desired: 3, available: 3 } });
  });

  it('groups by the chosen label, control plane first and unlabelled last', () => {
    const { m } = started(`${THREE}sim node add cp-1 --labels node-role.kubernetes.io/control-plane=
sim node add lone
`);
    expect(m.groups().map((g) => [g.value, g.nodes.map((n) => n.name)])).toEqual([
      ['control-plane', ['cp-1']],
      ['blue', ['node-1', 'node-3']],
      ['green', ['node-2']],
      ['', ['lone']],
    ]);
    const changed = m.setGroupBy('kubernetes.io/hostname');
    expect(changed.layout).toBe(true);
    expect(m.groups().map((g) => g.value)).toContain('node-2');
    expect(m.labelKeys()).toContain('pool');
  });

  it('re-projects only the node a batch touched', () => {
    const { s, m } = started(THREE);
    const before = m.node('node-2');
    const changed = m.apply(s.run('kubectl cordon node-1').next());
    expect([...changed.nodes]).toEqual(['node-1']);
    expect(changed.layout).toBe(false);
    expect(m.node('node-2')).toBe(before);
    expect(m.node('node-1')).toMatchObject({ cordoned: true, status: 'Ready,SchedulingDisabled' });
    expect(m.node('node-1')!.taints).toEqual([{ effect: 'NoSchedule', text: 'node.kubernetes.io/unschedulable:NoSchedule', condition: true }]);
  });

  it('shows a joining node NotReady with its condition taint, then Ready with its pod', () => {
    const { s, m } = started(THREE);
    const joined = m.apply(s.run('sim node add node-4 --labels pool=green').next());
    expect(joined.layout).toBe(true);
    const card = m.node('node-4')!;
    expect(card.readiness).not.toBe('Ready');
    expect(card.taints.some((t) => t.condition && t.text.startsWith('node.kubernetes.io/not-ready'))).toBe(true);
    m.apply(s.run('sim settle').next());
    expect(m.node('node-4')!.readiness).toBe('Ready');
    expect(m.node('node-4')!.rows[0]!.slots[0]!.pod.group).toBe('ready');
  });

  it('puts a pod that cannot be placed in the Pending lane with the scheduler message', () => {
    const { m } = started(`${THREE}sim node add small --cpu 100m --labels pool=blue
sim settle
`);
    const pending = m.pending();
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ group: 'pending', pin: 'small', status: 'Pending' });
    expect(pending[0]!.unschedulable).toContain('Insufficient cpu');
  });

  it('shows a rollout: old revision terminating, the new one live, pods coloured by revision', () => {
    const { s, m } = started(THREE);
    m.apply(s.run('kubectl set image ds/agent agent=registry.example/agent:2.0').next());
    const ds = m.daemonSets()[0]!;
    expect(ds.revisions.map((r) => [r.number, r.live, r.images[0]])).toEqual([
      [2, true, 'registry.example/agent:2.0'],
      [1, false, 'registry.example/agent:1.0'],
    ]);
    expect(ds.revisions[0]!.slot).not.toBe(ds.revisions[1]!.slot);
    expect(ds.rollingOut).toBe(true);
    const groups = m.nodes().flatMap((n) => n.rows[0]!.slots.map((x) => x.pod.group));
    expect(groups).toContain('terminating');
    m.apply(s.run('sim settle').next());
    expect(m.daemonSets()[0]!.rollingOut).toBe(false);
    for (const n of m.nodes()) expect(m.revisionOf(n.rows[0]!.slots[0]!.pod)?.number).toBe(2);
  });

  it('keeps a revision colour when undo renumbers it', () => {
    const { s, m } = started(THREE);
    m.apply(s.run('kubectl set image ds/agent agent=registry.example/agent:2.0\nsim settle').next());
    const first = m.daemonSets()[0]!.revisions.find((r) => r.images[0] === 'registry.example/agent:1.0')!;
    m.apply(s.run('kubectl rollout undo ds/agent\nsim settle').next());
    const again = m.daemonSets()[0]!.revisions.find((r) => r.images[0] === 'registry.example/agent:1.0')!;
    expect(first.number).toBe(1);
    expect(again).toMatchObject({ number: 3, live: true, slot: first.slot });
  });

  it('marks the nodes whose engine facts changed, and the slots they concern', () => {
    const { m } = started(THREE);
    const ds = m.daemonSets()[0]!;
    const pod = m.node('node-2')!.rows[0]!.slots[0]!.pod;
    const changed = m.setFacts({ misscheduled: { [ds.uid]: ['node-2'] }, evictions: { [pod.uid]: { node: 'node-2', createdAt: 0, fireAt: 5000 } }, budgets: {} });
    expect([...changed.nodes]).toEqual(['node-2']);
    const slot = m.node('node-2')!.rows[0]!.slots[0]!;
    expect(slot.misscheduled).toBe(true);
    expect(slot.eviction?.fireAt).toBe(5000);
    expect(m.node('node-1')!.rows[0]!.slots[0]!.misscheduled).toBe(false);
  });

  it('forgets everything on a reset and drops removed nodes', () => {
    const { s, m } = started(THREE);
    const changed = m.apply(s.run('sim node remove node-3\nsim settle').next());
    expect(changed.layout).toBe(true);
    expect(m.node('node-3')).toBeUndefined();
    m.apply({ reset: [], entries: [], now: 0 });
    expect(m.nodes()).toEqual([]);
    expect(m.daemonSets()).toEqual([]);
  });

  it('keeps the budget limits across a reset but not the live counts of the moment left', () => {
    const { s, m } = started(THREE);
    const uid = m.daemonSets()[0]!.uid;
    m.setFacts({ misscheduled: {}, evictions: {}, budgets: { [uid]: { maxUnavailable: 1, maxSurge: 0, desiredNumberScheduled: 3, numUnavailable: 1, numSurge: 0 } } });
    expect(m.daemonSets()[0]!.budget).toMatchObject({ numUnavailable: 1 });
    // A rewind arrives as a reset (whole or with its changes): the counts were the moment left's.
    m.apply(s.reset());
    expect(m.daemonSets()[0]!.budget).toEqual({ maxUnavailable: 1, maxSurge: 0, desiredNumberScheduled: 3 });
  });

  it('takes the facts a reset brings with it: the live counts and marks of the moment shown', () => {
    const { s, m } = started(THREE);
    const ds = m.daemonSets()[0]!;
    const pod = m.node('node-2')!.rows[0]!.slots[0]!.pod;
    m.setFacts({ misscheduled: {}, evictions: {}, budgets: { [ds.uid]: { maxUnavailable: 1, maxSurge: 1, desiredNumberScheduled: 3, numSurge: 0 } } });
    // The worker's reset of another moment, with that moment's facts: nothing falls back to the status.
    const changed = m.apply({
      ...s.reset(),
      facts: { misscheduled: { [ds.uid]: ['node-2'] }, evictions: {}, budgets: { [ds.uid]: { maxUnavailable: 1, maxSurge: 1, desiredNumberScheduled: 3, numSurge: 1 } } },
    });
    expect(changed.daemonSets).toBe(true);
    expect(m.daemonSets()[0]!.budget).toEqual({ maxUnavailable: 1, maxSurge: 1, desiredNumberScheduled: 3, numSurge: 1 });
    expect(m.node('node-2')!.rows[0]!.slots[0]!).toMatchObject({ pod: { uid: pod.uid }, misscheduled: true });
    // A move (a reset with its changes) projects again the cards whose marks the new facts change.
    const moved = m.apply({ ...s.reset(), changes: { added: [], updated: [], removed: [] }, facts: { misscheduled: {}, evictions: {}, budgets: {} } });
    expect([...moved.nodes]).toEqual(['node-2']);
    expect(m.node('node-2')!.rows[0]!.slots[0]!.misscheduled).toBe(false);
    expect(m.daemonSets()[0]!.budget).toBeUndefined();
  });

  it('drops the legend on a reset to a moment without DaemonSets, after it was read', () => {
    const { m } = started(THREE);
    expect(m.daemonSets().map((d) => d.name)).toEqual(['agent']);
    const changed = m.apply(new Stream().run('sim node add node-1').reset());
    expect(changed.daemonSets).toBe(true);
    expect(m.daemonSets()).toEqual([]);
    expect(m.nodes().map((n) => n.name)).toEqual(['node-1']);
  });
  it('asks for a full redraw only when a fact every mark reads changes, not for a status count', () => {
    const { s, m } = started(THREE);
    const names = m.names();
    expect(names).toEqual(['node-1', 'node-3', 'node-2']);
    const rollout = m.apply(s.run('kubectl set image ds/agent agent=registry.example/agent:2.0').next());
    expect(rollout.marks).toBe(true);
    // Step through the waves: the status counts move (daemonSets) while the rollout runs, and
    // cards change, but no node joins, leaves or regroups: the names keep their array.
    const steps = [];
    for (let i = 0; i < 40 && m.daemonSets()[0]!.rollingOut; i++) steps.push(m.apply(s.run('sim step').next()));
    expect(m.daemonSets()[0]!.rollingOut).toBe(false);
    const counts = steps.filter((c) => c.daemonSets && !c.marks && c.nodes.size > 0);
    expect(counts.length).toBeGreaterThan(0);
    // the step that ended the rollout changed every mark's wave: that one asks for a full redraw
    expect(steps.at(-1)!.marks).toBe(true);
    expect(m.names()).toBe(names);
    m.apply(s.run('sim node add node-4 --labels pool=green').next());
    expect(m.names()).not.toBe(names);
    expect(m.names()).toEqual(['node-1', 'node-3', 'node-2', 'node-4']);
  });
});
