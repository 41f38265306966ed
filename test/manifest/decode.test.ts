import { describe, expect, it } from 'vitest';
import { decodeDiagnostics, decodeObject, formatDecodeError, parseManifests, withDecodedNulls } from '../../src/manifest/index.js';
import type { ValidateMode } from '../../src/manifest/index.js';

/** A valid DaemonSet with `extra` spliced into the container, the pod spec and the DS spec. */
function ds({ container = '', podSpec = '', spec = '', top = '' } = {}): string {
  return `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
  labels: {app: agent}
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: agent
        image: agent:1.0
${container}${podSpec}${spec}${top}`;
}

function decode(text: string, mode: ValidateMode = 'strict') {
  const parsed = parseManifests(text, 'ds.yaml');
  expect(parsed.diagnostics).toEqual([]);
  const doc = parsed.docs[0]!;
  return { doc, result: decodeObject(doc.object, mode, { duplicates: doc.duplicateFields }) };
}

describe('decodeObject: a valid object', () => {
  it('accepts a full DaemonSet with the common pod spec fields', () => {
    const { result } = decode(ds({
      container: `        imagePullPolicy: IfNotPresent
        ports: [{containerPort: 9100, hostPort: 9100, protocol: TCP, name: metrics}]
        env:
        - {name: NODE, valueFrom: {fieldRef: {fieldPath: spec.nodeName}}}
        - {name: MODE, value: fast}
        envFrom: [{configMapRef: {name: cfg}, prefix: X_}]
        resources: {requests: {cpu: 100m, memory: 64Mi}, limits: {cpu: 1, memory: 1.5Gi}}
        volumeMounts: [{name: root, mountPath: /host, readOnly: true, mountPropagation: HostToContainer}]
        readinessProbe: {httpGet: {path: /healthz, port: metrics}, periodSeconds: 5, failureThreshold: 3}
        livenessProbe: {tcpSocket: {port: 9100}, initialDelaySeconds: 10}
        startupProbe: {exec: {command: [cat, /ready]}}
        lifecycle: {preStop: {sleep: {seconds: 5}}}
        securityContext: {privileged: true, capabilities: {add: [SYS_ADMIN]}, seccompProfile: {type: RuntimeDefault}}
`,
      podSpec: `      hostNetwork: true
      hostPID: true
      dnsPolicy: ClusterFirstWithHostNet
      priorityClassName: system-node-critical
      terminationGracePeriodSeconds: 30
      nodeSelector: {kubernetes.io/os: linux}
      tolerations: [{operator: Exists, effect: NoSchedule}, {key: k, operator: Equal, value: v, tolerationSeconds: 60, effect: NoExecute}]
      affinity:
        nodeAffinity:
          requiredDuringSchedulingIgnoredDuringExecution:
            nodeSelectorTerms: [{matchExpressions: [{key: type, operator: In, values: [a, b]}]}]
        podAntiAffinity: {anything: [goes]}
      volumes:
      - {name: root, hostPath: {path: /, type: Directory}}
      - {name: tmp, emptyDir: {sizeLimit: 1Gi}}
      - {name: cfg, configMap: {name: cfg, items: [{key: a, path: a}], defaultMode: 420}}
      - {name: tok, projected: {sources: [{serviceAccountToken: {path: token, expirationSeconds: 3600}}]}}
`,
      spec: `  updateStrategy: {type: RollingUpdate, rollingUpdate: {maxUnavailable: 10%, maxSurge: 0}}
  minReadySeconds: 5
  revisionHistoryLimit: 10
`,
      top: 'status: {numberReady: 3, desiredNumberScheduled: 3, currentNumberScheduled: 3, numberMisscheduled: 0}\n',
    }));
    expect(result).toEqual({
      unknownFields: [], duplicateFields: [], strictErrors: [], typeErrors: [], warnings: [], kindSupported: true,
    });
  });
});

