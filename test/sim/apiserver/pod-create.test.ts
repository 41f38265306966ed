import { describe, expect, it } from 'vitest';
import type { ApiServer } from '../../../src/sim/apiserver/apiserver.js';
import { BUILTIN_PRIORITY_CLASSES } from '../../../src/sim/engine/bootstrap.js';
import { causes, err, newApi, ok, podDraft } from './helpers.js';
import { DNS_SUBDOMAIN } from './messages.js';

const NOT_READY = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };
const UNREACHABLE = { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 };

function withClass(api: ApiServer, name: string, value: number, extra: object = {}): void {
  ok(api.create({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, ...extra }));
}

describe('Pod defaults and PrepareForCreate', () => {
  it('pod-only defaults: requests from limits, enableServiceLinks, hostPort under hostNetwork', () => {
    const pod = ok(
      newApi().create(
        podDraft((d) => {
          d.spec.hostNetwork = true;
          d.spec.containers[0].resources = { limits: { cpu: '200m', memory: '64Mi' }, requests: { cpu: '100m' } };
          d.spec.containers[0].ports = [{ containerPort: 9100 }];
        }),
      ),
    );
    expect(pod.spec.containers[0]!.resources).toEqual({ limits: { cpu: '200m', memory: '64Mi' }, requests: { cpu: '100m', memory: '64Mi' } });
    expect(pod.spec.containers[0]!.ports).toEqual([{ containerPort: 9100, hostPort: 9100, protocol: 'TCP' }]);
    expect(pod.spec.enableServiceLinks).toBe(true);
    expect(pod.spec.restartPolicy).toBe('Always');
  });

  it('status starts as Pending with a QoS class and no conditions, whatever the request said', () => {
    const pod = ok(newApi().create(podDraft((d) => (d.status = { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] }))));
    expect(pod.status).toEqual({ phase: 'Pending', qosClass: 'BestEffort' });
  });
});

describe('status.qosClass (GetPodQOS)', () => {
  const qos = (containers: object[], init?: object[]) =>
    ok(
      newApi().create(
        podDraft((d) => {
          d.spec.containers = containers.map((resources, i) => ({ name: `c${i}`, image: 'busybox', resources }));
          if (init) d.spec.initContainers = init.map((resources, i) => ({ name: `i${i}`, image: 'busybox', resources }));
        }),
      ),
    ).status.qosClass;

  it('BestEffort without cpu/memory requests or limits (other resources do not count)', () => {
    expect(qos([{}, { limits: { 'ephemeral-storage': '1Gi' } }])).toBe('BestEffort');
  });

  it('Guaranteed when every container limits cpu and memory and requests equal limits', () => {
    expect(qos([{ limits: { cpu: '1', memory: '1Gi' } }, { limits: { cpu: '500m', memory: '128Mi' }, requests: { cpu: '0.5', memory: '128Mi' } }])).toBe('Guaranteed');
  });

  it('Burstable otherwise', () => {
    expect(qos([{ requests: { cpu: '100m' } }])).toBe('Burstable');
    expect(qos([{ limits: { cpu: '1' } }])).toBe('Burstable');
    expect(qos([{ limits: { cpu: '1', memory: '1Gi' }, requests: { cpu: '500m' } }])).toBe('Burstable');
    expect(qos([{ limits: { cpu: '1', memory: '1Gi' } }, {}])).toBe('Burstable');
    expect(qos([{ limits: { cpu: '1', memory: '1Gi' } }], [{ requests: { cpu: '1' } }])).toBe('Burstable');
  });
});

