/** Builders for scheduler tests: full Node objects, Pods, and a cluster running only the scheduler. */
import { expect } from 'vitest';
import type { Container, KubeEvent, Node, Pod, PodSpec, Taint, Toleration } from '../../../../src/sim/api/types.js';
import type { Draft } from '../../../../src/sim/apiserver/apiserver.js';
import { bootstrap } from '../../../../src/sim/engine/bootstrap.js';
import { Cluster } from '../../../../src/sim/engine/cluster.js';
import { Scheduler } from '../../../../src/sim/controllers/scheduler/index.js';

export interface NodeOpts {
  readonly cpu?: string;
  readonly memory?: string;
  readonly pods?: number;
  readonly labels?: Record<string, string>;
  readonly taints?: Taint[];
  readonly unschedulable?: boolean;
  readonly extra?: Record<string, string>;
}

export function makeNode(name: string, o: NodeOpts = {}): Node {
  const resources = { cpu: o.cpu ?? '4', memory: o.memory ?? '8Gi', pods: String(o.pods ?? 110), 'ephemeral-storage': '100Gi', ...(o.extra ?? {}) };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, uid: `uid-${name}`, resourceVersion: '1', creationTimestamp: '2026-01-01T00:00:00Z', labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', ...(o.labels ?? {}) } },
    spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: {
      capacity: resources,
      allocatable: resources,
      conditions: [{ type: 'Ready', status: 'True', reason: 'KubeletReady', message: 'kubelet is posting ready status' }],
      addresses: [{ type: 'InternalIP', address: '10.0.0.1' }],
    },
  };
}

export interface PodOpts {
  readonly ns?: string;
  readonly cpu?: string;
  readonly memory?: string;
  readonly nodeName?: string;
  /** Pins like a DaemonSet pod: required matchFields metadata.name In [node]. */
  readonly pinTo?: string;
  readonly nodeSelector?: Record<string, string>;
  readonly tolerations?: Toleration[];
  readonly ports?: NonNullable<Container['ports']>;
  readonly priorityClassName?: string;
  readonly priority?: number;
  readonly preemptionPolicy?: PodSpec['preemptionPolicy'];
  readonly schedulerName?: string;
  readonly phase?: 'Pending' | 'Running' | 'Succeeded' | 'Failed';
  readonly startTime?: string;
  readonly hostNetwork?: boolean;
  readonly initContainers?: Container[];
  readonly grace?: number;
}

export function makePod(name: string, o: PodOpts = {}): Draft<Pod> & { kind: 'Pod' } {
  const requests: Record<string, string> = {};
  if (o.cpu) requests.cpu = o.cpu;
  if (o.memory) requests.memory = o.memory;
  const spec: PodSpec = {
    containers: [{ name: 'c', image: 'registry.example/app:1.0', ...(Object.keys(requests).length ? { resources: { requests } } : {}), ...(o.ports ? { ports: o.ports } : {}) }],
    ...(o.initContainers ? { initContainers: o.initContainers } : {}),
    ...(o.nodeName ? { nodeName: o.nodeName } : {}),
    ...(o.nodeSelector ? { nodeSelector: o.nodeSelector } : {}),
    ...(o.pinTo
      ? { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [o.pinTo] }] }] } } } }
      : {}),
    ...(o.tolerations ? { tolerations: o.tolerations } : {}),
    ...(o.priorityClassName ? { priorityClassName: o.priorityClassName } : {}),
    ...(o.priority !== undefined ? { priority: o.priority } : {}),
    ...(o.preemptionPolicy ? { preemptionPolicy: o.preemptionPolicy } : {}),
    ...(o.schedulerName ? { schedulerName: o.schedulerName } : {}),
    ...(o.hostNetwork ? { hostNetwork: true } : {}),
    ...(o.grace !== undefined ? { terminationGracePeriodSeconds: o.grace } : {}),
  };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name, namespace: o.ns ?? 'default' },
    spec,
    status: { phase: o.phase ?? (o.nodeName ? 'Running' : 'Pending'), ...(o.startTime ? { startTime: o.startTime } : {}) },
  };
}

/** A pod object as stored (for the pure helpers, which take objects rather than drafts). */
export function podObject(name: string, o: PodOpts = {}): Pod {
  const d = makePod(name, o);
  return { ...d, metadata: { ...d.metadata, name, namespace: o.ns ?? 'default', uid: `uid-${name}`, resourceVersion: '1', creationTimestamp: '2026-01-01T00:00:00Z' }, status: d.status ?? {} } as Pod;
}

/** The DaemonSet auto-tolerations that matter to the scheduler. */
export const DS_TOLERATIONS: Toleration[] = [
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
  { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
  { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
];

export function newCluster(): Cluster {
  const c = new Cluster({ seed: 1, intents: true, controllers: (cl) => [new Scheduler(cl.store)] });
  bootstrap(c);
  return c;
}

/**
 * Registers a node and, standing in for the node lifecycle controller, removes the
 * `node.kubernetes.io/not-ready:NoSchedule` taint it registers with (it is Ready).
 */
export function addNode(c: Cluster, name: string, o: NodeOpts = {}): Node {
  const n = makeNode(name, o);
  const r = c.api.create({ ...n, metadata: { name, labels: n.metadata.labels } });
  expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
  if (!r.ok) return n;
  const ready = { ...r.obj, spec: { ...r.obj.spec, taints: (r.obj.spec.taints ?? []).filter((t) => t.key !== 'node.kubernetes.io/not-ready') } };
  const u = c.api.update<'Node'>(ready);
  expect(u.ok, u.ok ? '' : u.error.message).toBe(true);
  return u.ok ? u.obj : r.obj;
}

/** Creates a pod; a pod created with a node name is then given its phase (Running unless told) and start time. */
export function addPod(c: Cluster, name: string, o: PodOpts = {}): Pod {
  const r = c.api.create(makePod(name, o));
  expect(r.ok, r.ok ? '' : r.error.message).toBe(true);
  if (!r.ok) return undefined as never;
  if (!o.nodeName && !o.phase) return r.obj;
  const s = c.api.updateStatus<'Pod'>({ ...r.obj, status: { ...r.obj.status, phase: o.phase ?? 'Running', ...(o.startTime ? { startTime: o.startTime } : {}) } });
  expect(s.ok).toBe(true);
  return s.ok ? s.obj : r.obj;
}

/** Marks a pod finished (what the kubelet writes when its containers exit). */
export function setPhase(c: Cluster, name: string, phase: 'Succeeded' | 'Failed', ns = 'default'): void {
  const p = getPod(c, name, ns);
  expect(c.api.updateStatus({ ...p, status: { ...p.status, phase } }).ok).toBe(true);
}

export function getPod(c: Cluster, name: string, ns = 'default'): Pod {
  const p = c.store.get('Pod', ns, name);
  expect(p, `pod ${ns}/${name}`).toBeDefined();
  return p!;
}

export function podScheduled(p: Pod) {
  return p.status.conditions?.find((x) => x.type === 'PodScheduled');
}

export function eventsFor(c: Cluster, name: string, reason?: string): KubeEvent[] {
  return c.store.list('Event').filter((e) => e.involvedObject.name === name && (!reason || e.reason === reason));
}

/** Creates a PriorityClass (priority admission is another component; tests also set spec.priority to match). */
export function addPriorityClass(c: Cluster, name: string, value: number, preemptionPolicy?: 'Never' | 'PreemptLowerPriority'): void {
  const r = c.api.create({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, ...(preemptionPolicy ? { preemptionPolicy } : {}) });
  expect(r.ok).toBe(true);
}