describe('decodeObject: unknown and duplicate fields', () => {
  it('reports unknown fields at several depths, inside arrays, in the order the server sees them', () => {
    const { result } = decode(ds({
      container: '        imagee: typo\n        readinessProbe: {httpGet: {port: 80, pathh: /}}\n',
      podSpec: '      volumes: [{name: v, hostPath: {path: /, typ: File}}]\n',
      spec: '  replicas: 3\n',
      top: 'extra: 1\n',
    }));
    expect(result.unknownFields).toEqual([
      'extra',
      'spec.replicas',
      'spec.template.spec.containers[0].imagee',
      'spec.template.spec.containers[0].readinessProbe.httpGet.pathh',
      'spec.template.spec.volumes[0].hostPath.typ',
    ]);
    expect(result.error).toBe(`strict decoding error: ${result.unknownFields.map((f) => `unknown field "${f}"`).join(', ')}`);
  });

  it('formats the full server message', () => {
    const { result } = decode(ds({ spec: '  replicas: 3\n' }));
    expect(formatDecodeError('DaemonSet', 'v1', result.error!))
      .toBe('DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "spec.replicas"');
  });

  it('treats keys case-sensitively', () => {
    expect(decode(ds({ container: '        Image: x\n' })).result.unknownFields).toEqual(['spec.template.spec.containers[0].Image']);
  });

  it('does not look inside an unknown field or an open object', () => {
    const { result } = decode(ds({ spec: '  bogus: {deeper: {x: 1}}\n', podSpec: '      affinity: {podAffinity: {whatever: {x: 1}}}\n' }));
    expect(result.unknownFields).toEqual(['spec.bogus']);
  });

  it('reports duplicated fields like the strict decoder, keeping the last value', () => {
    const { doc, result } = decode(ds({ container: '        image: other:2.0\n', spec: '  minReadySeconds: 1\n  minReadySeconds: 2\n' }));
    expect(result.duplicateFields).toEqual(['spec.minReadySeconds', 'spec.template.spec.containers[0].image']);
    expect(result.error).toBe('strict decoding error: duplicate field "spec.minReadySeconds", duplicate field "spec.template.spec.containers[0].image"');
    expect(doc.object).toMatchObject({ spec: { minReadySeconds: 2 } });
    expect(doc.pathRange('spec.minReadySeconds')).toMatchObject({ line: 18 });
  });

  it('reports a duplicated map key with its full path', () => {
    const { result } = decode(ds({ podSpec: '      nodeSelector:\n        zone: a\n        zone: b\n' }));
    expect(result.strictErrors).toEqual(['duplicate field "spec.template.spec.nodeSelector.zone"']);
  });

  it('warns instead of failing under --validate=warn, and is silent under ignore', () => {
    const text = ds({ spec: '  replicas: 3\n' });
    const warn = decode(text, 'warn').result;
    expect(warn.error).toBeUndefined();
    expect(warn.warnings).toEqual(['unknown field "spec.replicas"']);
    const ignore = decode(text, 'ignore').result;
    expect(ignore.error).toBeUndefined();
    expect(ignore.warnings).toEqual([]);
    expect(ignore.unknownFields).toEqual(['spec.replicas']);
  });

  it('treats status as unknown only on kinds without one', () => {
    expect(decode('apiVersion: v1\nkind: Node\nmetadata: {name: n1}\nstatus: {capacity: {cpu: 4}}\n').result.error).toBeUndefined();
    expect(decode('apiVersion: scheduling.k8s.io/v1\nkind: PriorityClass\nmetadata: {name: high}\nvalue: 1000\nstatus: {}\n').result.error)
      .toBe('strict decoding error: unknown field "status"');
  });
});

