import { describe, expect, it } from 'vitest';
import { controllerUid, Store, type Change } from '../../../src/sim/store/store.js';
import type { KubeEvent, Node, Pod } from '../../../src/sim/api/types.js';

function node(name: string, rv = '1'): Node {
  return { apiVersion: 'v1', kind: 'Node', metadata: { name, uid: `u-${name}`, resourceVersion: rv, creationTimestamp: 'x' }, spec: {}, status: {} };
}

function pod(name: string, nodeName?: string, owner?: string): Pod {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `u-${name}`,
      resourceVersion: '1',
      creationTimestamp: 'x',
      ...(owner ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'ds', uid: owner, controller: true }] } : {}),
    },
    spec: { containers: [], ...(nodeName ? { nodeName } : {}) },
    status: {},
  };
}

/** An Event named as the recorder names them: `<object>.<ms in hex><5 hex digits of sequence>`. */
function event(object: string, ms: number, seq: number, namespace = 'default'): KubeEvent {
  const name = `${object}.${ms.toString(16)}${seq.toString(16).padStart(5, '0')}`;
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace, uid: `u-${name}`, resourceVersion: '1', creationTimestamp: 'x' },
    involvedObject: { kind: 'Pod', name: object, namespace },
    reason: 'Started',
    message: 'Started container',
    type: 'Normal',
  } as KubeEvent;
}