describe('Priority admission', () => {
  it('no class and no global default: priority 0, PreemptLowerPriority, no class name', () => {
    const pod = ok(newApi().create(podDraft()));
    expect([pod.spec.priority, pod.spec.preemptionPolicy, pod.spec.priorityClassName]).toEqual([0, 'PreemptLowerPriority', undefined]);
  });

  it('a named class gives its value and preemptionPolicy', () => {
    const api = newApi();
    withClass(api, 'high', 1000, { preemptionPolicy: 'Never' });
    const pod = ok(api.create(podDraft((d) => (d.spec.priorityClassName = 'high'))));
    expect([pod.spec.priority, pod.spec.preemptionPolicy]).toEqual([1000, 'Never']);
  });

  it('an unknown class is Forbidden (generated names are reported by their prefix)', () => {
    const e = err(newApi().create(podDraft((d) => (d.spec.priorityClassName = 'foo'))));
    expect([e.code, e.reason, e.message]).toEqual([403, 'Forbidden', 'pods "p" is forbidden: no PriorityClass with name foo was found']);
    const g = err(
      newApi().create(
        podDraft((d) => {
          d.metadata = { generateName: 'agent-', namespace: 'default' };
          d.spec.priorityClassName = 'foo';
        }),
      ),
    );
    expect(g.message).toBe('pods "agent-" is forbidden: no PriorityClass with name foo was found');
  });

  it('the globalDefault class applies when none is named, and is written into the pod', () => {
    const api = newApi();
    withClass(api, 'default-prio', 100, { globalDefault: true });
    const pod = ok(api.create(podDraft()));
    expect([pod.spec.priority, pod.spec.priorityClassName]).toEqual([100, 'default-prio']);
  });

  it('system classes may be used in any namespace', () => {
    const api = newApi();
    for (const pc of BUILTIN_PRIORITY_CLASSES) withClass(api, pc.name, pc.value);
    const pod = ok(api.create(podDraft((d) => (d.spec.priorityClassName = 'system-node-critical'))));
    expect(pod.spec.priority).toBe(2000001000);
  });

  it('a priority or preemptionPolicy that disagrees with the class is Forbidden', () => {
    expect(err(newApi().create(podDraft((d) => (d.spec.priority = 5)))).message).toBe(
      'pods "p" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 0 from the given PriorityClass name',
    );
    expect(err(newApi().create(podDraft((d) => (d.spec.preemptionPolicy = 'Never')))).message).toBe(
      'pods "p" is forbidden: the string value of PreemptionPolicy (Never) must not be provided in pod spec; priority admission controller computed PreemptLowerPriority from the given PriorityClass name',
    );
    expect(newApi().create(podDraft((d) => (d.spec.priority = 0))).ok).toBe(true);
  });
});

describe('DefaultTolerationSeconds admission', () => {
  const tolerations = (t?: object[]) => ok(newApi().create(podDraft((d) => t && (d.spec.tolerations = t)))).spec.tolerations;

  it('adds not-ready and unreachable NoExecute tolerations for 300 s', () => {
    expect(tolerations()).toEqual([NOT_READY, UNREACHABLE]);
  });

  it('keeps a toleration the pod already has for the key with NoExecute or no effect', () => {
    const own = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 60 };
    expect(tolerations([own])).toEqual([own, UNREACHABLE]);
    const anyEffect = { key: 'node.kubernetes.io/unreachable', operator: 'Exists' };
    expect(tolerations([anyEffect])).toEqual([anyEffect, NOT_READY]);
  });

  it('a wildcard toleration covers both; a NoSchedule one covers neither', () => {
    expect(tolerations([{ operator: 'Exists' }])).toEqual([{ operator: 'Exists' }]);
    const noSchedule = { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule' };
    expect(tolerations([noSchedule])).toEqual([noSchedule, NOT_READY, UNREACHABLE]);
  });

  it('DaemonSet-style tolerations without seconds are left alone', () => {
    const ds = [
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
    ];
    expect(tolerations(ds)).toEqual(ds);
  });
});

