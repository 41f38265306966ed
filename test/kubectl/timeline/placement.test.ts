/**
 * Where the default checkpoint store keeps moments over a history of rollouts, and how the bytes
 * a kept moment holds apart from the others (`bytesApart`) weigh against its budget.
 */
import { describe, expect, it } from 'vitest';
import { SparseCheckpoints } from '../../../src/kubectl/timeline/checkpoints.js';
import type { LogEntry } from '../../../src/kubectl/timeline/log.js';
import type { ApiObject } from '../../../src/sim/api/types.js';
import type { ClusterSnapshot } from '../../../src/sim/engine/cluster.js';
import type { StoreData } from '../../../src/sim/store/store.js';

/** A pod of generation `gen`: about 1.3 KB of its own, as `bytesApart` counts. */
function pod(gen: number, i: number): ApiObject {
  return { kind: 'Pod', metadata: { name: `g${gen}-p${i}` }, payload: Array.from({ length: 24 }, (_, k) => ({ gen, k })) } as unknown as ApiObject;
}

function storeOf(pods: Map<string, ApiObject>): StoreData {
  return { objects: new Map([['Pod', new Map([['default', pods]])]]), resourceVersion: 0 };
}

function generation(gen: number, size: number): Map<string, ApiObject> {
  const pods = new Map<string, ApiObject>();
  for (let i = 0; i < size; i++) {
    const p = pod(gen, i);
    pods.set(p.metadata.name, p);
  }
  return pods;
}

/** One command of a history: its writes, and the pods stored after it. */
interface Step {
  readonly writes: number;
  readonly pods: Map<string, ApiObject>;
}

/**
 * Offers each step of a history in turn (a command a virtual minute); returns the log. The
 * snapshots hold only the store, which is all `bytesApart` sees of them.
 */
function offerSteps(store: SparseCheckpoints, steps: readonly Step[]): LogEntry[] {
  const log: LogEntry[] = [];
  let writes = 0;
  steps.forEach((s, i) => {
    log.push({ line: `step ${i}`, start: i * 60_000, end: (i + 1) * 60_000 });
    writes += s.writes;
    const snapshot = { now: (i + 1) * 60_000, store: storeOf(s.pods) } as unknown as ClusterSnapshot;
    store.offer([...log], (i + 1) * 60_000, () => snapshot, { writes });
  });
  return log;
}

/**
 * `gens` rollouts of `size` pods, as the rewind bench plays them: the image changes (a few
 * writes), a busy minute replaces every pod, a minute finishes the rollout (a few writes), then
 * three quiet minutes. Command `6 * g + 2` is where rollout `g` settled.
 */
function rollouts(gens: number, size: number): Step[] {
  const steps: Step[] = [];
  let pods = generation(0, size);
  for (let g = 1; g <= gens; g++) {
    steps.push({ writes: 50, pods });
    pods = generation(g, size);
    steps.push({ writes: 11_000, pods }, { writes: 50, pods }, { writes: 0, pods }, { writes: 0, pods }, { writes: 0, pods });
  }
  return steps;
}

describe('checkpoint placement over rollouts', () => {
  it('keeps the moment each rollout settled when the budget holds them all, so every quiet minute replays only itself', () => {
    const store = new SparseCheckpoints({ maxBytes: 4 * 1024 * 1024 });
    const log = offerSteps(store, rollouts(12, 100));
    for (let g = 1; g <= 12; g++) {
      const settled = 6 * (g - 1) + 3;
      for (let count = settled; count < settled + 4 && count <= log.length; count++) expect(store.nearest(log, count)?.count).toBe(settled);
      // The busy minute's own moment gave way to the settled one: the minute before it
      // replays from the rollout before.
      expect(store.nearest(log, settled - 1)?.count).toBeLessThan(settled - 1);
    }
    // Each kept moment holds its generation of pods, about 130 KB (the first, before any
    // rollout, the pods the second replaced).
    expect(store.heldBytes()).toBeGreaterThan(12 * 100 * 1_200);
    expect(store.heldBytes()).toBeLessThan(14 * 100 * 1_300);
  });

  it('within a smaller budget keeps fewer settled moments, spread evenly, the newest among them', () => {
    const budget = 5 * 100 * 1_300; // five generations' worth
    const store = new SparseCheckpoints({ maxBytes: budget });
    const log = offerSteps(store, rollouts(12, 100));
    expect(store.heldBytes()).toBeLessThanOrEqual(budget);
    expect(store.size).toBe(5);
    const settledOf = (g: number) => 6 * (g - 1) + 3;
    const kept = new Set(Array.from({ length: 12 }, (_, i) => store.nearest(log, settledOf(i + 1) + 3)?.count));
    kept.delete(undefined); // the first rollout replays from the start
    // Every kept moment is one where a rollout settled.
    expect(kept.size).toBe(5);
    expect(kept.has(settledOf(12))).toBe(true);
    // No rollout is more than three others away from a kept moment before it.
    for (let g = 4; g <= 12; g++) expect(store.nearest(log, settledOf(g))!.count).toBeGreaterThanOrEqual(settledOf(g - 3));
  });

  it('counts the first kept moment against the one after it: what both hold is not its own', () => {
    // 1,000 pods (over a megabyte) that never change, then ten commands each replacing ten: each
    // moment holds the ten (about 13 KB) and its copy of the table (24 bytes a pod).
    const steps: Step[] = [];
    let pods = generation(0, 1_000);
    steps.push({ writes: 10, pods });
    for (let i = 1; i <= 10; i++) {
      pods = new Map(pods);
      for (let j = 0; j < 10; j++) pods.set(`g0-p${j}`, pod(i, j));
      steps.push({ writes: 10, pods });
    }
    const store = new SparseCheckpoints({ everyCommands: 1, maxBytes: 450 * 1024 });
    const log = offerSteps(store, steps);
    expect(store.size).toBe(11);
    expect(store.nearest(log, 1)?.count).toBe(1);
    expect(store.heldBytes()).toBeLessThan(1_000 * 1_000);
  });
});

describe('checkpoint placement: the moments rollouts settled at go last', () => {
  it('past its bound drops the quiet moments between rollouts before the moment any rollout settled', () => {
    // Every command's moment is due; room for the four settled moments and the newest.
    const store = new SparseCheckpoints({ everyCommands: 1, max: 5 });
    const log = offerSteps(store, rollouts(4, 10));
    expect(store.size).toBe(5);
    for (let g = 1; g <= 4; g++) {
      const settled = 6 * (g - 1) + 3;
      // The quiet minutes after each rollout replay from the moment it settled, not the rollout.
      for (let count = settled; count < settled + 4 && count < log.length; count++) expect(store.nearest(log, count)?.count).toBe(settled);
    }
    expect(store.nearest(log, log.length)?.count).toBe(log.length);
  });
});
