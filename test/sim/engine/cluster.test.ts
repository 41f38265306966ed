import { describe, expect, it } from 'vitest';
import { Cluster } from '../../../src/sim/engine/cluster.js';
import { bootstrap } from '../../../src/sim/engine/bootstrap.js';
import type { Controller, ControllerContext } from '../../../src/sim/engine/controller.js';
import type { Change } from '../../../src/sim/store/store.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';

/** A toy control loop: labels every new Namespace, and counts down a timer per namespace. */
class Labeller implements Controller {
  readonly name = 'labeller';
  queue: string[] = [];
  woken: string[] = [];
  observe(c: Change): void {
    if (c.type === 'added' && c.obj.kind === 'Namespace') this.queue.push(c.obj.metadata.name);
  }
  wake(key: string): void {
    this.woken.push(key);
  }
  reconcile(ctx: ControllerContext): boolean {
    if (this.queue.length === 0 && this.woken.length === 0) return false;
    for (const name of this.queue.splice(0)) {
      const ns = ctx.store.get('Namespace', '', name)!;
      ctx.client.updateMetadata(ns, { labels: { ...ns.metadata.labels, seen: 'yes' } }, `new namespace ${name}`);
      ctx.after(30_000, name);
    }
    for (const name of this.woken.splice(0)) {
      const ns = ctx.store.get('Namespace', '', name)!;
      ctx.client.updateMetadata(ns, { labels: { ...ns.metadata.labels, aged: 'yes' } }, `30s after ${name}`);
    }
    return true;
  }
  snapshot(): unknown {
    return { queue: this.queue, woken: this.woken };
  }
  restore(s: unknown): void {
    const st = s as { queue: string[]; woken: string[] };
    this.queue = [...st.queue];
    this.woken = [...st.woken];
  }
}

function makeCluster(seed = 1): Cluster {
  const c = new Cluster({ seed, intents: true, controllers: () => [new Labeller()] });
  bootstrap(c);
  return c;
}

function createNs(c: Cluster, name: string): void {
  const r = c.api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name }, spec: {}, status: { phase: 'Active' } });
  expect(r.ok).toBe(true);
  c.settle(`create ns ${name}`);
}

