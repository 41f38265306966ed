import { describe, expect, it } from 'vitest';
import { KIND_SCHEMAS, omitEmpty, withDecodedNulls } from '../../src/manifest/index.js';
import type { FieldType } from '../../src/manifest/index.js';

const ds = (podSpec: Record<string, unknown>, extra: Record<string, unknown> = {}, meta: Record<string, unknown> = {}) => ({
  apiVersion: 'apps/v1',
  kind: 'DaemonSet',
  metadata: { name: 'agent', ...meta },
  spec: {
    selector: { matchLabels: { app: 'agent' } },
    template: { metadata: { labels: { app: 'agent' } }, spec: podSpec },
    ...extra,
  },
});

/** The schema type of a field, found by a dotted path of field names (list items implied). */
function fieldAt(kind: string, path: string): FieldType {
  let type: FieldType = KIND_SCHEMAS.find((s) => s.kind === kind)!.type;
  for (const key of path.split('.')) {
    while (type.t === 'array') type = type.items;
    if (type.t !== 'struct') throw new Error(`${kind} ${path}: ${key} is below a ${type.t}`);
    const next: FieldType | undefined = type.fields[key];
    if (!next) throw new Error(`${kind} ${path}: no field ${key}`);
    type = next;
  }
  return type;
}

describe('omitEmpty: zero values of omitempty fields, as a Go round trip drops them', () => {
  it('drops false, "" and empty lists of non-pointer omitempty fields; keeps a pointer false', () => {
    const out = omitEmpty(ds({
      hostNetwork: false,
      tolerations: [{ key: 'dedicated', operator: 'Exists', value: '', effect: 'NoSchedule' }],
      containers: [{ name: 'agent', image: 'x', securityContext: { privileged: false }, volumeMounts: [] }],
    })) as any;
    expect(out.spec.template.spec).toEqual({
      tolerations: [{ key: 'dedicated', operator: 'Exists', effect: 'NoSchedule' }],
      containers: [{ name: 'agent', image: 'x', securityContext: { privileged: false } }],
    });
  });

  it('keeps the zeros of pointer fields: tolerationSeconds 0, revisionHistoryLimit 0, maxUnavailable 0', () => {
    const out = omitEmpty(ds(
      { tolerations: [{ key: 'k', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 0 }], containers: [{ name: 'c', image: 'x' }], terminationGracePeriodSeconds: 0, automountServiceAccountToken: false },
      { revisionHistoryLimit: 0, minReadySeconds: 0, updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } } },
    )) as any;
    expect(out.spec.revisionHistoryLimit).toBe(0);
    expect('minReadySeconds' in out.spec).toBe(false);
    expect(out.spec.updateStrategy.rollingUpdate).toEqual({ maxUnavailable: 0, maxSurge: 1 });
    expect(out.spec.template.spec.tolerations[0].tolerationSeconds).toBe(0);
    expect(out.spec.template.spec.terminationGracePeriodSeconds).toBe(0);
    expect(out.spec.template.spec.automountServiceAccountToken).toBe(false);
  });

  it('never drops a struct, empty or not, pointer or not; prunes inside it', () => {
    const out = omitEmpty(ds({
      securityContext: {},
      containers: [{ name: 'c', image: 'x', resources: { limits: {}, requests: {} }, livenessProbe: { httpGet: { path: '', port: 0 }, periodSeconds: 0 } }],
    })) as any;
    expect(out.spec.template.spec.securityContext).toEqual({});
    const c = out.spec.template.spec.containers[0];
    expect(c.resources).toEqual({});
    // HTTPGetAction.port is an IntOrString (a struct) without omitempty: 0 stays
    expect(c.livenessProbe).toEqual({ httpGet: { port: 0 } });
  });

  it('keeps the zeros of fields whose tag lacks omitempty', () => {
    expect((omitEmpty(ds({ containers: [] })) as any).spec.template.spec).toEqual({ containers: [] });
    const status = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0, numberAvailable: 0, observedGeneration: 0 };
    expect((omitEmpty({ ...ds({ containers: [] }), status }) as any).status).toEqual({
      currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0,
    });
    const node = omitEmpty({ apiVersion: 'v1', kind: 'Node', metadata: { name: 'n' }, spec: { unschedulable: false, taints: [{ key: '', value: '', effect: '' }] } }) as any;
    expect(node.spec).toEqual({ taints: [{ key: '', effect: '' }] });
    const terms = omitEmpty(ds({ containers: [], affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } })) as any;
    expect(terms.spec.template.spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution).toEqual({ nodeSelectorTerms: [] });
  });

  it('metadata: drops namespace "", generateName "", generation 0, empty labels; keeps label and annotation values', () => {
    const lastApplied = '{"spec":{"template":{"spec":{"hostNetwork":false}}}}\n';
    const out = omitEmpty(ds({ containers: [] }, {}, {
      namespace: '', generateName: '', generation: 0, deletionGracePeriodSeconds: 0, finalizers: [],
      labels: { tier: '' }, annotations: { 'kubectl.kubernetes.io/last-applied-configuration': lastApplied, note: '' },
    })) as any;
    expect(out.metadata).toEqual({
      name: 'agent', deletionGracePeriodSeconds: 0,
      labels: { tier: '' }, annotations: { 'kubectl.kubernetes.io/last-applied-configuration': lastApplied, note: '' },
    });
    expect((omitEmpty(ds({ containers: [] }, {}, { labels: {}, annotations: {} })) as any).metadata).toEqual({ name: 'agent' });
  });

  it('leaves RawExtension data, open objects and unknown fields as written', () => {
    const data = { spec: { template: { spec: { hostNetwork: false, containers: [] } } } };
    const rev = omitEmpty({ apiVersion: 'apps/v1', kind: 'ControllerRevision', metadata: { name: 'r' }, data, revision: 0 }) as any;
    expect(rev.data).toBe(data);
    expect(rev.revision).toBe(0);
    const affinity = { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [], extra: '' } };
    const out = omitEmpty(ds({ containers: [], affinity, hostNetworkk: false })) as any;
    expect(out.spec.template.spec.affinity).toEqual(affinity);
    expect(out.spec.template.spec.hostNetworkk).toBe(false);
  });

  it('prunes inside map values (a ResourceList keeps its quantities, "0" included)', () => {
    const out = omitEmpty(ds({ containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '0' } } }] })) as any;
    expect(out.spec.template.spec.containers[0].resources).toEqual({ requests: { cpu: '0' } });
  });

  it('PriorityClass: value 0 stays (no omitempty), globalDefault false and description "" go, preemptionPolicy stays', () => {
    const pc = omitEmpty({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'p' }, value: 0, globalDefault: false, description: '', preemptionPolicy: 'Never' });
    expect(pc).toEqual({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name: 'p' }, value: 0, preemptionPolicy: 'Never' });
  });

  it('is pure and idempotent, and returns an object needing no change as is', () => {
    const input = ds({ hostNetwork: false, containers: [{ name: 'c', image: 'x', env: [{ name: 'A', value: '' }] }] });
    const before = JSON.stringify(input);
    const once = omitEmpty(input);
    expect(JSON.stringify(input)).toBe(before);
    expect((once as any).spec.template.spec).toEqual({ containers: [{ name: 'c', image: 'x', env: [{ name: 'A' }] }] });
    expect(omitEmpty(once)).toBe(once);
    const other = { apiVersion: 'apps/v1', kind: 'Deployment', spec: { paused: false } };
    expect(omitEmpty(other)).toBe(other);
  });

  it('after withDecodedNulls: a null omitempty field goes like its zero value', () => {
    const out = omitEmpty(withDecodedNulls(ds({ nodeSelector: null, tolerations: [], containers: [{ name: 'c', image: 'x', resources: { requests: { memory: null } } }] }))) as any;
    expect(out.spec.template.spec).toEqual({ containers: [{ name: 'c', image: 'x', resources: { requests: { memory: '0' } } }] });
  });
});

