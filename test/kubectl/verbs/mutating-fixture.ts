/**
 * Shared set-up for the tests of the mutating verbs (apply, create, delete, label, annotate,
 * taint, cordon, drain, set, patch): a seeded, bootstrapped cluster with no real controllers,
 * so a test sees exactly what the verb wrote. The one stand-in is FakeKubelet (opt-in): it
 * finishes a graceful pod deletion when its grace period ends, unless the pod's node is "dead",
 * so `delete --wait` and `drain` have something to wait for.
 */
import { expect } from 'vitest';
import type { DaemonSet, Node, Pod, Taint, Volume } from '../../../src/sim/api/types.js';
import { bootstrap } from '../../../src/sim/engine/bootstrap.js';
import { Cluster } from '../../../src/sim/engine/cluster.js';
import type { Controller, ControllerContext } from '../../../src/sim/engine/controller.js';
import { parseTime } from '../../../src/sim/engine/time.js';
import { exec, type ExecResult } from '../../../src/kubectl/exec.js';

export class FakeKubelet implements Controller {
  readonly name = 'kubelet';
  /** Nodes whose kubelet is down: their pods never finish terminating. */
  readonly dead = new Set<string>();
  private readonly scheduled = new Set<string>();
  observe(): void {}
  wake(): void {}
  reconcile(ctx: ControllerContext): boolean {
    let worked = false;
    for (const pod of ctx.store.list('Pod')) {
      const ts = pod.metadata.deletionTimestamp;
      if (!ts || this.dead.has(pod.spec.nodeName ?? '')) continue;
      const at = parseTime(ts);
      if (at <= ctx.now) {
        ctx.client.finishPodDeletion(pod, 'containers stopped');
        worked = true;
      } else {
        const key = `${pod.metadata.namespace}/${pod.metadata.name}@${ts}`;
        if (!this.scheduled.has(key)) {
          this.scheduled.add(key);
          ctx.after(at - ctx.now, key);
        }
      }
    }
    return worked;
  }
  snapshot(): unknown {
    return {};
  }
  restore(): void {}
}

export interface Fixture {
  readonly cluster: Cluster;
  readonly kubelet: FakeKubelet;
  run(line: string, stdin?: string): ExecResult;
}

export function fixture(opts: { kubelet?: boolean } = {}): Fixture {
  const kubelet = new FakeKubelet();
  const cluster = new Cluster({ seed: 1, ...(opts.kubelet ? { controllers: () => [kubelet] } : {}) });
  bootstrap(cluster);
  return { cluster, kubelet, run: (line, stdin) => exec(cluster, line, stdin) };
}

/** Every stored object, as comparable JSON (for "bad input changes nothing"). */
export function contents(cluster: Cluster): string {
  const data = cluster.store.snapshot();
  return JSON.stringify([...data.objects].map(([kind, m]) => [kind, [...m.entries()].sort()]));
}

/** Runs `fn` and asserts the store is exactly as before. */
export function expectUnchanged(cluster: Cluster, fn: () => void): void {
  const before = contents(cluster);
  fn();
  expect(contents(cluster)).toBe(before);
}

export function addNode(cluster: Cluster, name: string, spec: { taints?: Taint[]; unschedulable?: boolean; labels?: Record<string, string> } = {}): Node {
  const r = cluster.api.create({
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...(spec.labels ?? {}) } },
    spec: { ...(spec.taints ? { taints: spec.taints } : {}), ...(spec.unschedulable ? { unschedulable: true } : {}) },
    status: { capacity: { cpu: '4', memory: '8Gi', pods: 110 } },
  });
  if (!r.ok) throw new Error(r.error.message);
  // Replace the admission's not-ready taint by exactly the taints asked for.
  const node = { ...r.obj, spec: { ...r.obj.spec, ...(spec.taints ? { taints: spec.taints } : {}) } };
  if (!spec.taints) delete (node.spec as { taints?: Taint[] }).taints;
  const u = cluster.api.update<'Node'>(node as Node);
  if (!u.ok) throw new Error(u.error.message);
  cluster.settle('test');
  return u.obj;
}

export interface PodSpecInput {
  readonly name: string;
  readonly node?: string;
  readonly namespace?: string;
  readonly labels?: Record<string, string>;
  readonly owner?: DaemonSet;
  readonly volumes?: Volume[];
  readonly grace?: number;
  readonly annotations?: Record<string, string>;
}

export function addPod(cluster: Cluster, p: PodSpecInput): Pod {
  const r = cluster.api.create({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: p.name,
      namespace: p.namespace ?? 'default',
      ...(p.labels ? { labels: p.labels } : {}),
      ...(p.annotations ? { annotations: p.annotations } : {}),
      ...(p.owner
        ? { ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: p.owner.metadata.name, uid: p.owner.metadata.uid, controller: true, blockOwnerDeletion: true }] }
        : {}),
    },
    spec: {
      ...(p.node ? { nodeName: p.node } : {}),
      containers: [{ name: 'main', image: 'registry.example/app:1.0' }],
      ...(p.volumes ? { volumes: p.volumes } : {}),
      ...(p.grace !== undefined ? { terminationGracePeriodSeconds: p.grace } : {}),
    },
  });
  if (!r.ok) throw new Error(r.error.message);
  cluster.settle('test');
  return r.obj;
}

export const DS_YAML = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: log-agent
spec:
  selector:
    matchLabels:
      app: log-agent
  template:
    metadata:
      labels:
        app: log-agent
    spec:
      containers:
      - name: agent
        image: registry.example/log-agent:1.0
`;

/** Creates the log-agent DaemonSet directly through the API server. */
export function addDaemonSet(cluster: Cluster, name = 'log-agent', namespace = 'default'): DaemonSet {
  const r = cluster.api.create({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name, namespace },
    spec: {
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'agent', image: 'registry.example/log-agent:1.0' }] } },
    },
  });
  if (!r.ok) throw new Error(r.error.message);
  cluster.settle('test');
  return r.obj;
}

/** A DaemonSet manifest as a file holds it (labels on the object too), for the verbs that read `-f agent.yaml`. */
export const AGENT_YAML = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  labels:
    app: agent
spec:
  selector:
    matchLabels:
      app: agent
  template:
    metadata:
      labels:
        app: agent
    spec:
      containers:
      - name: agent
        image: fluent/fluent-bit:3.0
`;

/** Files the `--local` tests of patch and set image read. A kind the playground does not serve: --local needs no REST mapping. */
export const WIDGET = 'apiVersion: example.com/v1\nkind: Widget\nmetadata:\n  name: w1\nspec:\n  size: 3\n';

/** A Pod in namespace tools with an init container and a field no Go type has (`bogus`). */
export const POD = `apiVersion: v1
kind: Pod
metadata:
  name: tool
  namespace: tools
spec:
  initContainers:
  - name: init
    image: busybox
  containers:
  - name: main
    image: registry.example/app:1.0
    bogus: 1
`;

/** A DaemonSet whose labels are a list and whose minReadySeconds is a string: Go cannot decode it. */
export const BAD_LABELS = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\n  labels: [1]\nspec:\n  minReadySeconds: "5"\n';