describe('decodeObject: wrong types, in the API server wording', () => {
  it('string where an int32 is expected', () => {
    const { result } = decode(ds({ spec: '  minReadySeconds: "3"\n' }));
    expect(result.error).toBe('json: cannot unmarshal string into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32');
    expect(result.typeErrors).toEqual([{ path: 'spec.minReadySeconds', message: result.error }]);
  });

  it('int where a string is expected, naming the struct and the path without indices', () => {
    const { doc, result } = decode(ds({ container: '      - name: second\n        image: 5\n' }));
    expect(result.error).toBe('json: cannot unmarshal number into Go struct field Container.spec.template.spec.containers.image of type string');
    expect(result.typeErrors[0]!.path).toBe('spec.template.spec.containers[1].image');
    expect(doc.pathRange(result.typeErrors[0]!.path)).toMatchObject({ line: 17, column: 9 });
  });

  it('object where an array is expected', () => {
    const { result } = decode(ds({ podSpec: '      tolerations: {key: a}\n' }));
    expect(result.error).toBe('json: cannot unmarshal object into Go struct field PodSpec.spec.template.spec.tolerations of type []v1.Toleration');
  });

  it('scalars where structs, maps and named string types are expected', () => {
    expect(decode(ds({ spec: '  updateStrategy: RollingUpdate\n' })).result.error)
      .toBe('json: cannot unmarshal string into Go struct field DaemonSetSpec.spec.updateStrategy of type v1.DaemonSetUpdateStrategy');
    expect(decode(ds({ podSpec: '      nodeSelector: [a]\n' })).result.error)
      .toBe('json: cannot unmarshal array into Go struct field PodSpec.spec.template.spec.nodeSelector of type map[string]string');
    expect(decode(ds({ podSpec: '      restartPolicy: 1\n' })).result.error)
      .toBe('json: cannot unmarshal number into Go struct field PodSpec.spec.template.spec.restartPolicy of type v1.RestartPolicy');
  });

  it('a YAML boolean in a string map (the classic `enabled: yes` label)', () => {
    const { result } = decode(ds({}).replace('labels: {app: agent}\nspec:', 'labels: {app: agent, enabled: yes}\nspec:'));
    expect(result.error).toBe('json: cannot unmarshal bool into Go struct field ObjectMeta.metadata.labels of type string');
    expect(result.typeErrors[0]!.path).toBe('metadata.labels.enabled');
  });

  it('a fraction or an overflow where an integer is expected', () => {
    expect(decode(ds({ spec: '  minReadySeconds: 1.5\n' })).result.error)
      .toBe('json: cannot unmarshal number 1.5 into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32');
    expect(decode(ds({ spec: '  minReadySeconds: 3000000000\n' })).result.error)
      .toBe('json: cannot unmarshal number 3000000000 into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32');
    expect(decode(ds({ podSpec: '      terminationGracePeriodSeconds: 3000000000\n' })).result.error).toBeUndefined();
  });

  it('names the embedded Go struct in the path of promoted fields', () => {
    expect(decode(ds({ podSpec: '      volumes: [{name: v, hostPath: {path: 7}}]\n' })).result.error)
      .toBe('json: cannot unmarshal number into Go struct field HostPathVolumeSource.spec.template.spec.volumes.VolumeSource.hostPath.path of type string');
  });

  it('keeps the first type error, and lets a type error win over unknown fields', () => {
    const { result } = decode(ds({ spec: '  minReadySeconds: "1"\n  revisionHistoryLimit: "2"\n  replicas: 3\n' }));
    expect(result.typeErrors.map((t) => t.path)).toEqual(['spec.minReadySeconds', 'spec.revisionHistoryLimit']);
    expect(result.error).toContain('spec.minReadySeconds of type int32');
    expect(result.unknownFields).toEqual(['spec.replicas']);
  });

  it('accepts null anywhere, as Go leaves the zero value', () => {
    expect(decode(ds({ spec: '  minReadySeconds: null\n  updateStrategy: ~\n' })).result.error).toBeUndefined();
  });
});