describe('Store', () => {
  it('lists in name order and filters by namespace', () => {
    const s = new Store();
    s.put(node('node-b'));
    s.put(node('node-a'));
    s.put(node('node-10'));
    expect(s.list('Node').map((n) => n.metadata.name)).toEqual(['node-10', 'node-a', 'node-b']);
    s.put(pod('p1'));
    expect(s.list('Pod', 'default')).toHaveLength(1);
    expect(s.list('Pod', 'kube-system')).toHaveLength(0);
  });

  it('iterates every stored object, kind by kind, as it is stored now, or every one but of a kind', () => {
    const s = new Store();
    s.put(pod('p1'));
    s.put(node('a'));
    s.put(node('a', '2'));
    s.put(pod('p2'));
    s.remove('Pod', 'default', 'p1');
    expect([...s.all()].map((o) => `${o.kind}/${o.metadata.name}@${o.metadata.resourceVersion}`)).toEqual(['Node/a@2', 'Pod/p2@1']);
    expect([...s.all('Pod')].map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Node/a']);
  });

  it('keeps list order current after updates and removals', () => {
    const s = new Store();
    s.put(node('a'));
    s.put(node('b'));
    expect(s.list('Node').map((n) => n.metadata.name)).toEqual(['a', 'b']);
    s.put(node('a', '2'));
    expect(s.list('Node')[0]!.metadata.resourceVersion).toBe('2');
    s.remove('Node', '', 'a');
    expect(s.list('Node').map((n) => n.metadata.name)).toEqual(['b']);
  });

  it('hands out one list array per kind until that kind changes', () => {
    const s = new Store();
    s.put(node('a'));
    const first = s.list('Node');
    s.put(pod('p1'));
    expect(s.list('Node')).toBe(first);
    s.put(node('a', '2'));
    const second = s.list('Node');
    expect(second).not.toBe(first);
    expect(first[0]!.metadata.resourceVersion).toBe('1');
    expect(second[0]!.metadata.resourceVersion).toBe('2');
  });

  it('orders by namespace/name as the API server lists (a "-" sorts before "/")', () => {
    const s = new Store();
    s.put({ ...pod('x'), metadata: { ...pod('x').metadata, namespace: 'kube' } });
    s.put({ ...pod('y'), metadata: { ...pod('y').metadata, namespace: 'kube-system' } });
    expect(s.list('Pod').map((p) => `${p.metadata.namespace}/${p.metadata.name}`)).toEqual(['kube-system/y', 'kube/x']);
    expect(s.count('Pod')).toBe(2);
    expect(s.get('Pod', 'kube', 'x')?.metadata.name).toBe('x');
    expect(s.get('Pod', 'kube-system', 'x')).toBeUndefined();
  });

  it('indexes pods by node and by controlling owner, following updates', () => {
    const s = new Store();
    s.put(pod('p1', undefined, 'ds-1'));
    expect([...s.podsOnNode('n1')]).toHaveLength(0);
    expect([...s.podsOwnedBy('ds-1')].map((p) => p.metadata.name)).toEqual(['p1']);
    s.put(pod('p1', 'n1'));
    expect([...s.podsOnNode('n1')].map((p) => p.metadata.name)).toEqual(['p1']);
    expect([...s.podsOwnedBy('ds-1')]).toHaveLength(0);
    s.remove('Pod', 'default', 'p1');
    expect([...s.podsOnNode('n1')]).toHaveLength(0);
  });

  it('names the controlling owner: the first reference marked controller, none without one', () => {
    const ref = (uid: string, controller?: boolean) => ({ apiVersion: 'apps/v1', kind: 'DaemonSet', name: uid, uid, ...(controller === undefined ? {} : { controller }) });
    const withRefs = (refs?: ReturnType<typeof ref>[]) => ({ ...pod('p'), metadata: { ...pod('p').metadata, ownerReferences: refs } }) as Pod;
    expect(controllerUid(pod('p'))).toBeUndefined();
    expect(controllerUid(withRefs([]))).toBeUndefined();
    expect(controllerUid(withRefs([ref('a'), ref('b', false)]))).toBeUndefined();
    expect(controllerUid(withRefs([ref('a', false), ref('b', true), ref('c', true)]))).toBe('b');
  });

  it('folds the writes of one pass into one diff', () => {
    const s = new Store();
    s.put(node('a'));
    s.takeDiff();
    s.put(node('a', '2'));
    s.put(node('a', '3'));
    s.put(node('b'));
    s.remove('Node', '', 'b');
    const d = s.takeDiff()!;
    expect(d.added).toHaveLength(0);
    expect(d.removed).toHaveLength(0);
    expect(d.updated.map(([from, to]) => [from.metadata.resourceVersion, to.metadata.resourceVersion])).toEqual([['1', '3']]);
    expect(s.takeDiff()).toBeUndefined();
  });

  it('folds a removal and a new object under the same name in one pass into an update', () => {
    const s = new Store();
    s.put(node('a'));
    s.takeDiff();
    s.remove('Node', '', 'a');
    s.put(node('a', '2'));
    s.put(node('b'));
    s.remove('Node', '', 'b');
    s.put(node('b', '3'));
    const d = s.takeDiff()!;
    expect(d.updated.map(([from, to]) => [from.metadata.resourceVersion, to.metadata.resourceVersion])).toEqual([['1', '2']]);
    expect(d.added.map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`)).toEqual(['b@3']);
    expect(d.removed).toHaveLength(0);
    // The next pass starts afresh: a new name is an addition again.
    s.put(node('c'));
    expect(s.takeDiff()!.added.map((o) => o.metadata.name)).toEqual(['c']);
  });

  it('tells watchers about every change', () => {
    const s = new Store();
    const seen: string[] = [];
    s.watch((c: Change) => seen.push(`${c.type}:${c.obj.metadata.name}`));
    s.put(node('a'));
    s.put(node('a', '2'));
    s.remove('Node', '', 'a');
    expect(seen).toEqual(['added:a', 'updated:a', 'removed:a']);
  });

  it('delivers a change unchanged to every watcher when one of them writes to the store', () => {
    const s = new Store();
    const seen: string[] = [];
    const describe = (c: Change) => `${c.type}:${c.type === 'updated' ? `${c.old.metadata.resourceVersion}->` : ''}${c.obj.metadata.name}@${c.obj.metadata.resourceVersion}`;
    // The first watcher answers a new node with a write of its own; the second must still see the node's add.
    s.watch((c: Change) => {
      seen.push(`first ${describe(c)}`);
      if (c.type === 'added' && c.obj.metadata.name === 'a') s.put(node('b'));
    });
    s.watch((c: Change) => seen.push(`second ${describe(c)}`));
    s.put(node('a'));
    s.put(node('a', '2'));
    s.remove('Node', '', 'b');
    expect(seen).toEqual([
      'first added:a@1',
      'first added:b@1',
      'second added:b@1',
      'second added:a@1',
      'first updated:1->a@2',
      'second updated:1->a@2',
      'first removed:b@1',
      'second removed:b@1',
    ]);
  });

  it('leaves a watcher out of the kinds it does not watch, while the diff still has them', () => {
    const s = new Store();
    const seen: string[] = [];
    s.watch((c: Change) => seen.push(`${c.type}:${c.obj.kind}`), ['Event']);
    const e = event('a', 1_767_225_600_000, 1);
    s.put(e);
    s.put(node('a'));
    s.remove('Event', 'default', e.metadata.name);
    s.put(e);
    expect(seen).toEqual(['added:Node']);
    expect(s.takeDiff()!.added.map((o) => o.kind)).toEqual(['Event', 'Node']);
  });

  it('restores a snapshot with its indexes and without sharing maps', () => {
    const s = new Store();
    s.put(pod('p1', 'n1'));
    const snap = s.snapshot();
    s.put(pod('p2', 'n1'));
    s.restore(snap);
    expect([...s.podsOnNode('n1')].map((p) => p.metadata.name)).toEqual(['p1']);
    s.put(pod('p3'));
    s.restore(snap);
    expect(s.list('Pod').map((p) => p.metadata.name)).toEqual(['p1']);
  });

  it('keeps Events in tables by span of time, so a snapshot shares every span written before it', () => {
    const s = new Store();
    const t0 = 1_767_225_600_000;
    const early = [event('a', t0, 1), event('b', t0 + 1_000, 2), event('c', t0, 3, 'kube-system')];
    for (const e of early) s.put(e);
    const snap = s.snapshot();
    const late = event('a', t0 + 600_000, 4);
    s.put(late);
    s.remove('Event', 'default', early[1]!.metadata.name);
    const tables = (d: typeof snap) => [...d.objects.get('Event')!.values()];
    const after = s.snapshot();
    // The kube-system span was not written: both snapshots hold the same table.
    expect(tables(after)).toContain(tables(snap).find((t) => t.has(early[2]!.metadata.name)));
    expect(tables(after)).toHaveLength(3);
    expect(s.get('Event', 'default', late.metadata.name)).toBe(late);
    expect(s.get('Event', 'default', early[1]!.metadata.name)).toBeUndefined();
    expect(s.list('Event').map((e) => e.metadata.name)).toEqual([early[0], late, early[2]].map((e) => e!.metadata.name));
    expect(s.list('Event', 'kube-system')).toEqual([early[2]]);
    expect(s.count('Event')).toBe(3);
    s.restore(snap);
    expect(s.list('Event')).toEqual([early[0], early[1], early[2]]);
  });
});
