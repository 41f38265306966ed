/**
 * ValidatePodSpec through a DaemonSet template (paths under spec.template.spec): containers,
 * ports, tolerations, node selector and affinity, volumes, resources.
 */
import { describe, expect, it } from 'vitest';
import { causes, dsDraft, newApi } from './helpers.js';
import { DNS_LABEL, DNS_SUBDOMAIN, LABEL_VALUE, NAME_PART } from './messages.js';

const S = 'spec.template.spec';

function create(edit: (spec: any) => void): string[] {
  return causes(newApi().create(dsDraft((d) => edit(d.spec.template.spec))));
}

describe('pod-level fields', () => {
  it('enums must be supported values and names DNS-1123 subdomains; clean ones add nothing', () => {
    expect(
      create((s) => {
        s.dnsPolicy = 'Sometimes';
        s.serviceAccountName = 'Bad_Name';
        s.nodeName = 'node_1';
        s.priorityClassName = 'Hi!';
        s.preemptionPolicy = 'Always';
      }),
    ).toEqual([
      `${S}.dnsPolicy: Unsupported value: "Sometimes": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"`,
      `${S}.serviceAccountName: Invalid value: "Bad_Name": ${DNS_SUBDOMAIN}`,
      `${S}.nodeName: Invalid value: "node_1": ${DNS_SUBDOMAIN}`,
      `${S}.priorityClassName: Invalid value: "Hi!": ${DNS_SUBDOMAIN}`,
      `${S}.preemptionPolicy: Unsupported value: "Always": supported values: "PreemptLowerPriority", "Never"`,
    ]);
    expect(
      create((s) => {
        s.dnsPolicy = 'Sometimes';
        s.serviceAccountName = 'builder';
        s.priorityClassName = 'high';
        s.preemptionPolicy = 'Never';
      }),
    ).toEqual([`${S}.dnsPolicy: Unsupported value: "Sometimes": supported values: "ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"`]);
  });
});

describe('containers', () => {
  it('at least one container', () => {
    expect(create((s) => (s.containers = []))).toEqual([`${S}.containers: Required value`]);
  });

  it('name required and a DNS-1123 label; image required; names unique', () => {
    expect(create((s) => (s.containers = [{}]))).toEqual([`${S}.containers[0].name: Required value`, `${S}.containers[0].image: Required value`]);
    expect(create((s) => (s.containers[0].name = 'Web_1'))).toEqual([`${S}.containers[0].name: Invalid value: "Web_1": ${DNS_LABEL}`]);
    expect(create((s) => s.containers.push({ name: 'c', image: 'busybox' }))).toEqual([`${S}.containers[1].name: Duplicate value: "c"`]);
  });

  it('imagePullPolicy and terminationMessagePolicy must be supported values', () => {
    expect(
      create((s) => {
        s.containers[0].imagePullPolicy = 'Sometimes';
        s.containers[0].terminationMessagePolicy = 'Log';
      }),
    ).toEqual([
      `${S}.containers[0].terminationMessagePolicy: Unsupported value: "Log": supported values: "File", "FallbackToLogsOnError"`,
      `${S}.containers[0].imagePullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"`,
    ]);
  });

  it('probes: exactly one handler, liveness successThreshold 1', () => {
    expect(
      create((s) => {
        s.containers[0].livenessProbe = { successThreshold: 2 };
        s.containers[0].readinessProbe = { exec: { command: ['true'] }, httpGet: { port: 80 } };
      }),
    ).toEqual([
      `${S}.containers[0].livenessProbe: Required value: must specify a handler type`,
      `${S}.containers[0].livenessProbe.successThreshold: Invalid value: 2: must be 1`,
      `${S}.containers[0].readinessProbe.httpGet: Forbidden: may not specify more than 1 handler type`,
    ]);
  });
});

