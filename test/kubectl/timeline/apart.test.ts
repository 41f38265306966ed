/** What a checkpoint holds apart from the one before it: objects (and bytes) that are not the same in both. */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { bytesApart, objectsApart } from '../../../src/kubectl/timeline/apart.js';
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

describe('objectsApart', () => {
  it('counts nothing between two snapshots of an unchanged cluster, Events aside', () => {
    const { cluster } = fleet();
    const a = cluster.snapshot().store;
    cluster.recordEvent(cluster.store.get('Node', '', 'node-1')!, 'Normal', 'Test', 'an Event only', 'test');
    expect(objectsApart(cluster.snapshot().store, a)).toBe(0);
  });

  it('counts the objects written in between once each, however often they were written', () => {
    const { cluster, run } = fleet();
    const a = cluster.snapshot().store;
    const writes = cluster.store.resourceVersion;
    run('kubectl label node node-1 tier=a');
    run('kubectl label node node-1 tier=b --overwrite');
    run('kubectl label node node-2 tier=a');
    const b = cluster.snapshot().store;
    expect(cluster.store.resourceVersion - writes).toBeGreaterThan(2);
    expect(objectsApart(b, a)).toBe(2);
    // The other way round: what the older one holds that the newer does not.
    expect(objectsApart(a, b)).toBe(2);
  });

  it('counts every object of a new generation of pods, and none of the nodes a rollout left alone', () => {
    const { cluster, run } = fleet();
    const a = cluster.snapshot().store;
    run('kubectl set image daemonset/agent a=registry.example/agent:2');
    run('sim advance 5m');
    const pods = cluster.store.count('Pod');
    expect(pods).toBe(3);
    // The pods, the DaemonSet (spec and status) and its new ControllerRevision.
    expect(objectsApart(cluster.snapshot().store, a)).toBe(pods + 2);
  });
});

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
