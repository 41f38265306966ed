/**
 * A checkpoint store that leaves its bookkeeping for later (`deferTidy`, the worker's) keeps,
 * compacts and thins exactly as one that does it in the offer, however late the bookkeeping
 * runs: the commands in between change the live store, and it must weigh each kept moment
 * against the store as it was at the offer.
 */
import { describe, expect, it } from 'vitest';
import { SparseCheckpoints, type SparseOptions } from '../../../src/kubectl/timeline/checkpoints.js';
import { Timeline } from '../../../src/kubectl/timeline/timeline.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';
import { run } from './replay-check.js';

/** Rollouts on a small fleet, then an hour and more, which lets the first Events expire. */
const SCRIPT: readonly (readonly [string, string?])[] = [
  ['sim node add node-{1..8}'],
  ['kubectl apply -f -', agentYaml()],
  ['sim settle'],
  ['kubectl set image daemonset/agent a=registry.example/agent:2'],
  ['sim settle'],
  ['kubectl set image daemonset/agent a=registry.example/agent:3'],
  ['sim advance 30s'],
  ['sim settle'],
  ['sim node add node-9'],
  ['sim advance 70m'],
  ['kubectl set image daemonset/agent a=registry.example/agent:4'],
  ['sim settle'],
];

/** Runs `SCRIPT` through a timeline over a fresh cluster with `store`, calling `between` after each command. */
function runScript(store: SparseCheckpoints, between: () => void = () => {}): Timeline {
  const timeline = new Timeline(createCluster({ seed: 3 }), store);
  for (const [line, stdin] of SCRIPT) {
    run(timeline.cluster, line, stdin, timeline);
    between();
  }
  return timeline;
}

/** What a store keeps, as its readers see it: which moment each prefix of the log finds, and what they hold. */
function kept(store: SparseCheckpoints, timeline: Timeline) {
  const log = timeline.entries;
  return {
    nearest: log.map((_, i) => store.nearest(log, i + 1)?.count),
    size: store.size,
    compacted: store.compacted,
    compactedRuntimes: store.compactedRuntimes,
    heldBytes: store.heldBytes(),
  };
}

/** What a store of `opts` that does its bookkeeping at once keeps after `SCRIPT`. */
function keptAtOnce(opts: SparseOptions) {
  const now = new SparseCheckpoints(opts);
  return kept(now, runScript(now));
}

/** What a store of `opts` that defers its bookkeeping keeps after `SCRIPT`, tidied only by the next command, or also after each one (`tidyBetween`). */
function keptDeferred(opts: SparseOptions, tidyBetween = false) {
  const deferred = new SparseCheckpoints({ ...opts, deferTidy: true });
  return kept(deferred, runScript(deferred, tidyBetween ? () => deferred.tidy() : undefined));
}

describe('SparseCheckpoints with deferTidy', () => {
  // Moments kept after every command, every other or every third (a kept moment is measured
  // again when the next is kept, so one followed by commands that keep nothing shows how its
  // own bookkeeping went), and few of them, or few bytes, so that the store thins.
  const cases: [string, SparseOptions][] = [
    ['by count, every command kept', { everyCommands: 1, max: 4 }],
    ['by count, every third command kept', { everyCommands: 3, max: 3 }],
    ['by bytes, every command kept', { everyCommands: 1, maxBytes: 150 * 1024 }],
    ['by bytes, every other command kept', { everyCommands: 2, maxBytes: 250 * 1024 }],
  ];
  for (const [name, opts] of cases) {
    it(`keeps what the store that does its bookkeeping at once keeps, thinning ${name}, tidied only by the next command`, () => {
      const expected = keptAtOnce(opts);
      expect(expected.size).toBeLessThan(keptAtOnce({ everyCommands: opts.everyCommands!, max: 1000, maxBytes: Infinity }).size);
      expect(keptDeferred(opts)).toEqual(expected);
    });
  }

  it('compacts the older moments as the store that does its bookkeeping at once does', () => {
    const opts: SparseOptions = { everyCommands: 1, max: 4 };
    const expected = keptAtOnce(opts);
    expect(expected.compacted).toBeGreaterThan(0);
    expect(expected.compactedRuntimes).toBeGreaterThan(0);
    expect(keptDeferred(opts)).toEqual(expected);
  });

  it('keeps the same when tidied between commands, as the worker does', () => {
    const opts: SparseOptions = { everyCommands: 3, max: 3 };
    expect(keptDeferred(opts, true)).toEqual(keptAtOnce(opts));
  });
});