describe('ValidatePodCreate', () => {
  it('restartPolicy OnFailure is fine for a pod; an unknown one is not', () => {
    expect(newApi().create(podDraft((d) => (d.spec.restartPolicy = 'OnFailure'))).ok).toBe(true);
    expect(causes(newApi().create(podDraft((d) => (d.spec.restartPolicy = 'Sometimes'))))).toEqual([
      'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    ]);
  });

  it('containers required; nodeName a DNS-1123 subdomain; images without surrounding spaces', () => {
    expect(causes(newApi().create(podDraft((d) => (d.spec.containers = [])))).map((m) => m)).toEqual(['spec.containers: Required value']);
    expect(causes(newApi().create(podDraft((d) => (d.spec.nodeName = 'Node_1'))))).toEqual([`spec.nodeName: Invalid value: "Node_1": ${DNS_SUBDOMAIN}`]);
    expect(causes(newApi().create(podDraft((d) => (d.spec.containers[0].image = 'nginx '))))).toEqual([
      'spec.containers[0].image: Invalid value: "nginx ": must not have leading or trailing whitespace',
    ]);
  });

  it('with hostNetwork a pod must use hostPort == containerPort', () => {
    expect(causes(newApi().create(podDraft((d) => ((d.spec.hostNetwork = true), (d.spec.containers[0].ports = [{ containerPort: 80, hostPort: 81 }])))))).toEqual([
      'spec.containers[0].ports[0].hostPort: Invalid value: 81: must match `containerPort` when `hostNetwork` is true',
    ]);
  });

  it('activeDeadlineSeconds must be positive', () => {
    expect(causes(newApi().create(podDraft((d) => (d.spec.activeDeadlineSeconds = 0))))).toEqual([
      'spec.activeDeadlineSeconds: Invalid value: 0: must be between 1 and 2147483647, inclusive',
    ]);
  });

  it('the error is "Pod "p" is invalid"', () => {
    expect(err(newApi().create(podDraft((d) => (d.spec.containers = [])))).message).toBe('Pod "p" is invalid: spec.containers: Required value');
  });
});

describe('generateName (createWithGenerateNameRetry, RetryGenerateName GA since v1.32)', () => {
  const generated = podDraft((d) => {
    delete d.metadata.name;
    d.metadata.generateName = 'agent-';
  });
  /** The name the next create with generateName would draw (a dry run draws from a copy of the RNG). */
  const nextName = (api: ApiServer) => ok(api.create(generated, { dryRun: true })).metadata.name;
  /** Stores a pod under `name` without drawing from the API server's RNG. */
  const occupy = (api: ApiServer, name: string) => {
    const pod = ok(newApi().create(podDraft()));
    api.store.put({ ...pod, metadata: { ...pod.metadata, name } });
  };

  it('draws another name when the one it drew is taken', () => {
    const api = newApi();
    const taken = nextName(api);
    occupy(api, taken);
    const pod = ok(api.create(generated));
    expect(pod.metadata.name).toMatch(/^agent-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(pod.metadata.name).not.toBe(taken);
    expect(api.store.get('Pod', 'default', taken)?.metadata.uid).not.toBe(pod.metadata.uid);
  });

  it('answers AlreadyExists, naming the last name drawn and saying no unique name was found, once eight names in a row are taken', () => {
    const api = newApi();
    // Learn the eight names the RNG will draw: occupy each in turn and ask again.
    const names: string[] = [];
    const probe = newApi();
    for (let i = 0; i < 8; i++) {
      for (const n of names) occupy(probe, n);
      names.push(nextName(probe));
    }
    expect(new Set(names).size).toBe(8);
    for (const n of names.slice(0, 7)) occupy(api, n);
    // Seven taken: the eighth attempt succeeds with the eighth name.
    expect(ok(api.create(generated, { dryRun: true })).metadata.name).toBe(names[7]);
    occupy(api, names[7]!);
    const e = err(api.create(generated));
    expect(e.reason).toBe('AlreadyExists');
    expect(e.message).toBe(`pods "${names[7]}" already exists, the server was not able to generate a unique name for the object`);
    expect(api.store.count('Pod')).toBe(8);
  });
});

describe('a taken name (registry Store.create: the storage finds it after admission and validation)', () => {
  it('is AlreadyExists for a valid object, and the failed create draws nothing from the RNG', () => {
    const api = newApi();
    ok(api.create(podDraft()));
    const next = (a: ApiServer) => ok(a.create(podDraft((d) => (d.metadata.name = 'q')), { dryRun: true })).metadata.uid;
    const before = next(api);
    const e = err(api.create(podDraft()));
    expect(e.reason).toBe('AlreadyExists');
    expect(e.message).toBe('pods "p" already exists');
    expect(next(api)).toBe(before);
  });

  it('is Invalid for an invalid object, as validation comes first', () => {
    const api = newApi();
    ok(api.create(podDraft()));
    expect(causes(api.create(podDraft((d) => (d.spec.restartPolicy = 'Sometimes'))))).toEqual([
      'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
    ]);
  });

  it('is AlreadyExists for a dry run too', () => {
    const api = newApi();
    ok(api.create(podDraft()));
    expect(err(api.create(podDraft(), { dryRun: true })).reason).toBe('AlreadyExists');
  });
});