describe('Cluster', () => {
  it('starts at the epoch with the built-in namespaces and priority classes', () => {
    const c = makeCluster();
    expect(c.now).toBe(EPOCH_MS);
    expect(c.store.list('Namespace').map((n) => n.metadata.name)).toEqual(['default', 'kube-node-lease', 'kube-public', 'kube-system']);
    expect(c.store.get('PriorityClass', '', 'system-node-critical')!.value).toBe(2000001000);
  });

  it('settles every controller at the same instant and records a trace entry per pass', () => {
    const c = makeCluster();
    const before = c.traceEntries().length;
    createNs(c, 'team-a');
    expect(c.now).toBe(EPOCH_MS);
    expect(c.store.get('Namespace', '', 'team-a')!.metadata.labels!.seen).toBe('yes');
    const entries = c.traceEntries().slice(before);
    expect(entries.map((e) => e.cause)).toEqual(['create ns team-a', 'create ns team-a']);
    expect(entries[1]!.intents[0]).toMatchObject({ controller: 'labeller', verb: 'updateMetadata', reason: 'new namespace team-a' });
  });

  it('drops the oldest trace entries past the change limit, always keeping the newest', () => {
    const c = new Cluster({ seed: 1, traceChangeLimit: 3, intents: true, controllers: () => [new Labeller()] });
    bootstrap(c);
    createNs(c, 'team-a'); // the create (1 change), then the labeller's update and its intent (2)
    expect(c.traceEntries().map((e) => e.cause)).toEqual(['create ns team-a', 'create ns team-a']);
    createNs(c, 'team-b');
    expect(c.traceEntries().map((e) => e.cause)).toEqual(['create ns team-b', 'create ns team-b']);
    const tiny = new Cluster({ seed: 1, traceChangeLimit: 0, controllers: () => [new Labeller()] });
    bootstrap(tiny);
    createNs(tiny, 'team-a');
    expect(tiny.traceEntries().map((e) => e.seq)).toEqual([tiny.traceEntries()[0]!.seq]);
  });

  it('moves time only from timer to timer', () => {
    const c = makeCluster();
    createNs(c, 'team-a');
    expect(c.nextWakeup()).toBe(EPOCH_MS + 30_000);
    c.advanceTo(EPOCH_MS + 29_000);
    expect(c.store.get('Namespace', '', 'team-a')!.metadata.labels!.aged).toBeUndefined();
    c.advanceTo(EPOCH_MS + 60_000);
    expect(c.store.get('Namespace', '', 'team-a')!.metadata.labels!.aged).toBe('yes');
    expect(c.now).toBe(EPOCH_MS + 60_000);
    const aged = c.traceEntries().find((e) => e.intents.some((i) => i.reason === '30s after team-a'))!;
    expect(aged.time).toBe(EPOCH_MS + 30_000);
  });

  it('advanceUntil stops at the first instant the condition holds', () => {
    const c = makeCluster();
    createNs(c, 'team-a');
    const held = c.advanceUntil(() => c.store.get('Namespace', '', 'team-a')!.metadata.labels!.aged === 'yes', 3_600_000);
    expect(held).toBe(true);
    expect(c.now).toBe(EPOCH_MS + 30_000);
    expect(c.advanceUntil(() => false, 10_000)).toBe(false);
    expect(c.now).toBe(EPOCH_MS + 40_000);
  });

  it('says when something is next due, ignoring background resyncs', () => {
    const c = new Cluster({
      controllers: () => [
        {
          name: 'resync',
          observe() {},
          wake() {},
          reconcile: (ctx: ControllerContext) => {
            if (ctx.now === EPOCH_MS) ctx.after(5_000, 'resync', { background: true });
            return false;
          },
          snapshot: () => ({}),
          restore() {},
        },
      ],
    });
    bootstrap(c);
    expect(c.nextWakeup()).toBe(EPOCH_MS + 5_000);
    expect(c.nextDue()).toBeUndefined();
    const busy = makeCluster();
    busy.advanceTo(EPOCH_MS + 40_000);
    expect(busy.nextDue()).toBeUndefined();
    createNs(busy, 'team-a');
    expect(busy.nextDue()).toBe(EPOCH_MS + 70_000);
  });

  it('lets no advance pass a horizon, and lifts it afterwards', () => {
    const c = makeCluster();
    createNs(c, 'team-a');
    const held = c.withHorizon(EPOCH_MS + 20_000, () => {
      c.advanceTo(EPOCH_MS + 60_000);
      return c.advanceUntil(() => false, 3_600_000);
    });
    expect(held).toBe(false);
    expect(c.now).toBe(EPOCH_MS + 20_000);
    expect(c.store.get('Namespace', '', 'team-a')!.metadata.labels!.aged).toBeUndefined();
    c.advanceTo(EPOCH_MS + 60_000);
    expect(c.store.get('Namespace', '', 'team-a')!.metadata.labels!.aged).toBe('yes');
  });

  it('restores a snapshot exactly, timers and controller state included', () => {
    const c = makeCluster();
    createNs(c, 'team-a');
    const snap = c.snapshot();
    const json = JSON.stringify(c.store.list('Namespace'));
    createNs(c, 'team-b');
    c.advanceTo(EPOCH_MS + 100_000);
    c.restore(snap);
    expect(c.now).toBe(EPOCH_MS);
    expect(JSON.stringify(c.store.list('Namespace'))).toBe(json);
    c.advanceTo(EPOCH_MS + 30_000);
    expect(c.store.get('Namespace', '', 'team-a')!.metadata.labels!.aged).toBe('yes');
    expect(c.store.get('Namespace', '', 'team-b')).toBeUndefined();
  });

  it('is deterministic: same seed, same uids; another seed, other uids', () => {
    const a = makeCluster(5);
    const b = makeCluster(5);
    const d = makeCluster(6);
    createNs(a, 'x');
    createNs(b, 'x');
    createNs(d, 'x');
    expect(a.store.get('Namespace', '', 'x')!.metadata.uid).toBe(b.store.get('Namespace', '', 'x')!.metadata.uid);
    expect(a.store.get('Namespace', '', 'x')!.metadata.uid).not.toBe(d.store.get('Namespace', '', 'x')!.metadata.uid);
  });

  it('reports controllers that never settle instead of hanging', () => {
    const flip: Controller = {
      name: 'flip',
      observe() {},
      wake() {},
      reconcile(ctx) {
        const ns = ctx.store.get('Namespace', '', 'default')!;
        ctx.client.updateMetadata(ns, { labels: { v: ns.metadata.labels?.v === 'a' ? 'b' : 'a' } }, 'flip');
        return true;
      },
      snapshot: () => ({}),
      restore() {},
    };
    const c = new Cluster({ controllers: () => [flip] });
    c.api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' }, spec: {}, status: { phase: 'Active' } });
    expect(() => c.settle()).toThrow(/did not settle after 10000 passes/);
  });
});

