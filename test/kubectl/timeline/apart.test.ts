/** What a checkpoint holds apart from the one before it: objects that are not the same object in both. */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { objectsApart } from '../../../src/kubectl/timeline/apart.js';
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
