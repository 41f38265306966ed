/**
 * A cluster with the node-level control loops only (kubelet, node lifecycle, taint eviction,
 * pod GC) and helpers to add machines and pre-bound pods, so these tests need no scheduler.
 */
import type { Container, KubeEvent, Pod, PodSpec, Taint, Toleration } from '../../../../src/sim/api/types.js';
import { bootstrap } from '../../../../src/sim/engine/bootstrap.js';
import { Cluster } from '../../../../src/sim/engine/cluster.js';
import type { SimDefaults } from '../../../../src/sim/engine/defaults.js';
import { EPOCH_MS } from '../../../../src/sim/engine/time.js';
import { DEFAULT_HOST_PATHS, parsePathSpec } from '../../../../src/sim/controllers/kubelet/hostpaths.js';
import type { Kubelet, KubeletOptions } from '../../../../src/sim/controllers/kubelet/kubelet.js';
import { nodeControllers } from '../../../../src/sim/controllers/kubelet/nodecontrollers.js';
import { registrationNode } from '../../../../src/sim/controllers/kubelet/registration.js';
import type { PodTransition } from '../../../../src/sim/controllers/kubelet/worker.js';
import type { NodeLifecycleController } from '../../../../src/sim/controllers/nodelifecycle/nodelifecycle.js';

export const T0 = EPOCH_MS;

export interface Fixture {
  readonly c: Cluster;
  readonly kubelet: Kubelet;
  readonly transitions: PodTransition[];
}

export function newCluster(defaults: Partial<SimDefaults> = {}, kubelet: Omit<KubeletOptions, 'onTransition'> = {}): Fixture {
  const transitions: PodTransition[] = [];
  const c = new Cluster({ seed: 1, defaults, intents: true, controllers: () => nodeControllers({ ...kubelet, onTransition: (t) => transitions.push(t) }) });
  bootstrap(c);
  return { c, kubelet: c.controller<Kubelet>('kubelet')!, transitions };
}

export function nodeController(c: Cluster): NodeLifecycleController {
  return c.controller<NodeLifecycleController>('node-controller')!;
}

export interface NodeOptions {
  readonly paths?: readonly string[];
  readonly labels?: Record<string, string>;
  readonly taints?: readonly Taint[];
}

/** What `sim node add` does: register the machine, create its Node, settle. */
export function addNode(f: Fixture, name: string, opts: NodeOptions = {}): void {
  const paths = (opts.paths ?? DEFAULT_HOST_PATHS).map((p) => {
    const r = parsePathSpec(p);
    if ('error' in r) throw new Error(r.error);
    return r;
  });
  const m = f.kubelet.registerMachine(name, { paths, now: f.c.now, bootSeconds: f.c.defaults.nodeBootSeconds });
  const r = f.c.api.create(registrationNode(name, m.index, { labels: opts.labels ?? {}, taints: opts.taints ?? [], cpu: '4', memory: '8Gi', pods: '110' }, f.c.now));
  if (!r.ok) throw new Error(r.error.message);
  f.c.settle();
}

/** Adds the nodes and lets them boot (nodeBootSeconds). */
export function bootNodes(f: Fixture, ...names: string[]): void {
  for (const n of names) addNode(f, n);
  advance(f, f.c.defaults.nodeBootSeconds * 1000);
}

export function advance(f: Fixture, ms: number): void {
  f.c.advanceTo(f.c.now + ms);
}

/** Moves to T0 + `seconds`. */
export function at(f: Fixture, seconds: number): void {
  f.c.advanceTo(T0 + seconds * 1000);
}

export interface PodOptions {
  readonly node?: string;
  readonly image?: string;
  readonly containers?: readonly Container[];
  readonly initContainers?: readonly Container[];
  readonly readinessProbe?: Container['readinessProbe'];
  readonly tolerations?: readonly Toleration[];
  readonly volumes?: PodSpec['volumes'];
  readonly restartPolicy?: PodSpec['restartPolicy'];
  readonly grace?: number;
  readonly hostNetwork?: boolean;
  readonly namespace?: string;
}

/** Creates a pod already bound to `node` (no scheduler involved) and settles. */
export function createPod(f: Fixture, name: string, o: PodOptions = {}): Pod {
  const containers = o.containers ?? [{ name: 'app', image: o.image ?? 'registry.example/app:1.0', ...(o.readinessProbe ? { readinessProbe: o.readinessProbe } : {}) }];
  const spec: PodSpec = {
    ...(o.node !== undefined ? { nodeName: o.node } : { nodeName: 'node-1' }),
    containers,
    ...(o.initContainers ? { initContainers: o.initContainers } : {}),
    ...(o.tolerations ? { tolerations: o.tolerations } : {}),
    ...(o.volumes ? { volumes: o.volumes } : {}),
    ...(o.restartPolicy ? { restartPolicy: o.restartPolicy } : {}),
    ...(o.grace !== undefined ? { terminationGracePeriodSeconds: o.grace } : {}),
    ...(o.hostNetwork ? { hostNetwork: true } : {}),
  };
  const r = f.c.api.create({ apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: o.namespace ?? 'default' }, spec });
  if (!r.ok) throw new Error(r.error.message);
  f.c.settle();
  return r.obj as Pod;
}

export function pod(f: Fixture, name: string, ns = 'default'): Pod | undefined {
  return f.c.api.get('Pod', ns, name);
}

export function container(f: Fixture, name: string, i = 0) {
  return pod(f, name)?.status.containerStatuses?.[i];
}

export function initContainer(f: Fixture, name: string, i = 0) {
  return (pod(f, name)?.status as { initContainerStatuses?: Pod['status']['containerStatuses'] } | undefined)?.initContainerStatuses?.[i];
}

export function condition(f: Fixture, name: string, type: string) {
  return pod(f, name)?.status.conditions?.find((c) => c.type === type);
}

/** Events about one object, oldest first, as `reason: message`. */
export function eventsOf(f: Fixture, name: string): string[] {
  return f.c.store
    .list('Event')
    .filter((e) => e.involvedObject.name === name)
    .sort((a, b) => firstSecond(a) - firstSecond(b))
    .map((e) => `${e.reason}: ${e.message}`);
}

/** When an event was first seen, in whole seconds (events.k8s.io/v1 events have only eventTime). */
function firstSecond(e: KubeEvent): number {
  return Math.floor(Date.parse(e.firstTimestamp ?? e.eventTime ?? '') / 1000);
}

export function eventObjects(f: Fixture, name: string, reason?: string): KubeEvent[] {
  return f.c.store.list('Event').filter((e) => e.involvedObject.name === name && (reason === undefined || e.reason === reason));
}

/** Seconds since T0 of an RFC3339 time. */
export function sec(time: string | null | undefined): number {
  if (time === undefined || time === null) throw new Error('no time');
  return (Date.parse(time) - T0) / 1000;
}

export function taintsOf(f: Fixture, node: string): string[] {
  return (f.c.api.get('Node', '', node)?.spec.taints ?? []).map((t) => `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`);
}

export function nodeCondition(f: Fixture, node: string, type: string) {
  return f.c.api.get('Node', '', node)?.status.conditions?.find((c) => c.type === type);
}