describe('timers', () => {
  /** Sets a foreground and a background timer, and cancels on request. */
  class Timed implements Controller {
    readonly name = 'timed';
    todo: string[] = [];
    fired: string[] = [];
    observe(): void {}
    wake(key: string): void {
      this.fired.push(key);
    }
    reconcile(ctx: ControllerContext): boolean {
      if (this.todo.length === 0) return false;
      for (const t of this.todo.splice(0)) {
        if (t === 'work') ctx.after(60_000, 'work');
        if (t === 'resync') ctx.after(300_000, 'resync', { background: true });
        if (t === 'cancel') ctx.cancel('work');
      }
      return true;
    }
    snapshot(): unknown {
      return {};
    }
    restore(): void {}
  }

  it('counts only foreground timers as pending work, and cancelled ones not at all', () => {
    const t = new Timed();
    const c = new Cluster({ controllers: () => [t] });
    t.todo.push('resync');
    c.settle();
    expect(c.nextWakeup()).toBe(EPOCH_MS + 300_000);
    expect(c.hasPendingWork()).toBe(false);
    t.todo.push('work');
    c.settle();
    expect(c.hasPendingWork()).toBe(true);
    t.todo.push('cancel');
    c.settle();
    expect(c.hasPendingWork()).toBe(false);
    c.advanceTo(EPOCH_MS + 400_000);
    expect(t.fired).toEqual(['resync']);
  });
});

describe('Event TTL (kube-apiserver --event-ttl, one hour after the last write)', () => {
  function withEvent(): { c: Cluster; ns: () => ReturnType<Cluster['store']['get']> } {
    const c = new Cluster({ controllers: () => [] });
    bootstrap(c);
    const ns = () => c.store.get('Namespace', '', 'default');
    return { c, ns };
  }
  const events = (c: Cluster) => c.store.list('Event').map((e) => `${e.reason} x${e.count}`);

  it('removes an Event an hour after it was written, and a repeat restarts the hour', () => {
    const { c, ns } = withEvent();
    c.recordEvent(ns()!, 'Normal', 'Tick', 'tick', 'test');
    c.advanceTo(c.now + 1_800_000);
    c.recordEvent(ns()!, 'Normal', 'Tick', 'tick', 'test');
    c.recordEvent(ns()!, 'Normal', 'Other', 'other', 'test');
    c.advanceTo(c.now + 1_800_000);
    expect(events(c)).toEqual(['Tick x2', 'Other x1']);
    c.advanceTo(c.now + 1_799_000);
    expect(events(c)).toEqual(['Tick x2', 'Other x1']);
    c.advanceTo(c.now + 1_000);
    expect(events(c)).toEqual([]);
    expect(c.traceEntries().at(-1)!.diff.removed.map((e) => e.kind)).toEqual(['Event', 'Event']);
  });

  it('keeps expiring after a restore', () => {
    const { c, ns } = withEvent();
    c.recordEvent(ns()!, 'Normal', 'Tick', 'tick', 'test');
    const snap = c.snapshot();
    c.advanceTo(c.now + 60_000);
    c.restore(snap);
    c.advanceTo(c.now + 3_600_000);
    expect(events(c)).toEqual([]);
  });
});
