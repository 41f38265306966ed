/**
 * The timeline a session keeps: every command logged through `exec` with what it needs to run
 * again, rewinds to named or any past moment, branches, and the engine property that makes
 * cutting a command exact (advancing in pieces equals advancing at once).
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { replayEntry } from '../../../src/kubectl/timeline/log.js';
import { Timeline } from '../../../src/kubectl/timeline/timeline.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';
import { snapshotJson } from './snapshot-json.js';

/** A session with a timeline; `run` execs through it. */
function session() {
  const timeline = new Timeline(createCluster());
  const run = (line: string, stdin?: string, readFile?: (p: string) => string | undefined) =>
    exec(timeline.cluster, line, stdin, { timeline, ...(readFile ? { readFile } : {}) });
  return { timeline, cluster: timeline.cluster, run };
}

describe('Timeline', () => {
  it('logs each command with its stdin, the files it read and its virtual start and end', () => {
    const { timeline, run } = session();
    run('sim node add node-1');
    run('kubectl apply -f ds.yaml', undefined, (p) => (p === 'ds.yaml' ? agentYaml('registry.example/agent:1') : undefined));
    run('sim advance 90s');
    run('kubectl get pods | wc -l');
    expect(timeline.entries).toEqual([
      { line: 'sim node add node-1', start: EPOCH_MS, end: EPOCH_MS },
      { line: 'kubectl apply -f ds.yaml', files: { 'ds.yaml': agentYaml('registry.example/agent:1') }, start: EPOCH_MS, end: EPOCH_MS },
      { line: 'sim advance 90s', start: EPOCH_MS, end: EPOCH_MS + 90_000 },
      { line: 'kubectl get pods | wc -l', start: EPOCH_MS + 90_000, end: EPOCH_MS + 90_000 },
    ]);
  });

  it('never logs the commands that act on it', () => {
    const { timeline, run } = session();
    run('sim advance 1m');
    run('sim checkpoint a');
    run('sim checkpoints');
    run('sim rewind a');
    run('sim rewind --to 30s');
    expect(timeline.entries.map((e) => e.line)).toEqual(['sim advance 1m']);
  });

  it('rewinds to a moment inside a command, which the log then holds cut short there', () => {
    const { timeline, cluster, run } = session();
    run('sim node add node-1 node-2');
    run('kubectl apply -f -', agentYaml('registry.example/agent:1'));
    run('sim advance 10m');
    // From the checkpoint kept after the first command: two commands replayed, the last one cut.
    expect(timeline.rewindTo(EPOCH_MS + 12_000)).toEqual({ time: EPOCH_MS + 12_000, replayed: 2, leftBehind: 1 });
    expect(cluster.now).toBe(EPOCH_MS + 12_000);
    expect(timeline.entries.at(-1)).toEqual({ line: 'sim advance 10m', start: EPOCH_MS, end: EPOCH_MS + 12_000, cut: true });
    // The pods are where they were at +12s: pulling (the nodes turned Ready at +10s).
    expect(run('kubectl get pods --no-headers | grep -c ContainerCreating').stdout).toBe('2\n');
  });

  it('keeps the future left behind as a branch, and can go back into it', () => {
    const { timeline, cluster, run } = session();
    run('sim node add node-1');
    run('sim advance 1m');
    run('kubectl apply -f -', agentYaml('registry.example/agent:1'));
    run('sim advance 1m');
    const old = timeline.entries;
    timeline.rewindTo(EPOCH_MS + 60_000);
    run('kubectl cordon node-1');
    expect(timeline.branches).toEqual([old]);
    expect(timeline.rewindTo(EPOCH_MS + 90_000, old)).toMatchObject({ time: EPOCH_MS + 90_000, leftBehind: 1 });
    expect(cluster.store.list('Pod')).toHaveLength(1);
    expect(cluster.store.get('Node', '', 'node-1')!.spec.unschedulable).toBeUndefined();
    expect(timeline.branches).toHaveLength(2);
    // What is shown now only leads into a branch already kept: going back keeps nothing new.
    timeline.rewindTo(EPOCH_MS + 60_000);
    expect(timeline.branches).toHaveLength(2);
  });

  it('switches to the newest moment of a branch left behind, keeping the one it leaves', () => {
    const { timeline, cluster, run } = session();
    run('sim node add node-1');
    run('sim advance 1m');
    run('sim node add node-2');
    const old = timeline.entries;
    timeline.rewindTo(EPOCH_MS + 30_000);
    run('sim node add node-3');
    const fork = timeline.entries;
    // The fork's own commands: its cut `sim advance 1m` and node-3.
    expect(timeline.switchTo(old)).toMatchObject({ time: EPOCH_MS + 60_000, leftBehind: 2 });
    expect(timeline.entries).toEqual(old);
    expect(cluster.store.list('Node').map((n) => n.metadata.name)).toEqual(['node-1', 'node-2']);
    expect(timeline.branches).toEqual([fork]);
  });

  it('rebuilds a saved session by appending its entries, a cut one included', () => {
    const { timeline, cluster, run } = session();
    run('sim node add node-1');
    run('kubectl apply -f ds.yaml', undefined, (p) => (p === 'ds.yaml' ? agentYaml() : undefined));
    run('sim advance 10m');
    timeline.rewindTo(EPOCH_MS + 12_000);
    run('kubectl label node node-1 tier=edge');
    const saved = timeline.entries;
    const rebuilt = new Timeline(createCluster());
    for (const e of saved) rebuilt.append(e);
    expect(rebuilt.entries).toEqual(saved);
    expect(snapshotJson(rebuilt.cluster)).toBe(snapshotJson(cluster));
  });

  it('rewinds command by command, telling apart commands that ran at one instant', () => {
    const { timeline, cluster, run } = session();
    run('sim node add node-1');
    run('sim node add node-2');
    run('sim node add node-3');
    const all = timeline.entries;
    expect(timeline.rewindAfter(2)).toMatchObject({ time: EPOCH_MS, leftBehind: 1 });
    expect(cluster.store.list('Node').map((n) => n.metadata.name)).toEqual(['node-1', 'node-2']);
    expect(timeline.rewindAfter(3, all)).toMatchObject({ leftBehind: 0 });
    expect(timeline.entries).toEqual(all);
    expect(timeline.branches).toEqual([]);
    expect(timeline.rewindAfter(4)).toEqual({ error: 'the branch has moments after 0 to 3 commands, not 4' });
    expect(cluster.store.list('Node')).toHaveLength(3);
  });

  it('restores a named checkpoint and the branch that led to it', () => {
    const { timeline, cluster, run } = session();
    run('sim node add node-1');
    expect(timeline.checkpoint('joined')).toBe(false);
    run('sim advance 5m');
    run('sim node remove node-1');
    expect(timeline.rewindToCheckpoint('joined')).toEqual({ time: EPOCH_MS, replayed: 0, leftBehind: 2 });
    expect(cluster.now).toBe(EPOCH_MS);
    expect(cluster.store.get('Node', '', 'node-1')).toBeDefined();
    expect(timeline.entries.map((e) => e.line)).toEqual(['sim node add node-1']);
    expect(timeline.rewindToCheckpoint('nope')).toEqual({ error: 'no checkpoint named "nope"' });
  });

  it('keeps the newest moment a rewind leaves, so a scrubber returning to it replays nothing', () => {
    const { timeline, cluster, run } = session();
    run('sim node add node-1 node-2');
    run('kubectl apply -f -', agentYaml('registry.example/agent:1'));
    run('sim advance 3m');
    run('kubectl label node node-1 tier=edge');
    const head = timeline.entries;
    const newest = snapshotJson(cluster);
    expect(timeline.rewindAfter(1, head)).toMatchObject({ replayed: 0 });
    expect(timeline.rewindAfter(3, head)).toMatchObject({ replayed: 2 });
    expect(timeline.rewindTo(EPOCH_MS + 60_000, head)).toMatchObject({ replayed: 2 });
    expect(timeline.switchTo(head)).toMatchObject({ time: EPOCH_MS + 180_000, replayed: 0, leftBehind: 0 });
    expect(snapshotJson(cluster)).toBe(newest);
  });

  it('keeps no moment the cluster has moved past without logging it (a host playing time)', () => {
    const { timeline, cluster, run } = session();
    run('sim node add node-1');
    run('sim node add node-2');
    run('kubectl apply -f -', agentYaml('registry.example/agent:1'));
    const head = timeline.entries;
    cluster.advanceTo(EPOCH_MS + 30_000);
    // The store kept the moment after the first command; the newest logged one is replayed up
    // to from there: the moment shown when the rewind left was past it.
    expect(timeline.rewindAfter(1, head)).toMatchObject({ replayed: 0 });
    expect(timeline.rewindAfter(3, head)).toMatchObject({ replayed: 2 });
    expect(cluster.now).toBe(EPOCH_MS);
    const fresh = createCluster();
    for (const e of timeline.entries) replayEntry(fresh, e);
    expect(snapshotJson(cluster)).toBe(snapshotJson(fresh));
  });

  it('refuses moments outside the branch', () => {
    const { timeline, run } = session();
    run('sim advance 1m');
    expect(timeline.rewindTo(EPOCH_MS + 61_000)).toEqual({ error: 'that is later than the session has reached: rewind goes back in time only' });
    expect(timeline.rewindTo(EPOCH_MS - 1)).toEqual({ error: 'that is before the session log starts' });
  });

  it('gives the same cluster as a fresh replay of its log after any rewind', () => {
    const { timeline, cluster, run } = session();
    run('sim node add node-1 node-2 node-3');
    run('kubectl apply -f -', agentYaml('registry.example/agent:1'));
    run('sim settle');
    run('kubectl set image ds/agent a=registry.example/agent:2');
    run('kubectl rollout status ds/agent');
    timeline.rewindTo(EPOCH_MS + 95_000);
    const fresh = createCluster();
    for (const e of timeline.entries) replayEntry(fresh, e);
    expect(snapshotJson(cluster)).toBe(snapshotJson(fresh));
  });
});

describe('advancing in pieces', () => {
  it('one sim advance 10m and ten sim advance 1m give the same cluster, across a rollout', () => {
    const play = (advances: string[]): string => {
      const c = createCluster();
      exec(c, 'sim node add node-1 node-2 node-3');
      exec(c, 'kubectl apply -f -', agentYaml('registry.example/agent:1'));
      exec(c, 'sim advance 2m');
      exec(c, 'sim image registry.example/agent:3 --behaviour crash');
      exec(c, 'kubectl set image ds/agent a=registry.example/agent:2');
      for (const a of advances) exec(c, a);
      exec(c, 'kubectl set image ds/agent a=registry.example/agent:3');
      for (const a of advances) exec(c, a);
      return snapshotJson(c, { withoutTraceCount: true });
    };
    expect(play(Array.from({ length: 10 }, () => 'sim advance 1m'))).toBe(play(['sim advance 10m']));
  });
});
