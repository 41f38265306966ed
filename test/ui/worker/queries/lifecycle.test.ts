/** The `lifecycle` query reads the state the kubelet and the node controller record. */
import { describe, expect, it } from 'vitest';
import { lifecycleQuery } from '../../../../src/ui/worker/queries/lifecycle.js';
import { POD_TABLE } from '../../../../src/sim/controllers/kubelet/worker.js';

const state = (r: ReturnType<typeof lifecycleQuery>) => ('error' in r ? r : { machine: r.machine, state: r.state });
import { DAEMONSET, Stream } from '../../../view/stream.js';

describe('lifecycle query', () => {
  it('follows a node from registration to Ready and a pod from scheduling to Running.Ready', () => {
    const s = new Stream().run('sim node add node-1');
    expect(state(lifecycleQuery(s, { kind: 'Node', name: 'node-1' }))).toEqual({ machine: 'node', state: 'Booting' });
    s.run(`sim settle\n${DAEMONSET()}`);
    expect(state(lifecycleQuery(s, { kind: 'Node', name: 'node-1' }))).toEqual({ machine: 'node', state: 'Ready' });
    const pod = s.cluster.store.list('Pod')[0]!;
    const args = { kind: 'Pod', namespace: 'default', name: pod.metadata.name };
    expect(lifecycleQuery(s, args)).toMatchObject({ machine: 'pod', table: POD_TABLE });
    expect((lifecycleQuery(s, args) as { state: string }).state).toMatch(/^Pending\./);
    s.run('sim settle');
    expect(state(lifecycleQuery(s, args))).toEqual({ machine: 'pod', state: 'Running.Ready' });
    s.run('sim node remove node-1\nsim settle');
    expect(state(lifecycleQuery(s, { kind: 'Node', name: 'node-1' }))).toEqual({ machine: 'node', state: 'Removed' });
  });

  it('rejects arguments it cannot read', () => {
    expect(lifecycleQuery(new Stream(), { kind: 'Service', name: 'x' })).toHaveProperty('error');
  });
});
