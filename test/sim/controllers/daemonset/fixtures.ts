/**
 * Plain objects for the pure decision functions (no cluster): nodes, DaemonSets and pods with
 * exactly the fields the controller reads.
 */
import type { DaemonSet, DaemonSetSpec, Node, Pod, Taint } from '../../../../src/sim/api/types.js';
import { rfc3339 } from '../../../../src/sim/engine/time.js';
import { EPOCH_MS } from '../../../../src/sim/engine/time.js';
import { replaceDaemonSetPodNodeNameNodeAffinity } from '../../../../src/sim/controllers/daemonset/node-affinity-pin.js';
import { dsSpec, nodeObject } from './helpers.js';

export const T0 = EPOCH_MS;

export function node(name: string, opts: { labels?: Record<string, string>; taints?: Taint[] } = {}): Node {
  return nodeObject(name, opts);
}

export function daemonSet(over: Partial<DaemonSetSpec> = {}, opts: { generation?: number; templateGeneration?: number; observedGeneration?: number } = {}): DaemonSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name: 'ds',
      namespace: 'default',
      uid: 'ds-uid',
      resourceVersion: '1',
      creationTimestamp: rfc3339(T0),
      generation: opts.generation ?? 1,
      annotations: { 'deprecated.daemonset.template.generation': String(opts.templateGeneration ?? 1) },
    },
    spec: dsSpec(over),
    status: { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0, observedGeneration: opts.observedGeneration ?? 1 },
  };
}

export interface PodOpts {
  hash?: string;
  generation?: number;
  /** Ready since this instant (ms); undefined = not ready. */
  readySince?: number;
  phase?: 'Pending' | 'Running' | 'Failed' | 'Succeeded';
  deleting?: boolean;
  /** Bound to its node (default true). */
  bound?: boolean;
  /** creationTimestamp (ms), default T0. */
  created?: number;
}

export function pod(name: string, nodeName: string, o: PodOpts = {}): Pod {
  const labels: Record<string, string> = { app: 'agent' };
  if (o.hash !== undefined) labels['controller-revision-hash'] = o.hash;
  if (o.generation !== undefined) labels['pod-template-generation'] = String(o.generation);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'default',
      uid: `uid-${name}`,
      resourceVersion: '1',
      creationTimestamp: rfc3339(o.created ?? T0),
      labels,
      ownerReferences: [{ apiVersion: 'apps/v1', kind: 'DaemonSet', name: 'ds', uid: 'ds-uid', controller: true }],
      ...(o.deleting ? { deletionTimestamp: rfc3339((o.created ?? T0) + 30_000) } : {}),
    },
    spec: {
      containers: [{ name: 'agent', image: 'agent:1.0' }],
      affinity: replaceDaemonSetPodNodeNameNodeAffinity(undefined, nodeName),
      ...(o.bound === false ? {} : { nodeName }),
    },
    status: {
      phase: o.phase ?? (o.readySince !== undefined ? 'Running' : 'Pending'),
      conditions: o.readySince !== undefined ? [{ type: 'Ready', status: 'True', lastTransitionTime: rfc3339(o.readySince) }] : [{ type: 'Ready', status: 'False' }],
    },
  };
}

/** Groups pods by their node. */
export function byNode(pods: readonly Pod[]): Map<string, Pod[]> {
  const m = new Map<string, Pod[]>();
  for (const p of pods) {
    const n = p.spec.nodeName ?? p.spec.affinity!.nodeAffinity!.requiredDuringSchedulingIgnoredDuringExecution!.nodeSelectorTerms[0]!.matchFields![0]!.values![0]!;
    const l = m.get(n) ?? [];
    l.push(p);
    m.set(n, l);
  }
  return m;
}
