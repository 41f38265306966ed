/**
 * Export for a real cluster: the nodes (with KWOK's annotation and their capacity, without the
 * controllers' taints) and the learner's workloads as YAML a control plane accepts, nothing the
 * controllers made, and the session's sim lines as comments. Applied to a fresh cluster with
 * the same nodes, the export gives the same DaemonSet pods.
 */
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { realClusterExport } from '../../../src/kubectl/export/real-cluster.js';
import { runScript } from '../../../src/kubectl/session.js';
import type { Cluster } from '../../../src/sim/engine/cluster.js';
import type { ApiObject } from '../../../src/sim/api/types.js';

const SESSION = `sim node add node-{1..3} --labels pool=general --cpu 4
sim node add gpu-1 --labels pool=gpu --taints nvidia.com/gpu=present:NoSchedule
kubectl create namespace monitoring
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent, namespace: monitoring, annotations: {team: obs}}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec: {containers: [{name: agent, image: agent:1}]}
EOF
sim settle
sim node fail node-3
sim advance 2m
kubectl cordon node-2
`;

function objects(cluster: Cluster): ApiObject[] {
  const out: ApiObject[] = [];
  for (const byNs of cluster.store.snapshot().objects.values()) for (const names of byNs.values()) for (const o of names.values()) out.push(o);
  return out;
}

function run(text: string): Cluster {
  const r = runScript(text);
  if ('error' in r) throw new Error(r.error);
  return r.cluster;
}

const podNodes = (c: Cluster) => objects(c).filter((o) => o.kind === 'Pod').map((p) => (p.spec as { nodeName?: string }).nodeName).sort();

describe('export for a real cluster', () => {
  const lines = SESSION.split('\n').filter((l) => /^(sim|kubectl) /.test(l));
  const text = realClusterExport(objects(run(SESSION)), lines);
  const docs = parseAllDocuments(text).map((d) => d.toJS() as { kind: string; metadata: Record<string, unknown>; spec?: Record<string, unknown>; status?: unknown });

  it('lists the sim lines as comments, in order, and no kubectl line', () => {
    const comments = text.split('\n---\n')[0]!;
    expect(comments).toContain('#   sim node add node-{1..3} --labels pool=general --cpu 4\n#   sim node add gpu-1');
    expect(comments).toContain('#   sim node fail node-3\n#   sim advance 2m');
    expect(comments).not.toContain('kubectl cordon');
  });

  it("exports the nodes and the learner's workloads, nothing the controllers made", () => {
    expect(docs.map((d) => `${d.kind}/${String(d.metadata.name)}`)).toEqual(['Namespace/monitoring', 'Node/node-1', 'Node/node-2', 'Node/node-3', 'Node/gpu-1', 'DaemonSet/agent']);
    const gpu = docs.find((d) => d.metadata.name === 'gpu-1')!;
    expect(gpu.metadata.annotations).toEqual({ 'kwok.x-k8s.io/node': 'fake' });
    expect(gpu.spec).toMatchObject({ taints: [{ key: 'nvidia.com/gpu', value: 'present', effect: 'NoSchedule' }] });
    expect(gpu.status).toEqual({ capacity: expect.any(Object), allocatable: expect.any(Object) });
    expect(docs.find((d) => d.metadata.name === 'node-3')!.spec?.taints).toBeUndefined();
    expect(docs.find((d) => d.metadata.name === 'node-2')!.spec).toMatchObject({ unschedulable: true });
    const ds = docs.find((d) => d.kind === 'DaemonSet')!;
    expect(ds.metadata).toEqual({ name: 'agent', namespace: 'monitoring', annotations: { team: 'obs' } });
    expect(ds.status).toBeUndefined();
    expect(text).not.toMatch(/uid:|resourceVersion:|creationTimestamp:|last-applied-configuration/);
  });

  it('is accepted by an API server, and gives the DaemonSet a pod on each untainted node', () => {
    const fresh = run('');
    const applied = exec(fresh, 'kubectl apply -f -', text);
    expect(applied.stderr).toBe('');
    exec(fresh, 'sim settle');
    expect(podNodes(fresh)).toEqual(['node-1', 'node-2', 'node-3']);
  });
});
