import { describe, expect, it } from 'vitest';
import type { DaemonSet } from '../../../../src/sim/api/types.js';
import { computeHash } from '../../../../src/sim/controllers/daemonset/hash.js';
import { getPatch } from '../../../../src/sim/controllers/daemonset/history.js';
import {
  addNodes,
  createDs,
  dsSpec,
  finishTerminating,
  getDs,
  hashOf,
  intentsSince,
  lastSeq,
  livePods,
  newCluster,
  revisions,
  updateTemplate,
} from './helpers.js';

describe('TestDaemonSetHistory / constructHistory: one ControllerRevision per template', () => {
  it('records revision 1 as <ds>-<hash> with template labels + hash, DS annotations, owner and the replace patch', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 2);
    createDs(cluster, 'agent', dsSpec(), { 'kubernetes.io/change-cause': 'kubectl apply v1' });
    cluster.settle();
    const ds = getDs(cluster, 'agent');
    const [cr, ...rest] = revisions(cluster, 'agent');
    expect(rest).toEqual([]);
    const hash = computeHash(ds.spec.template, undefined);
    expect(cr!.metadata.name).toBe(`agent-${hash}`);
    expect(cr!.revision).toBe(1);
    expect(cr!.metadata.labels).toEqual({ app: 'agent', 'controller-revision-hash': hash });
    expect(cr!.metadata.annotations).toEqual(ds.metadata.annotations);
    expect(cr!.metadata.annotations?.['kubernetes.io/change-cause']).toBe('kubectl apply v1');
    expect(cr!.metadata.ownerReferences).toEqual([{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'agent', uid: ds.metadata.uid, controller: true, blockOwnerDeletion: true }]);
    expect(cr!.data).toEqual({ spec: { template: { ...ds.spec.template, $patch: 'replace' } } });
    expect(livePods(cluster, 'agent').map(hashOf)).toEqual([hash, hash]);
  });

  it('a template change adds revision 2 with a new hash; the old revision stays', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec({ updateStrategy: { type: 'OnDelete' } }));
    cluster.settle();
    const h1 = revisions(cluster, 'agent')[0]!.metadata.labels!['controller-revision-hash'];
    updateTemplate(cluster, 'agent', 'agent:2.0');
    cluster.settle();
    const crs = revisions(cluster, 'agent');
    expect(crs.map((c) => c.revision)).toEqual([1, 2]);
    expect(crs[1]!.metadata.labels!['controller-revision-hash']).not.toBe(h1);
    expect(crs[1]!.metadata.annotations?.['deprecated.daemonset.template.generation']).toBe('2');
  });
});

describe('TestDaemonSetRollback: going back to an earlier template renumbers its revision', () => {
  it('{1:A, 2:B} + template A again -> {2:B, 3:A}, no new revision, change-cause of A kept', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec({ updateStrategy: { type: 'OnDelete' } }), { 'kubernetes.io/change-cause': 'A' });
    cluster.settle();
    const a = revisions(cluster, 'agent')[0]!.metadata.name;
    updateTemplate(cluster, 'agent', 'agent:2.0');
    cluster.settle();
    const b = revisions(cluster, 'agent')[1]!.metadata.name;
    const seq = lastSeq(cluster);
    updateTemplate(cluster, 'agent', 'agent:1.0');
    cluster.settle();
    const crs = revisions(cluster, 'agent');
    expect(crs.map((c) => [c.revision, c.metadata.name])).toEqual([
      [2, b],
      [3, a],
    ]);
    expect(crs[1]!.metadata.annotations?.['kubernetes.io/change-cause']).toBe('A');
    const renumber = intentsSince(cluster, seq).find((i) => i.kind === 'ControllerRevision' && i.verb === 'update')!;
    expect(renumber.reason).toBe(`daemonset agent is back at the template of revision 1 (${a}); it becomes revision 3`);
  });
});

