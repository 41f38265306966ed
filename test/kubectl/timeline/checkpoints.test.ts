/** The default checkpoint strategy: which moments it keeps, and which it finds for a branch. */
import { describe, expect, it } from 'vitest';
import { SparseCheckpoints } from '../../../src/kubectl/timeline/checkpoints.js';
import type { LogEntry } from '../../../src/kubectl/timeline/log.js';
import type { ClusterSnapshot } from '../../../src/sim/engine/cluster.js';

const snap = (n: number) => ({ now: n }) as unknown as ClusterSnapshot;
const entry = (i: number, minutes = i): LogEntry => ({ line: `sim advance ${i}`, start: minutes * 60_000, end: minutes * 60_000 });

/** Offers each prefix of `log` in turn; returns how many snapshots were taken. */
function offerAll(store: SparseCheckpoints, log: readonly LogEntry[]): number {
  let taken = 0;
  log.forEach((e, i) =>
    store.offer(log.slice(0, i + 1), e.end, () => {
      taken++;
      return snap(i + 1);
    }),
  );
  return taken;
}

describe('SparseCheckpoints', () => {
  it('keeps a moment every few commands or after a long stretch of virtual time', () => {
    const store = new SparseCheckpoints({ everyCommands: 4, everyMs: 10 * 60_000 });
    const log = Array.from({ length: 9 }, (_, i) => entry(i, 0));
    expect(offerAll(store, log)).toBe(3);
    expect(store.nearest(log, 9)?.count).toBe(9);
    expect(store.nearest(log, 8)?.count).toBe(5);
    expect(store.nearest(log, 4)?.count).toBe(1);
    const slow = new SparseCheckpoints({ everyCommands: 100, everyMs: 10 * 60_000 });
    expect(offerAll(slow, Array.from({ length: 5 }, (_, i) => entry(i, i * 6)))).toBe(3);
  });

  it('finds only checkpoints of the branch asked about', () => {
    const store = new SparseCheckpoints({ everyCommands: 1 });
    const log = Array.from({ length: 4 }, (_, i) => entry(i));
    offerAll(store, log);
    const other = [log[0]!, log[1]!, entry(2), entry(3)];
    expect(store.nearest(other, 4)?.count).toBe(2);
    expect(store.nearest(log, 4)?.count).toBe(4);
  });

  it('stays within its maximum by dropping the moment closest to the one before it', () => {
    const store = new SparseCheckpoints({ everyCommands: 1, max: 3 });
    const log = Array.from({ length: 10 }, (_, i) => entry(i));
    offerAll(store, log);
    expect(store.size).toBe(3);
    expect(store.nearest(log, 10)?.count).toBe(10);
    expect(store.nearest(log, 1)?.count).toBe(1);
  });
});
