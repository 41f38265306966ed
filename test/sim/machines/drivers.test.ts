import { describe, expect, it } from 'vitest';
import { POD_TABLE } from '../../../src/sim/controllers/kubelet/worker.js';
import { NODE_TABLE, stageEvent } from '../../../src/sim/controllers/nodelifecycle/nodelifecycle.js';
import { allows } from '../../../src/sim/machines/table.js';
import { addNode, at, bootNodes, createPod, newCluster, nodeController } from '../controllers/kubelet/fixture.js';

describe('the kubelet drives pods only along the pod machine', () => {
  it('every stage change in a busy session is a transition of the table, and the session visits most states', () => {
    const f = newCluster();
    bootNodes(f, 'node-1', 'node-2');
    f.kubelet.setImageBehaviour('registry.example/crash:1', { behaviour: 'crash' });
    f.kubelet.setImageBehaviour('registry.example/gone:1', { behaviour: 'pull-error' });
    createPod(f, 'ok', { readinessProbe: { httpGet: { port: 80 }, initialDelaySeconds: 5 } });
    createPod(f, 'crash', { image: 'registry.example/crash:1' });
    createPod(f, 'job', { image: 'registry.example/crash:1', restartPolicy: 'Never' });
    createPod(f, 'pull', { image: 'registry.example/gone:1' });
    createPod(f, 'never', { containers: [{ name: 'c', image: 'registry.example/absent:1', imagePullPolicy: 'Never' }] });
    createPod(f, 'mount', { volumes: [{ name: 'v', hostPath: { path: '/missing', type: 'Directory' } }] });
    createPod(f, 'ghost', { node: 'node-2', tolerations: [{ operator: 'Exists' }] });
    at(f, 120);
    for (const name of ['ok', 'crash', 'pull', 'never', 'mount']) f.c.api.delete('Pod', 'default', name);
    f.kubelet.failNode('node-2', f.c.now);
    f.c.settle();
    f.c.api.delete('Pod', 'default', 'ghost');
    f.c.settle();
    f.c.api.delete('Node', '', 'node-2');
    at(f, 400);

    expect(f.transitions.length).toBeGreaterThan(30);
    for (const t of f.transitions) expect(allows(POD_TABLE, t.from, t.event, t.to), `${t.pod}: ${t.from} --${t.event}--> ${t.to}`).toBe(true);
    const visited = new Set(f.transitions.flatMap((t) => [t.from, t.to]));
    expect([...visited].sort()).toEqual(
      [
        'Deleted',
        'Failed',
        'Pending.ContainerCreating',
        'Pending.ErrImageNeverPull',
        'Pending.ErrImagePull',
        'Pending.ImagePullBackOff',
        'Pending.Pulling',
        'Pending.Scheduling',
        'Running.CrashLoopBackOff',
        'Running.Error',
        'Running.NotReady',
        'Running.Ready',
        'Terminating',
      ].sort(),
    );
    // the first transition of every pod starts from the machine's initial state
    const firsts = new Map<string, string>();
    for (const t of f.transitions) if (!firsts.has(t.pod)) firsts.set(t.pod, t.from);
    expect(new Set(firsts.values())).toEqual(new Set([POD_TABLE.initial]));
  });
});

describe('the node lifecycle controller tracks nodes along the node machine', () => {
  it('derives only events the node table allows from each stage', () => {
    for (const stage of Object.keys(NODE_TABLE.on)) {
      for (const hb of [undefined, { state: 'booting' as const }, { state: 'running' as const }, { state: 'stopped' as const, since: 0 }]) {
        for (const ready of [undefined, 'True', 'False', 'Unknown']) {
          const e = stageEvent(stage, hb, ready);
          if (e) expect(NODE_TABLE.on[stage]![e], `${stage} ${JSON.stringify(hb)} ${ready} -> ${e}`).toBeDefined();
        }
      }
    }
  });

  it('walks Registered -> Booting -> Ready -> Unresponsive -> Unknown -> Ready -> NotReady, and forgets a deleted node', () => {
    const f = newCluster();
    addNode(f, 'node-1');
    addNode(f, 'node-2');
    const nc = nodeController(f.c);
    expect(nc.nodeStage('node-1')).toBe('Booting');
    at(f, 10);
    expect(nc.nodeStage('node-1')).toBe('Ready');
    f.kubelet.failNode('node-1', f.c.now);
    f.c.settle();
    expect(nc.nodeStage('node-1')).toBe('Unresponsive');
    at(f, 60);
    expect(nc.nodeStage('node-1')).toBe('Unknown');
    f.kubelet.recoverNode('node-1', f.c.now);
    f.c.settle();
    expect(nc.nodeStage('node-1')).toBe('Ready');
    f.kubelet.setNodeCondition('node-1', 'Ready', 'False');
    f.c.settle();
    expect(nc.nodeStage('node-1')).toBe('NotReady');
    f.c.api.delete('Node', '', 'node-1');
    f.c.settle();
    expect(nc.nodeStage('node-1')).toBeUndefined();
  });
});
