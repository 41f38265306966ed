/**
 * Test harness for the DaemonSet controller: a cluster with only this controller, nodes put
 * straight into the store, and the test playing scheduler and kubelet (bind, Ready, finish
 * deletion) so each test pins down exactly the controller's decisions.
 */
import type { DaemonSet, DaemonSetSpec, KubeEvent, Node, Pod, Taint, ControllerRevision } from '../../../../src/sim/api/types.js';
import { Cluster } from '../../../../src/sim/engine/cluster.js';
import { bootstrap } from '../../../../src/sim/engine/bootstrap.js';
import { rfc3339 } from '../../../../src/sim/engine/time.js';
import { DaemonSetsController } from '../../../../src/sim/controllers/daemonset/controller.js';
import { getTargetNodeName } from '../../../../src/sim/controllers/daemonset/node-affinity-pin.js';
import { HASH_LABEL } from '../../../../src/sim/controllers/daemonset/constants.js';

export const NS = 'default';
export const LABELS = { app: 'agent' } as const;

export function newCluster(): { cluster: Cluster; dsc: DaemonSetsController } {
  let dsc!: DaemonSetsController;
  const cluster = new Cluster({
    seed: 1,
    intents: true,
    controllers: (c) => [(dsc = new DaemonSetsController(c.store))],
  });
  bootstrap(cluster);
  return { cluster, dsc };
}

export function nodeObject(name: string, opts: { labels?: Record<string, string>; taints?: Taint[] } = {}): Node {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, uid: `uid-${name}`, resourceVersion: '0', creationTimestamp: rfc3339(0), labels: { 'kubernetes.io/hostname': name, ...(opts.labels ?? {}) } },
    spec: { ...(opts.taints ? { taints: opts.taints } : {}) },
    status: { conditions: [{ type: 'Ready', status: 'True' }], allocatable: { cpu: '4', memory: '8Gi', pods: 110 } },
  };
}

/**
 * Registers a node and plays the node lifecycle controller: the API server's
 * `node.kubernetes.io/not-ready:NoSchedule` registration taint is replaced by `opts.taints`
 * (a Ready node), unless `registering` keeps the node as it registered.
 */
export function addNode(cluster: Cluster, name: string, opts: { labels?: Record<string, string>; taints?: Taint[]; registering?: boolean } = {}): Node {
  const r = cluster.api.create(nodeObject(name, opts));
  if (!r.ok) throw new Error(r.error.message);
  if (opts.registering) return r.obj;
  return setTaints(cluster, name, opts.taints ?? []);
}

export function setTaints(cluster: Cluster, name: string, taints: Taint[]): Node {
  const node = cluster.store.get('Node', '', name)!;
  const r = cluster.api.update<'Node'>({ ...node, spec: { ...node.spec, taints } });
  if (!r.ok) throw new Error(r.error.message);
  return r.obj;
}

export function setLabels(cluster: Cluster, name: string, labels: Record<string, string>): Node {
  const node = cluster.store.get('Node', '', name)!;
  const r = cluster.api.update<'Node'>({ ...node, metadata: { ...node.metadata, labels } });
  if (!r.ok) throw new Error(r.error.message);
  return r.obj;
}

export function addNodes(cluster: Cluster, n: number, opts: { labels?: Record<string, string>; taints?: Taint[] } = {}, prefix = 'node-'): void {
  for (let i = 0; i < n; i++) addNode(cluster, `${prefix}${i}`, opts);
}

/** A full apps/v1 spec (strategy written out: no dependence on API defaulting). */
export function dsSpec(over: Partial<DaemonSetSpec> = {}, image = 'agent:1.0'): DaemonSetSpec {
  return {
    selector: { matchLabels: { ...LABELS } },
    template: {
      metadata: { labels: { ...LABELS } },
      spec: { containers: [{ name: 'agent', image, imagePullPolicy: 'IfNotPresent' }], restartPolicy: 'Always', terminationGracePeriodSeconds: 30 },
    },
    updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
    revisionHistoryLimit: 10,
    minReadySeconds: 0,
    ...over,
  };
}

