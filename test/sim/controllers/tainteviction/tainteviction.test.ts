import { describe, expect, it } from 'vitest';
import type { Taint, Toleration } from '../../../../src/sim/api/types.js';
import { getMatchingTolerations, getMinTolerationTime } from '../../../../src/sim/controllers/tainteviction/tolerations.js';
import type { TaintEvictionController } from '../../../../src/sim/controllers/tainteviction/tainteviction.js';
import { at, bootNodes, condition, createPod, eventObjects, newCluster, pod, sec, type Fixture } from '../kubelet/fixture.js';

const DS_TOLERATIONS: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
];

function addTaint(f: Fixture, node: string, taint: Taint): void {
  const n = f.c.api.get('Node', '', node)!;
  const r = f.c.api.update({ ...n, spec: { ...n.spec, taints: [...(n.spec.taints ?? []), taint] } });
  if (!r.ok) throw new Error(r.error.message);
  f.c.settle();
}

function removeTaint(f: Fixture, node: string, key: string): void {
  const n = f.c.api.get('Node', '', node)!;
  f.c.api.update({ ...n, spec: { ...n.spec, taints: (n.spec.taints ?? []).filter((t) => t.key !== key) } });
  f.c.settle();
}

function evictions(f: Fixture, name: string): string[] {
  return eventObjects(f, name, 'TaintManagerEviction').map((e) => `${e.message} @${sec(e.firstTimestamp)}`);
}

/** Three healthy nodes (a Normal zone), at t = 30 s. */
function healthy(): Fixture {
  const f = newCluster();
  bootNodes(f, 'node-1', 'node-2', 'node-3');
  at(f, 30);
  return f;
}

describe('taint eviction: toleration arithmetic', () => {
  it('uses the first toleration that matches each taint and the smallest tolerationSeconds', () => {
    const taints: Taint[] = [
      { key: 'a', effect: 'NoExecute' },
      { key: 'b', effect: 'NoExecute' },
    ];
    const tols: Toleration[] = [
      { key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 100 },
      { operator: 'Exists' },
      { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 5 },
    ];
    const m = getMatchingTolerations(taints, tols);
    expect(m).toEqual({ allTolerated: true, used: [tols[0], tols[1]] });
    expect(getMinTolerationTime(m.used)).toBe(100_000);
    expect(getMatchingTolerations(taints, [tols[0]!])).toEqual({ allTolerated: false, used: [] });
    expect(getMinTolerationTime([{ operator: 'Exists' }])).toBe(-1);
    expect(getMinTolerationTime([{ operator: 'Exists', tolerationSeconds: 0 }, { operator: 'Exists' }])).toBe(0);
    expect(getMinTolerationTime([{ operator: 'Exists', tolerationSeconds: -5 }])).toBe(0);
  });
});