describe('ports', () => {
  it('containerPort required and in range; hostPort in range; protocol supported', () => {
    expect(create((s) => (s.containers[0].ports = [{ name: 'metrics' }]))).toEqual([`${S}.containers[0].ports[0].containerPort: Required value`]);
    expect(create((s) => (s.containers[0].ports = [{ containerPort: 70000, hostPort: 65536, protocol: 'HTTP' }]))).toEqual([
      `${S}.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive`,
      `${S}.containers[0].ports[0].hostPort: Invalid value: 65536: must be between 1 and 65535, inclusive`,
      `${S}.containers[0].ports[0].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"`,
    ]);
  });

  it('port names are unique IANA service names', () => {
    expect(create((s) => (s.containers[0].ports = [{ name: 'm', containerPort: 1 }, { name: 'm', containerPort: 2 }]))).toEqual([
      `${S}.containers[0].ports[1].name: Duplicate value: "m"`,
    ]);
    expect(create((s) => (s.containers[0].ports = [{ name: 'Metrics', containerPort: 1 }]))).toEqual([
      `${S}.containers[0].ports[0].name: Invalid value: "Metrics": must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)`,
    ]);
  });

  it('the same hostPort twice across containers is a Duplicate', () => {
    expect(
      create((s) => {
        s.containers[0].ports = [{ containerPort: 80, hostPort: 80 }];
        s.containers.push({ name: 'd', image: 'busybox', ports: [{ containerPort: 8080, hostPort: 80 }] });
      }),
    ).toEqual([`${S}.containers[1].ports[0].hostPort: Duplicate value: "TCP//80"`]);
  });

  it('with hostNetwork a set hostPort must equal containerPort (templates may leave it 0)', () => {
    expect(
      create((s) => {
        s.hostNetwork = true;
        s.containers[0].ports = [{ containerPort: 9100, hostPort: 9101 }, { containerPort: 9200 }];
      }),
    ).toEqual([`${S}.containers[0].ports[0].hostPort: Invalid value: 9101: must match \`containerPort\` when \`hostNetwork\` is true`]);
  });
});

describe('tolerations (every message)', () => {
  const T = `${S}.tolerations[0]`;
  const cases: [string, object, string][] = [
    ['invalid key', { key: 'bad key', operator: 'Exists' }, `${T}.key: Invalid value: "bad key": ${NAME_PART}`],
    ['empty key needs Exists', { operator: 'Equal', value: 'x' }, `${T}.operator: Invalid value: "Equal": operator must be Exists when \`key\` is empty, which means "match all values and all keys"`],
    ['seconds need NoExecute', { key: 'k', operator: 'Exists', effect: 'NoSchedule', tolerationSeconds: 10 }, `${T}.effect: Invalid value: "NoSchedule": effect must be 'NoExecute' when \`tolerationSeconds\` is set`],
    ['Equal value must be a label value', { key: 'k', value: 'a b' }, `${T}.operator: Invalid value: "a b": ${LABEL_VALUE}`],
    // upstream reports the whole toleration (core.Toleration, %#v) as the bad value here
    ['Exists with a value', { key: 'k', operator: 'Exists', value: 'v' }, `${T}.operator: Invalid value: core.Toleration{Key:"k", Operator:"Exists", Value:"v", Effect:"", TolerationSeconds:(*int64)(nil)}: value must be empty when \`operator\` is 'Exists'`],
    ['unknown operator', { key: 'k', operator: 'In', value: 'v' }, `${T}.operator: Unsupported value: "In": supported values: "Equal", "Exists"`],
    ['unknown effect', { key: 'k', operator: 'Exists', effect: 'Foo' }, `${T}.effect: Unsupported value: "Foo": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`],
  ];
  for (const [name, toleration, message] of cases) {
    it(name, () => {
      expect(create((s) => (s.tolerations = [toleration]))).toEqual([message]);
    });
  }

  it('an empty key with Exists tolerates everything and is valid', () => {
    expect(newApi().create(dsDraft((d) => (d.spec.template.spec.tolerations = [{ operator: 'Exists' }]))).ok).toBe(true);
  });
});