export function createDs(cluster: Cluster, name: string, spec: DaemonSetSpec, annotations: Record<string, string> = {}): DaemonSet {
  const r = cluster.api.create<'DaemonSet'>({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace: NS, annotations: { 'deprecated.daemonset.template.generation': '1', ...annotations } },
    spec,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.obj;
}

export function getDs(cluster: Cluster, name: string): DaemonSet {
  const ds = cluster.store.get('DaemonSet', NS, name);
  if (!ds) throw new Error(`no daemonset ${name}`);
  return ds;
}

/**
 * The seven status counters as a typed Go client reads them: the stored status omits the
 * omitempty ones when zero (as the API server serves apps/v1), which read back as 0.
 */
export function counters(ds: DaemonSet): Record<string, number> {
  const s = ds.status;
  return {
    desiredNumberScheduled: s.desiredNumberScheduled,
    currentNumberScheduled: s.currentNumberScheduled,
    numberMisscheduled: s.numberMisscheduled,
    numberReady: s.numberReady,
    updatedNumberScheduled: s.updatedNumberScheduled ?? 0,
    numberAvailable: s.numberAvailable ?? 0,
    numberUnavailable: s.numberUnavailable ?? 0,
  };
}

/** Replaces the template (as `kubectl apply` would), bumping the template generation annotation. */
export function updateTemplate(cluster: Cluster, name: string, image: string, over: Partial<DaemonSetSpec> = {}): DaemonSet {
  const ds = getDs(cluster, name);
  const gen = Number(ds.metadata.annotations?.['deprecated.daemonset.template.generation'] ?? '1');
  const template = { ...ds.spec.template, spec: { ...ds.spec.template.spec, containers: [{ ...ds.spec.template.spec.containers[0]!, image }] } };
  const r = cluster.api.update<'DaemonSet'>({
    ...ds,
    metadata: { ...ds.metadata, annotations: { ...ds.metadata.annotations, 'deprecated.daemonset.template.generation': String(gen + 1) } },
    spec: { ...ds.spec, template, ...over },
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.obj;
}

export function updateSpec(cluster: Cluster, name: string, over: Partial<DaemonSetSpec>): DaemonSet {
  const ds = getDs(cluster, name);
  const r = cluster.api.update<'DaemonSet'>({ ...ds, spec: { ...ds.spec, ...over } });
  if (!r.ok) throw new Error(r.error.message);
  return r.obj;
}

/** The DaemonSet's pods (by controller uid), name order. */
export function podsOf(cluster: Cluster, name: string): Pod[] {
  const ds = getDs(cluster, name);
  return cluster.store.list('Pod', NS).filter((p) => p.metadata.ownerReferences?.some((r) => r.controller && r.uid === ds.metadata.uid));
}

export function livePods(cluster: Cluster, name: string): Pod[] {
  return podsOf(cluster, name).filter((p) => !p.metadata.deletionTimestamp);
}

export function targetNode(pod: Pod): string {
  const n = getTargetNodeName(pod);
  if (typeof n !== 'string') throw new Error(n.error);
  return n;
}

export function podsByNode(pods: readonly Pod[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const p of pods) (out[targetNode(p)] ??= []).push(p.metadata.name);
  return out;
}

/** Plays scheduler + kubelet: binds to its target node, phase Running, Ready since `at`. */
export function markReady(cluster: Cluster, pod: Pod, at = cluster.now): Pod {
  let p = cluster.store.get('Pod', NS, pod.metadata.name)!;
  if (!p.spec.nodeName) {
    const b = cluster.api.bind(p, targetNode(p));
    if (!b.ok) throw new Error(b.error.message);
    p = b.obj;
  }
  const r = cluster.api.updateStatus<'Pod'>({ ...p, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(at) }] } });
  if (!r.ok) throw new Error(r.error.message);
  return r.obj;
}

export function markAllReady(cluster: Cluster, name: string, at = cluster.now): void {
  for (const p of livePods(cluster, name)) if (!isReady(p)) markReady(cluster, p, at);
  cluster.settle();
}

export function setPhase(cluster: Cluster, pod: Pod, phase: 'Failed' | 'Succeeded' | 'Running' | 'Pending'): Pod {
  let p = cluster.store.get('Pod', NS, pod.metadata.name)!;
  if (!p.spec.nodeName) p = (cluster.api.bind(p, targetNode(p)) as { ok: true; obj: Pod }).obj;
  const r = cluster.api.updateStatus<'Pod'>({ ...p, status: { ...p.status, phase, conditions: [{ type: 'Ready', status: 'False' }] } });
  if (!r.ok) throw new Error(r.error.message);
  return r.obj;
}

export function isReady(p: Pod): boolean {
  return p.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') ?? false;
}

/** Plays the kubelet finishing every terminating pod of the DaemonSet. */
export function finishTerminating(cluster: Cluster, name: string): number {
  const terminating = podsOf(cluster, name).filter((p) => p.metadata.deletionTimestamp);
  for (const p of terminating) cluster.api.finishPodDeletion(p);
  cluster.settle();
  return terminating.length;
}

export function events(cluster: Cluster, dsName: string, reason?: string): KubeEvent[] {
  return cluster.store.list('Event', NS).filter((e) => e.involvedObject.kind === 'DaemonSet' && e.involvedObject.name === dsName && (reason === undefined || e.reason === reason));
}

export function revisions(cluster: Cluster, dsName: string): ControllerRevision[] {
  return cluster.store.list('ControllerRevision', NS).filter((cr) => cr.metadata.name.startsWith(`${dsName}-`)).sort((a, b) => a.revision - b.revision);
}

export function hashOf(p: Pod): string | undefined {
  return p.metadata.labels?.[HASH_LABEL];
}

/** The intents this controller recorded since `fromSeq` (exclusive). */
export function intentsSince(cluster: Cluster, fromSeq: number) {
  return cluster.traceEntries().filter((e) => e.seq > fromSeq).flatMap((e) => e.intents).filter((i) => i.controller === 'daemonset-controller');
}

export function lastSeq(cluster: Cluster): number {
  const t = cluster.traceEntries();
  return t.length ? t[t.length - 1]!.seq : 0;
}

/** Counts creations and deletions of pods in intents. */
export function podWrites(cluster: Cluster, fromSeq: number): { creates: number; deletes: number } {
  const intents = intentsSince(cluster, fromSeq).filter((i) => i.kind === 'Pod' && !i.error);
  return { creates: intents.filter((i) => i.verb === 'create').length, deletes: intents.filter((i) => i.verb === 'delete').length };
}