describe('taint eviction controller', () => {
  it('evicts a pod with the default 300 s tolerations exactly 300 s after its node turned NotReady', () => {
    const f = healthy();
    createPod(f, 'web-4');
    f.kubelet.setNodeCondition('node-1', 'Ready', 'False');
    f.c.settle();
    const scheduled = f.c.controller<TaintEvictionController>('taint-eviction-controller')!.scheduledEviction('default', 'web-4');
    expect(scheduled).toEqual({ createdAt: f.c.now, fireAt: f.c.now + 300_000, fired: false });
    at(f, 329.999);
    expect(pod(f, 'web-4')!.metadata.deletionTimestamp).toBeUndefined();
    at(f, 330);
    expect(sec(pod(f, 'web-4')!.metadata.deletionTimestamp)).toBe(360);
    expect(evictions(f, 'web-4')).toEqual(['Marking for deletion Pod default/web-4 @330']);
    expect(eventObjects(f, 'web-4', 'TaintManagerEviction')[0]).toMatchObject({ type: 'Normal', source: { component: 'taint-eviction-controller' } });
    expect(condition(f, 'web-4', 'DisruptionTarget')).toMatchObject({
      status: 'True',
      reason: 'DeletionByTaintManager',
      message: 'Taint manager: deleting due to NoExecute taint',
      lastTransitionTime: '2026-01-01T00:05:30Z',
    });
    // the kubelet still runs (Ready=False was only reported), so the pod terminates after its grace
    at(f, 360);
    expect(pod(f, 'web-4')).toBeUndefined();
  });

  it('never evicts pods that tolerate not-ready/unreachable forever (DaemonSet-style), through NotReady and Unknown', () => {
    const f = healthy();
    createPod(f, 'ds-1', { tolerations: DS_TOLERATIONS });
    createPod(f, 'ds-2', { node: 'node-2', tolerations: DS_TOLERATIONS });
    f.kubelet.setNodeCondition('node-1', 'Ready', 'False');
    f.kubelet.failNode('node-2', f.c.now);
    f.c.settle();
    at(f, 3600);
    expect(pod(f, 'ds-1')!.metadata.deletionTimestamp).toBeUndefined();
    expect(pod(f, 'ds-2')!.metadata.deletionTimestamp).toBeUndefined();
    expect(evictions(f, 'ds-1')).toEqual([]);
    expect(evictions(f, 'ds-2')).toEqual([]);
  });

  it('the first matching toleration decides: a catch-all with 60 s listed first evicts, listed after the forever one it does not', () => {
    const f = healthy();
    const catchAll: Toleration = { operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
    createPod(f, 'first', { tolerations: [catchAll, ...DS_TOLERATIONS] });
    createPod(f, 'second', { tolerations: [...DS_TOLERATIONS, catchAll] });
    f.kubelet.setNodeCondition('node-1', 'Ready', 'False');
    f.c.settle();
    at(f, 89.999);
    expect(pod(f, 'first')!.metadata.deletionTimestamp).toBeUndefined();
    at(f, 90);
    expect(evictions(f, 'first')).toEqual(['Marking for deletion Pod default/first @90']);
    at(f, 1000);
    expect(pod(f, 'first')).toBeUndefined();
    expect(pod(f, 'second')!.metadata.deletionTimestamp).toBeUndefined();
  });

  it('uses the smallest tolerationSeconds over the tolerations used for all NoExecute taints', () => {
    const f = healthy();
    createPod(f, 'p', {
      tolerations: [
        { key: 'a', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 100 },
        { key: 'b', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 50 },
      ],
    });
    const n = f.c.api.get('Node', '', 'node-1')!;
    f.c.api.update({ ...n, spec: { ...n.spec, taints: [{ key: 'a', effect: 'NoExecute' }, { key: 'b', effect: 'NoExecute' }] } });
    f.c.settle();
    at(f, 79.999);
    expect(pod(f, 'p')!.metadata.deletionTimestamp).toBeUndefined();
    at(f, 80);
    expect(pod(f, 'p')!.metadata.deletionTimestamp).toBeDefined();
  });

  it('counts from when the taint is observed and never moves a scheduled eviction', () => {
    const f = healthy();
    createPod(f, 'p', {
      tolerations: [
        { key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 100 },
        { key: 'other', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 10 },
      ],
    });
    addTaint(f, 'node-1', { key: 'maint', value: 'x', effect: 'NoExecute', timeAdded: '2025-12-31T00:00:00Z' });
    at(f, 60);
    // a shorter toleration now applies too, but the eviction stays at 30 + 100
    addTaint(f, 'node-1', { key: 'other', effect: 'NoExecute' });
    // and a longer tolerationSeconds on the pod does not postpone it
    const p = pod(f, 'p')!;
    const longer = f.c.api.update({ ...p, spec: { ...p.spec, tolerations: p.spec.tolerations!.map((t) => (t.key === 'maint' ? { ...t, tolerationSeconds: 1000 } : t)) } });
    f.c.settle();
    at(f, 129.999);
    expect(pod(f, 'p')!.metadata.deletionTimestamp).toBeUndefined();
    at(f, 130);
    expect(evictions(f, 'p')).toEqual(['Marking for deletion Pod default/p @130']);
    expect(longer.ok || longer.error.message).toBe(true);
  });

  it('cancels a scheduled eviction when the NoExecute taints go, with a Cancelling event', () => {
    const f = healthy();
    createPod(f, 'p', { tolerations: [{ key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 100 }] });
    addTaint(f, 'node-1', { key: 'maint', effect: 'NoExecute' });
    at(f, 100);
    removeTaint(f, 'node-1', 'maint');
    expect(evictions(f, 'p')).toEqual(['Cancelling deletion of Pod default/p @100']);
    at(f, 500);
    expect(pod(f, 'p')!.metadata.deletionTimestamp).toBeUndefined();
    // a new taint starts a new countdown from its own observation
    addTaint(f, 'node-1', { key: 'maint', effect: 'NoExecute' });
    at(f, 600);
    expect(evictions(f, 'p')).toEqual(['Cancelling deletion of Pod default/p @100', 'Marking for deletion Pod default/p @600']);
  });

  it('deletes a pod at once when a NoExecute taint is not tolerated at all', () => {
    const f = healthy();
    createPod(f, 'p');
    at(f, 40); // running
    addTaint(f, 'node-1', { key: 'evict', value: 'now', effect: 'NoExecute' });
    expect(evictions(f, 'p')).toEqual(['Marking for deletion Pod default/p @40']);
    expect(sec(pod(f, 'p')!.metadata.deletionTimestamp)).toBe(70);
  });

  it('unreachable: evicted 300 s after the unreachable taint, and the deletion then never completes (F9)', () => {
    const f = healthy();
    createPod(f, 'web');
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    at(f, 80); // Unknown + unreachable:NoExecute
    at(f, 379.999);
    expect(pod(f, 'web')!.metadata.deletionTimestamp).toBeUndefined();
    at(f, 380);
    expect(evictions(f, 'web')).toEqual(['Marking for deletion Pod default/web @380']);
    at(f, 3000);
    expect(pod(f, 'web')!.metadata.deletionTimestamp).toBe('2026-01-01T00:06:50Z');
    expect(evictions(f, 'web')).toHaveLength(1);
  });
});

describe('taint eviction: pods removed', () => {
  it('a pod removed while its deletion is scheduled drops the work and its countdown', () => {
    const f = healthy();
    createPod(f, 'p', { tolerations: [{ key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 100 }] });
    addTaint(f, 'node-1', { key: 'maint', effect: 'NoExecute' });
    const ctl = f.c.controller<TaintEvictionController>('taint-eviction-controller')!;
    expect(ctl.scheduledEviction('default', 'p')).toMatchObject({ fired: false });
    f.c.api.delete('Pod', 'default', 'p', { gracePeriodSeconds: 0 });
    f.c.settle();
    expect(pod(f, 'p')).toBeUndefined();
    expect(ctl.scheduledEviction('default', 'p')).toBeUndefined();
    at(f, 200);
    expect(evictions(f, 'p')).toEqual([]);
  });

  it('a pod removed without scheduled work queues nothing', () => {
    const f = healthy();
    const p = createPod(f, 'q');
    at(f, 40);
    const ctl = f.c.controller<TaintEvictionController>('taint-eviction-controller')!;
    ctl.observe({ type: 'removed', obj: pod(f, 'q') ?? p } as Parameters<TaintEvictionController['observe']>[0]);
    // An empty queue: the pass has nothing to do and reads no context.
    expect(ctl.reconcile(undefined as never)).toBe(false);
  });
});

describe('taint eviction: no NoExecute taint anywhere', () => {
  it('a pod bound while no node has a NoExecute taint is evicted once one comes before the pass', () => {
    const f = healthy();
    const r = f.c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'default' }, spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'registry.example/app:1.0' }] } });
    expect(r.ok).toBe(true);
    addTaint(f, 'node-1', { key: 'evict', effect: 'NoExecute' });
    expect(evictions(f, 'p')).toEqual(['Marking for deletion Pod default/p @30']);
  });

  it('counts the NoExecute taints a checkpoint brings back: a pod then bound to that node is evicted', () => {
    const f = healthy();
    addTaint(f, 'node-1', { key: 'evict', effect: 'NoExecute' });
    const tainted = f.c.snapshot();
    removeTaint(f, 'node-1', 'evict');
    f.c.restore(tainted);
    createPod(f, 'p');
    expect(evictions(f, 'p')).toEqual(['Marking for deletion Pod default/p @30']);
  });

  it('counts a removed tainted node out, and the other tainted node still evicts', () => {
    const f = healthy();
    addTaint(f, 'node-1', { key: 'evict', effect: 'NoExecute' });
    addTaint(f, 'node-2', { key: 'evict', effect: 'NoExecute' });
    f.c.api.delete('Node', '', 'node-1');
    f.c.settle();
    createPod(f, 'p', { node: 'node-2' });
    expect(evictions(f, 'p')).toEqual(['Marking for deletion Pod default/p @30']);
  });
});
