import { describe, expect, it } from 'vitest';
import { addNodes, counters, createDs, dsSpec, events, getDs, livePods, newCluster, podsByNode, targetNode } from './helpers.js';
import { DAEMON_POD_TOLERATIONS } from '../../../../src/sim/controllers/daemonset/tolerations.js';

describe('TestSimpleDaemonSetLaunchesPods: one pod per node, unbound and pinned by node affinity', () => {
  it('creates exactly one pod on each of 5 nodes with generateName, owner, labels, tolerations and pin', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 5);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    const pods = livePods(cluster, 'agent');
    expect(pods).toHaveLength(5);
    expect(Object.keys(podsByNode(pods)).sort()).toEqual(['node-0', 'node-1', 'node-2', 'node-3', 'node-4']);
    const ds = getDs(cluster, 'agent');
    for (const p of pods) {
      expect(p.metadata.name).toMatch(/^agent-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
      expect(p.metadata.generateName).toBe('agent-');
      expect(p.spec.nodeName).toBeUndefined();
      expect(p.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: ds.metadata.uid, controller: true, blockOwnerDeletion: true }]);
      expect(p.metadata.labels?.['pod-template-generation']).toBe('1');
      expect(p.metadata.labels?.['controller-revision-hash']).toMatch(/^[456789bcdf]+$/);
      expect(p.spec.tolerations).toEqual(DAEMON_POD_TOLERATIONS);
      expect(p.spec.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms).toEqual([
        { matchFields: [{ key: 'metadata.name', operator: 'In', values: [targetNode(p)] }] },
      ]);
    }
    expect(events(cluster, 'agent', 'SuccessfulCreate').map((e) => e.message).sort()).toEqual(pods.map((p) => `Created pod: ${p.metadata.name}`).sort());
    expect(counters(getDs(cluster, 'agent'))).toMatchObject({ desiredNumberScheduled: 5, currentNumberScheduled: 5, numberReady: 0, numberAvailable: 0, numberUnavailable: 5, updatedNumberScheduled: 5, numberMisscheduled: 0 });
  });
});
