/** What a checkpoint holds apart from the one before it: the bytes of the parts that are not the same in both. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { EVENT_BYTES, OBJECT_BYTES, SLOT_BYTES, bytesApart, expiredEventBytes } from '../../../src/kubectl/timeline/apart.js';
import type { ApiObject } from '../../../src/sim/api/types.js';
import type { ClusterSnapshot } from '../../../src/sim/engine/cluster.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';

/** A cluster of three nodes running the agent DaemonSet, settled. */
function fleet() {
  const cluster = createCluster();
  const run = (line: string, stdin?: string) => expect(exec(cluster, line, stdin).exitCode).toBe(0);
  run('sim node add node-{1..3}');
  run('kubectl apply -f -', agentYaml('registry.example/agent:1'));
  run('sim settle');
  return { cluster, run };
}

describe('bytesApart', () => {
  it('counts nothing of a snapshot against itself, and a new generation of pods as what they hold', () => {
    const { cluster, run } = fleet();
    const a = cluster.snapshot();
    expect(bytesApart(a, a)).toBe(0);
    const quiet = bytesApart(cluster.snapshot(), a);
    run('kubectl set image daemonset/agent a=registry.example/agent:2');
    run('sim advance 5m');
    const rolled = bytesApart(cluster.snapshot(), a);
    // Three pods of a few dozen records each, with the kubelet's runtimes of them.
    expect(rolled - quiet).toBeGreaterThan(3 * 2_000);
  });

  it('leaves the stored Events out: the live cluster holds them for their hour anyway', () => {
    const { cluster } = fleet();
    const a = cluster.snapshot();
    const nodes = cluster.store.list('Node');
    const apart = () => bytesApart(cluster.snapshot(), a);
    const events = cluster.store.count('Event');
    cluster.recordEvent(nodes[0]!, 'Normal', 'Test', 'the first', 'test');
    const first = apart();
    // Twenty Events of distinct reasons on each node (the spam filter lets 25 an object through).
    for (const node of nodes) for (let i = 1; i <= 20; i++) cluster.recordEvent(node, 'Normal', `Test${i}`, `event ${i}`, 'test');
    expect(cluster.store.count('Event') - events).toBe(1 + 20 * nodes.length);
    // Only their bookkeeping: a table entry, the recorder's cache slots and TTL queue entries.
    expect(apart() - first).toBeLessThan(20 * nodes.length * 250);
  });
});

describe('bytesApart of a list', () => {
  it('counts the items the other side holds nowhere in its list, each once, whatever places they moved to', () => {
    // Items from a pool of records, so that lists share some at the same place, some elsewhere.
    const pool = Array.from({ length: 12 }, (_, n) => ({ n }));
    const list = fc.array(fc.nat(11), { maxLength: 20 }).map((ns) => ns.map((n) => pool[n]!));
    fc.assert(
      fc.property(list, list, fc.nat(12), (now, before, drop) => {
        // Half the cases a queue: the list before, some items dropped at the front and others added.
        const was = drop % 2 === 0 ? before : [...now.slice(drop % 5), ...before];
        const own = new Set(now.filter((v, i) => v !== was[i] && !was.includes(v)));
        const snapshot = (items: unknown[]) => ({ items }) as unknown as ClusterSnapshot;
        // The wrapper record and the list, and each record only this side holds (one slot each).
        const want = 2 * OBJECT_BYTES + SLOT_BYTES * (1 + now.length) + own.size * (OBJECT_BYTES + SLOT_BYTES);
        expect(bytesApart(snapshot(now), snapshot(was))).toBe(want);
      }),
    );
  });
});

describe('expiredEventBytes', () => {
  it('counts the Events snapshots hold once the live store let them expire, each once however many snapshots hold it', () => {
    const { cluster, run } = fleet();
    const a = cluster.snapshot();
    const held = cluster.store.count('Event');
    expect(held).toBeGreaterThan(0);
    // Held by the live store too: nothing of its own.
    expect(expiredEventBytes([a], [cluster.store.tables('Event')])).toBe(0);
    run('sim advance 5m');
    const b = cluster.snapshot();
    expect(expiredEventBytes([a, b], [cluster.store.tables('Event')])).toBe(0);
    // Past their hour every Event of the build is gone from the live store, and only a and b hold them.
    run('sim advance 2h');
    const live = cluster.store.tables('Event');
    expect(cluster.store.count('Event')).toBeLessThan(held);
    const onlyA = expiredEventBytes([a], [live]);
    expect(onlyA).toBe(held * EVENT_BYTES);
    expect(expiredEventBytes([a, b], [live])).toBeGreaterThanOrEqual(onlyA);
    expect(expiredEventBytes([a, a, b], [live])).toBe(expiredEventBytes([a, b], [live]));
    expect(expiredEventBytes([cluster.snapshot()], [live])).toBe(0);
    // A holder besides the live store (the newest snapshot) keeps its Events from counting.
    expect(expiredEventBytes([a, b], [live, b.store.objects.get('Event')!])).toBeLessThan(expiredEventBytes([a, b], [live]));
    expect(expiredEventBytes([a], [live, a.store.objects.get('Event')!])).toBe(0);
  });
});

type Table = Map<string, ApiObject>;

/** The count by definition: every Event of a table no holder has at its key, each once. */
function expiredByDefinition(snapshots: readonly ReadonlyMap<string, Table>[], holders: readonly ReadonlyMap<string, Table>[]): number {
  const counted = new Set<ApiObject>();
  for (const held of snapshots) {
    for (const [key, names] of held) {
      const now = holders.map((h) => h.get(key));
      if (now.includes(names)) continue;
      for (const [name, ev] of names) if (!now.some((t) => t?.get(name) === ev)) counted.add(ev);
    }
  }
  return counted.size * EVENT_BYTES;
}

describe('expiredEventBytes by key', () => {
  it('counts as the definition does, sharing tables or not, whole expired spans without a walk', () => {
    // A pool of Events by key (a key holds the names that land in it), tables drawn as subsets
    // of a key's versions, shared between snapshots and holders by identity.
    const events = ['a', 'b', 'c'].map((key) => [0, 1, 2, 3].map((i) => [0, 1].map((v) => ({ kind: 'Event', metadata: { name: `${key}${i}`, v } }) as unknown as ApiObject)));
    const tableArb = fc.record({ key: fc.integer({ min: 0, max: 2 }), picks: fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 1 })), { maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(tableArb, { minLength: 1, maxLength: 6 }), fc.array(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }), { maxLength: 4 }), fc.array(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 3 }), { maxLength: 2 }), (drawn, snapshotPicks, holderPicks) => {
        const tables = drawn.map(({ key, picks }) => ({ key: 'abc'[key]!, table: new Map(picks.map(([i, v]) => [`${'abc'[key]}${i}`, events[key]![i]![v]!])) as Table }));
        // A store holds at most one table per key: later picks of the same key win.
        const storeOf = (picks: readonly number[]) => new Map(picks.filter((i) => i < tables.length).map((i) => [tables[i]!.key, tables[i]!.table]));
        const snapshots = snapshotPicks.map(storeOf);
        const holders = holderPicks.map(storeOf);
        const asSnapshot = (objects: ReadonlyMap<string, Table>) => ({ store: { objects: new Map([['Event', objects]]) } }) as unknown as ClusterSnapshot;
        expect(expiredEventBytes(snapshots.map(asSnapshot), holders)).toBe(expiredByDefinition(snapshots, holders));
      }),
      { numRuns: 500 },
    );
  });
});