describe('decodeObject: IntOrString, Quantity and Time', () => {
  const ru = (v: string): string => ds({ spec: `  updateStrategy:\n    rollingUpdate:\n      maxUnavailable: ${v}\n` });

  it('IntOrString accepts an integer and a string', () => {
    expect(decode(ru('1')).result.error).toBeUndefined();
    expect(decode(ru('25%')).result.error).toBeUndefined();
    expect(decode(ds({ container: '        livenessProbe: {httpGet: {port: http}}\n' })).result.error).toBeUndefined();
  });

  it('IntOrString rejects other JSON types as its int32 decoder does', () => {
    expect(decode(ru('true')).result.error)
      .toBe('json: cannot unmarshal bool into Go struct field RollingUpdateDaemonSet.spec.updateStrategy.rollingUpdate.maxUnavailable of type int32');
    expect(decode(ru('0.5')).result.error)
      .toBe('json: cannot unmarshal number 0.5 into Go struct field RollingUpdateDaemonSet.spec.updateStrategy.rollingUpdate.maxUnavailable of type int32');
  });

  it('a custom decoder failure wins over an earlier type error', () => {
    const { result } = decode(ds({ spec: '  minReadySeconds: "1"\n  updateStrategy: {rollingUpdate: {maxUnavailable: [1]}}\n' }));
    expect(result.typeErrors).toHaveLength(2);
    expect(result.error).toContain('maxUnavailable of type int32');
  });

  it('Quantity accepts a string and a number', () => {
    const q = (v: string): string => ds({ container: `        resources: {limits: {cpu: ${v}}}\n` });
    for (const v of ['2', '0.5', '"250m"', '1Gi', '1e3', '"+1.5E-2"']) expect(decode(q(v)).result.error, v).toBeUndefined();
  });

  it('Quantity rejects bad syntax and unknown suffixes with apimachinery messages', () => {
    const q = (v: string): string => ds({ container: `        resources: {requests: {memory: ${v}}}\n` });
    const format = "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'";
    expect(decode(q('1GB')).result.error).toBe(format);
    expect(decode(q('true')).result.error).toBe(format);
    expect(decode(q('{a: 1}')).result.error).toBe(format);
    expect(decode(q('""')).result.error).toBe(format);
    expect(decode(q('1mm')).result.error).toBe("unable to parse quantity's suffix");
    expect(decode(q('1Mi')).result.typeErrors).toEqual([]);
  });

  it('Time accepts RFC 3339 and reports Go time.Parse errors', () => {
    const t = (v: string): string => `apiVersion: v1\nkind: Node\nmetadata:\n  name: n1\n  creationTimestamp: ${v}\n`;
    expect(decode(t('2024-05-01T10:00:00Z')).result.error).toBeUndefined();
    expect(decode(t('2024-05-01T10:00:00.25+02:00')).result.error).toBeUndefined();
    expect(decode(t('null')).result.error).toBeUndefined();
    expect(decode(t('"2024/05/01"')).result.error)
      .toBe('parsing time "2024/05/01" as "2006-01-02T15:04:05Z07:00": cannot parse "/05/01" as "-"');
    expect(decode(t('2024-13-01T00:00:00Z')).result.error).toBe('parsing time "2024-13-01T00:00:00Z": month out of range');
    expect(decode(t('2023-02-29T00:00:00Z')).result.error).toBe('parsing time "2023-02-29T00:00:00Z": day out of range');
    expect(decode(t('2024-05-01T10:00:00Zjunk')).result.error).toBe('parsing time "2024-05-01T10:00:00Zjunk": extra text: "junk"');
    expect(decode(t('5')).result.error).toBe('json: cannot unmarshal number into Go struct field ObjectMeta.metadata.creationTimestamp of type string');
  });
});

describe('decodeObject: kinds without a schema', () => {
  it('checks nothing and says so', () => {
    const r = decodeObject({ apiVersion: 'apps/v1', kind: 'Deployment', spec: { replicas: 'x' } }, 'strict');
    expect(r.kindSupported).toBe(false);
    expect(r.error).toBeUndefined();
  });
});

describe('decodeDiagnostics: editor markers', () => {
  it('places type errors under the value and unknown fields under the key, in line order', () => {
    const text = ds({ container: '        imagee: typo\n', spec: '  minReadySeconds: "3"\n' });
    const { doc, result } = decode(text);
    expect(decodeDiagnostics(doc, result, 'strict')).toEqual([
      { severity: 'error', message: 'unknown field "spec.template.spec.containers[0].imagee"', path: 'spec.template.spec.containers[0].imagee', line: 16, column: 9, docIndex: 0 },
      { severity: 'error', message: result.error, path: 'spec.minReadySeconds', line: 17, column: 20, docIndex: 0 },
    ]);
  });

  it('shows duplicated keys as warnings, since kubectl keeps the last one silently', () => {
    const { doc, result } = decode(ds({ spec: '  minReadySeconds: 1\n  minReadySeconds: 2\n' }));
    expect(decodeDiagnostics(doc, result, 'strict')).toEqual([
      { severity: 'warning', message: 'duplicate field "spec.minReadySeconds"', path: 'spec.minReadySeconds', line: 17, column: 3, docIndex: 0 },
    ]);
  });

  it('downgrades unknown fields to warnings under warn and drops them under ignore', () => {
    const { doc, result } = decode(ds({ spec: '  replicas: 2\n' }), 'warn');
    expect(decodeDiagnostics(doc, result, 'warn').map((d) => d.severity)).toEqual(['warning']);
    expect(decodeDiagnostics(doc, result, 'ignore')).toEqual([]);
  });
});

