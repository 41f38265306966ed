/**
 * Hand-built API objects for printer tests: full objects put straight into the store of a
 * controller-less cluster, so the expected text depends only on the printers.
 */
import type { ContainerStatus, ControllerRevision, DaemonSet, KubeEvent, Node, Pod, PodTemplateSpec, Taint } from '../../../src/sim/api/types.js';
import { bootstrap } from '../../../src/sim/engine/bootstrap.js';
import { Cluster } from '../../../src/sim/engine/cluster.js';
import { EPOCH_MS, rfc3339 } from '../../../src/sim/engine/time.js';
import type { ApiObject } from '../../../src/sim/api/types.js';
import { exec } from '../../../src/kubectl/exec.js';

/** RFC3339 of the cluster epoch plus `seconds` (negative for the past). */
export function at(seconds: number): string {
  return rfc3339(EPOCH_MS + seconds * 1000);
}

export function newCluster(): Cluster {
  const c = new Cluster({ seed: 1 });
  bootstrap(c);
  return c;
}

/** Stores a full object with the next resourceVersion. */
export function put<T extends ApiObject>(c: Cluster, obj: T): T {
  const stored = { ...obj, metadata: { ...obj.metadata, resourceVersion: c.store.nextResourceVersion() } } as T;
  c.store.put(stored);
  return stored;
}

export function run(c: Cluster, line: string) {
  return exec(c, line);
}

export interface NodeOpts {
  readonly ready?: 'True' | 'False' | 'Unknown' | null;
  readonly labels?: Record<string, string>;
  readonly taints?: Taint[];
  readonly unschedulable?: boolean;
  readonly created?: number;
  readonly ip?: string;
}

export function node(name: string, o: NodeOpts = {}): Node {
  const ready = o.ready === undefined ? 'True' : o.ready;
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      uid: `uid-${name}`,
      resourceVersion: '1',
      creationTimestamp: at(o.created ?? -3600),
      labels: o.labels ?? { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux' },
    },
    spec: { ...(o.taints ? { taints: o.taints } : {}), ...(o.unschedulable ? { unschedulable: true } : {}) },
    status: {
      capacity: { cpu: '2', memory: '4Gi', pods: '110', 'ephemeral-storage': '20Gi' },
      allocatable: { cpu: '2', memory: '4Gi', pods: '110', 'ephemeral-storage': '20Gi' },
      conditions:
        ready === null
          ? []
          : [
              { type: 'MemoryPressure', status: 'False', lastHeartbeatTime: at(-10), lastTransitionTime: at(-3600), reason: 'KubeletHasSufficientMemory', message: 'kubelet has sufficient memory available' },
              { type: 'Ready', status: ready, lastHeartbeatTime: at(-10), lastTransitionTime: at(-3590), reason: 'KubeletReady', message: 'kubelet is posting ready status' },
            ],
      addresses: [
        { type: 'InternalIP', address: o.ip ?? '10.0.0.1' },
        { type: 'Hostname', address: name },
      ],
      nodeInfo: {
        kubeletVersion: 'v1.32.0',
        osImage: 'Debian GNU/Linux 12 (bookworm)',
        kernelVersion: '6.1.0-18-amd64',
        containerRuntimeVersion: 'containerd://1.7.13',
        operatingSystem: 'linux',
        architecture: 'amd64',
        machineID: '',
        systemUUID: '',
        bootID: '',
      },
    },
  };
}

export function template(image = 'registry.example/agent:1', extra: Partial<PodTemplateSpec['spec']> = {}): PodTemplateSpec {
  return {
    metadata: { labels: { app: 'agent' } },
    spec: {
      containers: [{ name: 'agent', image, resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '128Mi' } } }],
      ...extra,
    },
  };
}

export interface DsOpts {
  readonly status?: Partial<DaemonSet['status']>;
  readonly template?: PodTemplateSpec;
  readonly onDelete?: boolean;
  readonly generation?: number;
  readonly annotations?: Record<string, string>;
}

