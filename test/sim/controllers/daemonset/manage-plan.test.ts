import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../../src/sim/api/types.js';
import { manage } from '../../../../src/sim/controllers/daemonset/manage.js';
import { daemonSetFacts } from '../../../../src/sim/controllers/daemonset/facts.js';
import type { BackoffState } from '../../../../src/sim/controllers/daemonset/failed-pod-backoff.js';
import { byNode, daemonSet, node, pod, T0 } from './fixtures.js';

const surge = { updateStrategy: { type: 'RollingUpdate' as const, rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } } };

function plan(pods: Pod[], opts: { surge?: boolean; nodes?: string[]; minReadySeconds?: number; now?: number; backoff?: BackoffState } = {}) {
  const ds = daemonSet({ ...(opts.surge ? surge : {}), minReadySeconds: opts.minReadySeconds ?? 0 });
  const facts = daemonSetFacts(ds, 'new', opts.now ?? T0 + 60_000);
  const nodes = (opts.nodes ?? ['n']).map((n) => node(n));
  const p = manage(facts, nodes, byNode(pods), opts.backoff ?? {});
  return { ...p, created: p.create.map((c) => c.node), deleted: p.delete.map((d) => d.pod.metadata.name) };
}

describe('TestDaemonKillFailedPods: failed pods are killed (with an event) and replaced on a later sync', () => {
  const cases = [
    { test: 'normal (do nothing)', failed: 0, normal: 1, creates: 0, deletes: 0, events: 0 },
    { test: 'no pods (create 1)', failed: 0, normal: 0, creates: 1, deletes: 0, events: 0 },
    { test: '1 failed pod (kill 1), 0 normal pod (create 0; will create in the next sync)', failed: 1, normal: 0, creates: 0, deletes: 1, events: 1 },
    { test: '1 failed pod (kill 1), 3 normal pods (kill 2)', failed: 1, normal: 3, creates: 0, deletes: 3, events: 1 },
  ];
  for (const c of cases) {
    it(c.test, () => {
      const pods = [
        ...Array.from({ length: c.failed }, (_, i) => pod(`failed-${i}`, 'n', { phase: 'Failed' })),
        ...Array.from({ length: c.normal }, (_, i) => pod(`normal-${i}`, 'n', { readySince: T0 })),
      ];
      const p = plan(pods);
      expect([p.created.length, p.deleted.length, p.events.length]).toEqual([c.creates, c.deletes, c.events]);
      if (c.events) expect(p.events[0]).toEqual({ type: 'Warning', reason: 'FailedDaemonPod', message: 'Found failed daemon pod default/failed-0 on node n, will try to kill it' });
    });
  }

  it('with surge the replacement is created in the same sync', () => {
    expect(plan([pod('failed-0', 'n', { phase: 'Failed' })], { surge: true }).created).toEqual(['n']);
  });

  it('a failed pod in backoff is kept and the sync asks to look again after the current delay', () => {
    const backoff: BackoffState = { 'ds-uid/1/n': { backoffMs: 4000, lastUpdateMs: T0 + 59_000 } };
    const p = plan([pod('failed-0', 'n', { phase: 'Failed' })], { backoff });
    expect(p.deleted).toEqual([]);
    expect(p.requeueAfterMs).toEqual([4000]);
    expect(p.events).toEqual([]);
  });

  it('advances the backoff 1s, 2s, ... and a new observedGeneration starts afresh', () => {
    const backoff: BackoffState = {};
    plan([pod('f', 'n', { phase: 'Failed' })], { backoff, now: T0 });
    expect(backoff['ds-uid/1/n']).toEqual({ backoffMs: 1000, lastUpdateMs: T0 });
    plan([pod('f', 'n', { phase: 'Failed' })], { backoff, now: T0 + 1000 });
    expect(backoff['ds-uid/1/n']).toEqual({ backoffMs: 2000, lastUpdateMs: T0 + 1000 });
    const ds2 = daemonSet({}, { observedGeneration: 2 });
    manage(daemonSetFacts(ds2, 'new', T0 + 1500), [node('n')], byNode([pod('f', 'n', { phase: 'Failed' })]), backoff);
    expect(backoff['ds-uid/2/n']).toEqual({ backoffMs: 1000, lastUpdateMs: T0 + 1500 });
  });
});

describe('manage without surge: terminating pods are skipped, duplicates pruned to the first in order', () => {
  it('a node with only a terminating pod gets nothing (it still exists)', () => {
    expect(plan([pod('old', 'n', { deleting: true, readySince: T0 })])).toMatchObject({ created: [], deleted: [] });
  });

  it('keeps the scheduled pod over an older unbound one, then the older, then the lower name', () => {
    const pods = [
      pod('a-unbound-oldest', 'n', { bound: false, created: T0 - 10_000 }),
      pod('c-bound', 'n', { created: T0 }),
      pod('b-bound', 'n', { created: T0 }),
      pod('d-bound-newer', 'n', { created: T0 + 5_000 }),
    ];
    expect(plan(pods).deleted.sort()).toEqual(['a-unbound-oldest', 'c-bound', 'd-bound-newer']);
  });

  it('deletes unbound pods pinned to a node that no longer exists, not bound ones', () => {
    const p = plan([pod('gone-unbound', 'gone', { bound: false }), pod('gone-bound', 'gone')], { nodes: ['n'] });
    expect(p.deleted).toEqual(['gone-unbound']);
    expect(p.created).toEqual(['n']);
  });
});

describe('manage with surge: at most one new and one old pod per node', () => {
  it('old ready + new not yet available: keep both', () => {
    expect(plan([pod('old', 'n', { hash: 'old', readySince: T0 }), pod('new', 'n', { hash: 'new', created: T0 + 1000 })], { surge: true }).deleted).toEqual([]);
  });

  it('new available: delete the old one', () => {
    expect(plan([pod('old', 'n', { hash: 'old', readySince: T0 }), pod('new', 'n', { hash: 'new', readySince: T0 + 1000 })], { surge: true }).deleted).toEqual(['old']);
  });

  it('new ready but not yet minReadySeconds old: keep both; old not ready: delete the old one', () => {
    const now = T0 + 60_000;
    const base = [pod('new', 'n', { hash: 'new', readySince: now - 5_000 })];
    expect(plan([pod('old', 'n', { hash: 'old', readySince: T0 }), ...base], { surge: true, minReadySeconds: 10, now }).deleted).toEqual([]);
    expect(plan([pod('old', 'n', { hash: 'old' }), ...base], { surge: true, minReadySeconds: 10, now }).deleted).toEqual(['old']);
  });

  it('extra pods of either hash are deleted, keeping the oldest of each', () => {
    const pods = [
      pod('new-1', 'n', { hash: 'new', created: T0 }),
      pod('new-2', 'n', { hash: 'new', created: T0 + 1000 }),
      pod('old-1', 'n', { hash: 'old', readySince: T0, created: T0 - 5000 }),
      pod('old-2', 'n', { hash: 'x', readySince: T0, created: T0 + 2000 }),
    ];
    expect(plan(pods, { surge: true }).deleted.sort()).toEqual(['new-2', 'old-2']);
  });

  it('a node whose only pods are terminating gets a new pod at once', () => {
    expect(plan([pod('old', 'n', { hash: 'old', deleting: true })], { surge: true }).created).toEqual(['n']);
  });
});