describe('nodeSelector and node affinity', () => {
  const R = `${S}.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution`;
  const affinity = (...exprs: object[]) => ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: exprs }] } } });

  it('nodeSelector labels are validated', () => {
    expect(create((s) => (s.nodeSelector = { 'kubernetes.io/os': 'linux os' }))).toEqual([`${S}.nodeSelector: Invalid value: "linux os": ${LABEL_VALUE}`]);
  });

  it('operators and their values', () => {
    expect(
      create((s) => (s.affinity = affinity({ key: 'a', operator: 'Equals', values: ['x'] }, { key: 'b', operator: 'In' }, { key: 'c', operator: 'Exists', values: ['x'] }, { key: 'd', operator: 'Gt', values: ['1', '2'] }))),
    ).toEqual([
      `${R}.nodeSelectorTerms[0].matchExpressions[0].operator: Invalid value: "Equals": not a valid selector operator`,
      `${R}.nodeSelectorTerms[0].matchExpressions[1].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
      `${R}.nodeSelectorTerms[0].matchExpressions[2].values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`,
      `${R}.nodeSelectorTerms[0].matchExpressions[3].values: Required value: must be specified single value when \`operator\` is 'Lt' or 'Gt'`,
    ]);
  });

  it('at least one term; matchFields only on metadata.name', () => {
    expect(create((s) => (s.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } }))).toEqual([
      `${R}.nodeSelectorTerms: Required value: must have at least one node selector term`,
    ]);
    expect(
      create((s) => (s.affinity = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.uid', operator: 'In', values: ['a'] }] }] } } })),
    ).toEqual([`${R}.nodeSelectorTerms[0].matchFields[0].key: Invalid value: "metadata.uid": not a valid field selector key`]);
  });
});

describe('volumes and mounts', () => {
  it('name required and unique; hostPath path required, no "..", a supported type', () => {
    expect(create((s) => (s.volumes = [{ hostPath: { path: '/x' } }]))).toEqual([`${S}.volumes[0].name: Required value`]);
    expect(create((s) => (s.volumes = [{ name: 'v', emptyDir: {} }, { name: 'v', emptyDir: {} }]))).toEqual([`${S}.volumes[1].name: Duplicate value: "v"`]);
    expect(create((s) => (s.volumes = [{ name: 'v', hostPath: {} }]))).toEqual([`${S}.volumes[0].hostPath.path: Required value`]);
    expect(create((s) => (s.volumes = [{ name: 'v', hostPath: { path: '/var/../etc', type: 'Dir' } }]))).toEqual([
      `${S}.volumes[0].hostPath.path: Invalid value: "/var/../etc": must not contain '..'`,
      `${S}.volumes[0].hostPath.type: Unsupported value: "Dir": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"`,
    ]);
  });

  it('one source per volume; a mount must name a volume', () => {
    expect(create((s) => (s.volumes = [{ name: 'v', emptyDir: {}, hostPath: { path: '/x' } }]))).toEqual([
      `${S}.volumes[0].hostPath: Forbidden: may not specify more than 1 volume type`,
    ]);
    expect(create((s) => (s.containers[0].volumeMounts = [{ name: 'missing', mountPath: '/m' }]))).toEqual([
      `${S}.containers[0].volumeMounts[0].name: Not found: "missing"`,
    ]);
  });
});

describe('resources', () => {
  const R = `${S}.containers[0].resources`;

  it('requests may not exceed limits', () => {
    expect(create((s) => (s.containers[0].resources = { requests: { cpu: '1', memory: '64Mi' }, limits: { cpu: '500m', memory: '128Mi' } }))).toEqual([
      `${R}.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m`,
    ]);
  });

  it('names must be standard; quantities non-negative and parseable', () => {
    expect(create((s) => (s.containers[0].resources = { limits: { gpu: '1' }, requests: { memory: '-1Mi', cpu: 'lots' } }))).toEqual([
      `${R}.limits[gpu]: Invalid value: "gpu": must be a standard resource for containers`,
      `${R}.requests[cpu]: Invalid value: "lots": quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
      `${R}.requests[memory]: Invalid value: "-1Mi": must be greater than or equal to 0`,
    ]);
  });

  it('an extended resource must request exactly its limit', () => {
    expect(create((s) => (s.containers[0].resources = { limits: { 'nvidia.com/gpu': 2 }, requests: { 'nvidia.com/gpu': 1 } }))).toEqual([
      `${R}.requests: Invalid value: "1": must be equal to nvidia.com/gpu limit of 2`,
    ]);
  });
});