export function daemonSet(name: string, o: DsOpts = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-ds-${name}`,
      resourceVersion: '1',
      generation: o.generation ?? 1,
      creationTimestamp: at(-600),
      labels: { app: 'agent' },
      annotations: o.annotations ?? { 'deprecated.daemonset.template.generation': '1' },
    },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: o.template ?? template(),
      updateStrategy: o.onDelete ? { type: 'OnDelete' } : { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } },
      revisionHistoryLimit: 10,
    },
    status: {
      currentNumberScheduled: 3,
      numberMisscheduled: 0,
      desiredNumberScheduled: 3,
      numberReady: 3,
      observedGeneration: o.generation ?? 1,
      updatedNumberScheduled: 3,
      numberAvailable: 3,
      ...o.status,
    },
  };
}

export function running(name: string, started: number, restartCount = 0, ready = true): ContainerStatus {
  return {
    name,
    image: 'registry.example/agent:1',
    imageID: 'registry.example/agent@sha256:abc',
    containerID: 'containerd://0123',
    ready,
    started: true,
    restartCount,
    state: { running: { startedAt: at(started) } },
    lastState: {},
  };
}

export interface PodOpts {
  readonly node?: string;
  readonly phase?: Pod['status']['phase'];
  readonly statuses?: ContainerStatus[];
  readonly owner?: DaemonSet;
  readonly created?: number;
  readonly ip?: string;
  readonly deleting?: boolean;
  readonly reason?: string;
  readonly namespace?: string;
  readonly labels?: Record<string, string>;
}

export function pod(name: string, o: PodOpts = {}): Pod {
  const ready = (o.statuses ?? []).every((s) => s.ready) && (o.statuses ?? []).length > 0;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: o.namespace ?? 'default',
      uid: `uid-pod-${name}`,
      resourceVersion: '1',
      creationTimestamp: at(o.created ?? -300),
      labels: o.labels ?? { app: 'agent' },
      ...(o.deleting ? { deletionTimestamp: at(30), deletionGracePeriodSeconds: 30 } : {}),
      ...(o.owner
        ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: o.owner.metadata.name, uid: o.owner.metadata.uid, controller: true, blockOwnerDeletion: true }] }
        : {}),
    },
    spec: {
      ...(o.node ? { nodeName: o.node } : {}),
      containers: [{ name: 'agent', image: 'registry.example/agent:1', resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '128Mi' } } }],
      tolerations: [
        { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
        { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
      ],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      priority: 0,
      serviceAccountName: 'default',
    },
    status: {
      phase: o.phase ?? 'Running',
      ...(o.reason ? { reason: o.reason } : {}),
      ...(o.node ? { hostIP: '10.0.0.1' } : {}),
      ...(o.ip ? { podIP: o.ip } : {}),
      ...(o.node ? { startTime: at((o.created ?? -300) + 1) } : {}),
      conditions: o.node
        ? [
            { type: 'Initialized', status: 'True', lastTransitionTime: at(-299) },
            { type: 'Ready', status: ready ? 'True' : 'False', lastTransitionTime: at(-290) },
            { type: 'ContainersReady', status: ready ? 'True' : 'False', lastTransitionTime: at(-290) },
            { type: 'PodScheduled', status: 'True', lastTransitionTime: at(-300) },
          ]
        : [{ type: 'PodScheduled', status: 'False', lastTransitionTime: at(-300), reason: 'Unschedulable' }],
      ...(o.statuses ? { containerStatuses: o.statuses } : {}),
      qosClass: 'Burstable',
    },
  };
}

let eventSeq = 0;

export function event(obj: ApiObject, reason: string, message: string, o: { type?: 'Normal' | 'Warning'; first?: number; last?: number; count?: number; source?: string } = {}): KubeEvent {
  eventSeq++;
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name: `${obj.metadata.name}.${eventSeq.toString(16).padStart(8, '0')}`, namespace: obj.metadata.namespace ?? 'default', uid: `ev-${eventSeq}`, resourceVersion: '1', creationTimestamp: at(o.first ?? -60) },
    involvedObject: { kind: obj.kind, ...(obj.metadata.namespace ? { namespace: obj.metadata.namespace } : {}), name: obj.metadata.name, uid: obj.metadata.uid, apiVersion: obj.apiVersion },
    reason,
    message,
    type: o.type ?? 'Normal',
    source: { component: o.source ?? 'daemonset-controller' },
    firstTimestamp: at(o.first ?? -60),
    lastTimestamp: at(o.last ?? o.first ?? -60),
    count: o.count ?? 1,
  };
}

export function revision(ds: DaemonSet, rev: number, tpl: PodTemplateSpec, o: { hash?: string; changeCause?: string; created?: number } = {}): ControllerRevision {
  const hash = o.hash ?? `hash${rev}`;
  return {
    apiVersion: 'apps/v1',
    kind: 'ControllerRevision',
    metadata: {
      name: `${ds.metadata.name}-${hash}`,
      namespace: ds.metadata.namespace ?? 'default',
      uid: `uid-cr-${rev}`,
      resourceVersion: '1',
      creationTimestamp: at(o.created ?? -600),
      labels: { ...(tpl.metadata?.labels ?? {}), 'controller-revision-hash': hash },
      annotations: o.changeCause ? { 'kubernetes.io/change-cause': o.changeCause } : {},
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds.metadata.name, uid: ds.metadata.uid, controller: true, blockOwnerDeletion: true }],
    },
    data: { spec: { template: { ...tpl, $patch: 'replace' } } },
    revision: rev,
  };
}

/**
 * A small cluster: node-1 (control plane, tainted), node-2 (NotReady, cordoned), node-3 (no
 * Ready condition yet); DaemonSet `agent` with two revisions; pods in several states; events.
 */
export function scene(): { c: Cluster; ds: DaemonSet } {
  const c = newCluster();
  put(c, node('node-1', { labels: { 'kubernetes.io/os': 'linux', 'node-role.kubernetes.io/control-plane': '' }, taints: [{ key: 'node-role.kubernetes.io/control-plane', effect: 'NoSchedule' }] }));
  put(c, node('node-2', { ready: 'False', unschedulable: true, ip: '10.0.0.2' }));
  put(c, node('node-3', { ready: null, ip: '10.0.0.3', created: -30 }));
  const ds = put(c, daemonSet('agent', { status: { desiredNumberScheduled: 3, currentNumberScheduled: 3, numberReady: 2, updatedNumberScheduled: 2, numberAvailable: 2, numberUnavailable: 1 } }));
  put(c, pod('agent-4x7kq', { node: 'node-1', owner: ds, ip: '10.244.0.5', statuses: [running('agent', -290)] }));
  put(c, pod('agent-9fz2m', { node: 'node-2', owner: ds, ip: '10.244.1.7', statuses: [running('agent', -290, 1)] }));
  put(c, pod('agent-bbq5s', { node: 'node-3', owner: ds, phase: 'Pending', created: -20, statuses: [{ ...running('agent', 0, 0, false), state: { waiting: { reason: 'ContainerCreating' } } }] }));
  put(c, pod('web', { labels: { app: 'web' }, created: -120 }));
  put(c, pod('coredns', { namespace: 'kube-system', labels: { k8s: 'dns' }, node: 'node-1', ip: '10.244.0.2', statuses: [running('coredns', -3000)] }));
  put(c, revision(ds, 1, template('registry.example/agent:0'), { changeCause: 'kubectl apply --filename=agent.yaml', created: -600 }));
  put(c, revision(ds, 2, template(), { created: -300 }));
  return { c, ds };
}

/** A script: two nodes and the agent DaemonSet with a readiness probe, whose pods are created at 10 s and Ready at 36 s. */
export const PROBED_AGENT_SETUP = `sim node add node-1 node-2
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers:
      - name: a
        image: registry.example/agent:1
        readinessProbe: {httpGet: {port: 80}, initialDelaySeconds: 20}
YAML
`;