describe('a zero metav1.Time', () => {
  it('is written as null in a non-pointer field (lastProbeTime: null), left out when omitzero (creationTimestamp)', () => {
    const pod = {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', creationTimestamp: null },
      spec: { containers: [{ name: 'c', image: 'i' }] },
      status: { conditions: [{ type: 'Ready', status: 'True', lastProbeTime: null }], startTime: null },
    };
    const out = omitEmpty(withDecodedNulls(pod)) as unknown as typeof pod;
    expect(out.status).toEqual({ conditions: [{ type: 'Ready', status: 'True', lastProbeTime: null }] });
    expect(out.metadata).toEqual({ name: 'p' });
  });
});

describe('the json tag facts in the schema (k8s.io/api, k8s.io/apimachinery types.go)', () => {
  const facts: [kind: string, path: string, omitempty: boolean, pointer: boolean][] = [
    ['DaemonSet', 'metadata.namespace', true, false],
    ['DaemonSet', 'metadata.generateName', true, false],
    ['DaemonSet', 'metadata.deletionGracePeriodSeconds', true, true],
    ['DaemonSet', 'metadata.ownerReferences.uid', false, false],
    ['DaemonSet', 'metadata.ownerReferences.controller', true, true],
    ['DaemonSet', 'spec.selector', false, true],
    ['DaemonSet', 'spec.template', false, false],
    ['DaemonSet', 'spec.minReadySeconds', true, false],
    ['DaemonSet', 'spec.revisionHistoryLimit', true, true],
    ['DaemonSet', 'spec.updateStrategy.rollingUpdate.maxSurge', true, true],
    ['DaemonSet', 'status.numberReady', false, false],
    ['DaemonSet', 'status.numberAvailable', true, false],
    ['DaemonSet', 'status.collisionCount', true, true],
    ['Pod', 'spec.hostNetwork', true, false],
    ['Pod', 'spec.containers', false, false],
    ['Pod', 'spec.priority', true, true],
    ['Pod', 'spec.tolerations.value', true, false],
    ['Pod', 'spec.tolerations.tolerationSeconds', true, true],
    ['Pod', 'spec.containers.name', false, false],
    ['Pod', 'spec.containers.volumeMounts', true, false],
    ['Pod', 'spec.containers.volumeMounts.mountPath', false, false],
    ['Pod', 'spec.containers.securityContext.privileged', true, true],
    ['Pod', 'spec.containers.ports.containerPort', false, false],
    ['Pod', 'spec.containers.ports.hostPort', true, false],
    ['Pod', 'spec.containers.livenessProbe.grpc.service', false, true],
    ['Pod', 'spec.volumes.hostPath.type', true, true],
    ['Pod', 'spec.volumes.projected.sources', false, false],
    ['Pod', 'spec.dnsConfig.options.name', true, false],
    ['Pod', 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms', false, false],
    ['Pod', 'status.startTime', true, true],
    ['Node', 'spec.taints.key', false, false],
    ['Node', 'spec.taints.value', true, false],
    ['Node', 'spec.unschedulable', true, false],
    ['Node', 'status.images.names', false, false],
    ['Node', 'status.nodeInfo.kubeletVersion', false, false],
    ['ControllerRevision', 'revision', false, false],
    ['PriorityClass', 'value', false, false],
    ['PriorityClass', 'preemptionPolicy', true, true],
  ];
  it.each(facts)('%s %s: omitempty %s, pointer %s', (kind, path, omitempty, pointer) => {
    const type = fieldAt(kind, path);
    expect(!type.always).toBe(omitempty);
    expect(!!type.pointer).toBe(pointer);
  });
});