describe('dedupCurHistories: two revisions of the current template', () => {
  it('keeps the highest revision, relabels every pod to its hash and deletes the other', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 2);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    const ds = getDs(cluster, 'agent');
    const orig = revisions(cluster, 'agent')[0]!;
    const r = cluster.api.create<'ControllerRevision'>({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: { name: 'agent-dupdup', namespace: 'default', labels: { app: 'agent', 'controller-revision-hash': 'dupdup' } },
      data: getPatch(ds.spec.template),
      revision: 5,
    });
    expect(r.ok).toBe(true);
    cluster.settle();
    expect(revisions(cluster, 'agent').map((c) => c.metadata.name)).toEqual(['agent-dupdup']);
    expect(cluster.store.get('ControllerRevision', 'default', orig.metadata.name)).toBeUndefined();
    expect(livePods(cluster, 'agent').map(hashOf)).toEqual(['dupdup', 'dupdup']);
    expect(getDs(cluster, 'agent').status.updatedNumberScheduled).toBe(2);
  });

  it('an adopted revision without the hash label gets its name as the hash', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec());
    cluster.settle();
    cluster.api.create<'ControllerRevision'>({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: { name: 'agent-legacy', namespace: 'default', labels: { app: 'agent' } },
      data: { spec: { template: { $patch: 'replace', spec: { containers: [] } } } },
      revision: 0,
    });
    cluster.settle();
    const legacy = cluster.store.get('ControllerRevision', 'default', 'agent-legacy')!;
    expect(legacy.metadata.labels).toEqual({ app: 'agent', 'controller-revision-hash': 'agent-legacy' });
    expect(legacy.metadata.ownerReferences?.[0]?.name).toBe('agent');
  });
});

describe('hash collision: a name taken by another template bumps status.collisionCount', () => {
  it('the next sync hashes with collisionCount 1 and records the revision under the new name', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec({ updateStrategy: { type: 'OnDelete' } }));
    cluster.settle();
    const ds = getDs(cluster, 'agent');
    const next = { ...ds.spec.template, spec: { ...ds.spec.template.spec, containers: [{ ...ds.spec.template.spec.containers[0]!, image: 'agent:2.0' }] } };
    const dry = cluster.api.update<'DaemonSet'>({ ...ds, spec: { ...ds.spec, template: next } }, { dryRun: true });
    expect(dry.ok).toBe(true);
    const stored = (dry as { obj: DaemonSet }).obj.spec.template;
    const taken = `agent-${computeHash(stored, undefined)}`;
    cluster.api.create<'ControllerRevision'>({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: { name: taken, namespace: 'default', labels: { owner: 'someone-else' } },
      data: { spec: { template: { $patch: 'replace', spec: { containers: [{ name: 'x', image: 'x' }] } } } },
      revision: 1,
    });
    updateTemplate(cluster, 'agent', 'agent:2.0');
    cluster.settle();
    expect(getDs(cluster, 'agent').status.collisionCount).toBe(1);
    const recorded = revisions(cluster, 'agent').filter((c) => c.metadata.ownerReferences?.[0]?.name === 'agent');
    expect(recorded.map((c) => c.revision)).toEqual([1, 2]);
    expect(recorded[1]!.metadata.name).toBe(`agent-${computeHash(stored, 1)}`);
    expect(recorded[1]!.metadata.name).not.toBe(taken);
    expect(cluster.store.get('ControllerRevision', 'default', taken)!.metadata.labels).toEqual({ owner: 'someone-else' });
  });
});

describe('cleanupHistory: revisionHistoryLimit old revisions, plus those still used by pods', () => {
  it('limit 1 with OnDelete: the revision a running pod uses survives; unused ones go oldest first', () => {
    const { cluster } = newCluster();
    addNodes(cluster, 1);
    createDs(cluster, 'agent', dsSpec({ updateStrategy: { type: 'OnDelete' }, revisionHistoryLimit: 1 }));
    cluster.settle();
    const a = revisions(cluster, 'agent')[0]!.metadata.name;
    updateTemplate(cluster, 'agent', 'agent:B');
    cluster.settle();
    updateTemplate(cluster, 'agent', 'agent:C');
    cluster.settle();
    const afterC = revisions(cluster, 'agent');
    expect(afterC.map((c) => c.revision)).toEqual([1, 3]);
    expect(afterC[0]!.metadata.name).toBe(a);
    const [p] = livePods(cluster, 'agent');
    cluster.api.delete('Pod', 'default', p!.metadata.name);
    finishTerminating(cluster, 'agent');
    updateTemplate(cluster, 'agent', 'agent:D');
    cluster.settle();
    expect(revisions(cluster, 'agent').map((c) => c.revision)).toEqual([3, 4]);
  });
});