// runtime.DefaultUnstructuredConverter.FromUnstructuredWithValidation, as the patch handler's
// applyPatchToObject decodes the object a strategic merge patch produced.
describe('decodeObject: the unstructured converter flavor (patched objects)', () => {
  const convert = (obj: Record<string, unknown>, mode: ValidateMode = 'strict') => decodeObject(obj, mode, { flavor: 'unstructured' });
  const base = (spec: Record<string, unknown>, container: Record<string, unknown> = {}) => ({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'agent' },
    spec: {
      selector: { matchLabels: { app: 'agent' } },
      template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'agent', image: 'agent:1.0', ...container }] } },
      ...spec,
    },
  });

  it('sorts unknown fields by their message (the converter sorts before reporting)', () => {
    const r = convert(base({ zeta: 1, replicas: 3 }, { imagee: 'x' }));
    expect(r.error).toBe('strict decoding error: unknown field "spec.replicas", unknown field "spec.template.spec.containers[0].imagee", unknown field "spec.zeta"');
  });

  it('words type errors as fromUnstructured does', () => {
    expect(convert(base({ minReadySeconds: '10' })).error).toBe('unrecognized type: int32');
    expect(convert(base({ minReadySeconds: 1.5 })).error).toBe('cannot convert float64 to int32');
    expect(convert(base({ minReadySeconds: 10.0 })).error).toBeUndefined();
    expect(convert(base({ template: 'x' })).error).toBe('cannot restore struct from: string');
    expect(convert(base({}, { ports: 'x' })).error).toBe('cannot restore slice from string');
    expect(convert(base({}, { imagePullPolicy: 1 })).error).toBe('cannot convert int64 to v1.PullPolicy');
    expect(convert(base({}, { imagePullPolicy: true })).error).toBe('unrecognized type: string');
    expect(convert(base({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: true } } })).error).toBe(
      'json: cannot unmarshal bool into Go value of type int32',
    );
  });

  it('a type error wins over unknown fields, which are then not reported', () => {
    const r = convert(base({ replicas: 3, minReadySeconds: 'x' }));
    expect(r.error).toBe('unrecognized type: int32');
  });

  it('warn mode turns the sorted unknown fields into warnings', () => {
    const r = convert(base({ zeta: 1, replicas: 3 }), 'warn');
    expect(r.error).toBeUndefined();
    expect(r.warnings).toEqual(['unknown field "spec.replicas"', 'unknown field "spec.zeta"']);
  });
});

describe('withDecodedNulls: the object as the API server stores it', () => {
  const dsWith = (podSpec: Record<string, unknown>, meta: Record<string, unknown> = {}) => ({
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'a', ...meta },
    spec: { selector: { matchLabels: { app: 'a' } }, template: { metadata: { labels: { app: 'a' } }, spec: podSpec } },
  });

  it('leaves empty maps and slices alone: omitting them is omitEmpty\'s job', () => {
    const out = withDecodedNulls(dsWith({ nodeSelector: {}, tolerations: [], containers: [{ name: 'c', image: 'x', env: [] }] }, { labels: {} })) as any;
    expect(out.metadata).toEqual({ name: 'a', labels: {} });
    expect(out.spec.template.spec).toEqual({ nodeSelector: {}, tolerations: [], containers: [{ name: 'c', image: 'x', env: [] }] });
  });

  it('null fields go, null quantities read as 0', () => {
    const out = withDecodedNulls(dsWith({ nodeSelector: null, containers: [{ name: 'c', image: 'x', resources: { requests: { memory: null } } }] })) as any;
    expect(out.spec.template.spec).toEqual({ containers: [{ name: 'c', image: 'x', resources: { requests: { memory: '0' } } }] });
  });
});
