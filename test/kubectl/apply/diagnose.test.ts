import { describe, expect, it } from 'vitest';
import { diagnoseApply, parentPath } from '../../../src/kubectl/apply/diagnose.js';
import { exec } from '../../../src/kubectl/exec.js';
import { createCluster } from '../../../src/sim/index.js';
import { DS_YAML } from '../verbs/mutating-fixture.js';

/** Line numbers of DS_YAML: 5 `spec:`, 6 `  selector:`, 9 `  template:`, 16 `        image: ...`. */
const at = (line: number, column: number, endColumn: number) => ({ line, column, endLine: line, endColumn });

describe('diagnoseApply: what kubectl apply would say, placed on the field', () => {
  it('finds nothing in a valid manifest', () => {
    expect(diagnoseApply(createCluster(), DS_YAML, 'ds.yaml')).toEqual([]);
  });

  it('marks an unknown field on its key, with the strict decoder words', () => {
    const text = DS_YAML.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector');
    expect(diagnoseApply(createCluster(), text, 'ds.yaml')).toEqual([
      { severity: 'error', message: 'unknown field "spec.replicas"', path: 'spec.replicas', ...at(6, 3, 11) },
    ]);
  });

  it('marks a YAML syntax error where the parser stops, with kubectl message and line', () => {
    const text = DS_YAML.replace('        image: registry', '         image: registry');
    expect(diagnoseApply(createCluster(), text, 'ds.yaml')).toEqual([
      {
        severity: 'error',
        message: 'error parsing ds.yaml: error converting YAML to JSON: yaml: line 16: mapping values are not allowed in this context',
        ...at(16, 15, 16),
      },
    ]);
  });

  it('marks a mis-indented key as the unknown field it becomes', () => {
    const text = DS_YAML.replace('    spec:\n      containers', '    spec:\n    containers');
    expect(diagnoseApply(createCluster(), text, 'ds.yaml')).toEqual([
      { severity: 'error', message: 'unknown field "spec.template.containers"', path: 'spec.template.containers', ...at(14, 5, 15) },
    ]);
  });

  it('marks a wrongly typed value on the value', () => {
    const text = DS_YAML.replace('  template:\n', '  minReadySeconds: "five"\n  template:\n');
    expect(diagnoseApply(createCluster(), text, 'ds.yaml')).toEqual([
      {
        severity: 'error',
        message: 'json: cannot unmarshal string into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32',
        path: 'spec.minReadySeconds',
        ...at(9, 20, 26),
      },
    ]);
  });

  it('marks the API server validation error on its field (maxSurge with the default maxUnavailable)', () => {
    const text = DS_YAML.replace('spec:\n  selector', 'spec:\n  updateStrategy:\n    rollingUpdate:\n      maxSurge: 1\n  selector');
    expect(diagnoseApply(createCluster(), text, 'ds.yaml')).toEqual([
      {
        severity: 'error',
        message: 'spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero',
        path: 'spec.updateStrategy.rollingUpdate.maxSurge',
        ...at(8, 7, 15),
      },
    ]);
  });

  it('checks an update against the live object: the selector is immutable', () => {
    const cluster = createCluster();
    expect(exec(cluster, 'kubectl apply -f -', DS_YAML).exitCode).toBe(0);
    const [d, ...rest] = diagnoseApply(cluster, DS_YAML.replace(/app: log-agent/g, 'app: logs'), 'ds.yaml');
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'error', path: 'spec.selector', ...at(6, 3, 11) });
    expect(d!.message).toMatch(/^spec\.selector: Invalid value: .*"app":"logs".*: field is immutable$/);
  });

  it('places a field error whose field is not written on its nearest written ancestor', () => {
    const text = DS_YAML.replace('      - name: agent\n        image: registry.example/log-agent:1.0\n', '      - name: agent\n');
    expect(diagnoseApply(createCluster(), text, 'ds.yaml')).toEqual([
      {
        severity: 'error',
        message: 'spec.template.spec.containers[0].image: Required value',
        path: 'spec.template.spec.containers[0].image',
        ...at(15, 9, 13),
      },
    ]);
  });

  it('marks a kind the cluster does not serve on the kind', () => {
    const [d] = diagnoseApply(createCluster(), DS_YAML.replace('DaemonSet', 'Deployment'), 'ds.yaml');
    expect(d).toEqual({
      severity: 'error',
      message: 'resource mapping not found for name: "log-agent" namespace: "" from "ds.yaml": no matches for kind "Deployment" in version "apps/v1"\nensure CRDs are installed first',
      ...at(2, 7, 17),
    });
  });

  it('gives an error without a field cause as kubectl prints it, on the field it is about', () => {
    const text = DS_YAML.replace('  name: log-agent', '  name: log-agent\n  namespace: monitoring');
    expect(diagnoseApply(createCluster(), text, 'ds.yaml')).toEqual([
      { severity: 'error', message: 'Error from server (NotFound): error when creating "ds.yaml": namespaces "monitoring" not found', ...at(5, 3, 12) },
    ]);
  });

  it('knows a Namespace created earlier in the same file', () => {
    const ns = 'apiVersion: v1\nkind: Namespace\nmetadata:\n  name: monitoring\n---\n';
    const text = ns + DS_YAML.replace('  name: log-agent', '  name: log-agent\n  namespace: monitoring');
    expect(diagnoseApply(createCluster(), text, 'ds.yaml')).toEqual([]);
  });

  it('reports every document, each at its own lines, in order', () => {
    const pod = '---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: p\nspec:\n  containers: []\n';
    const text = DS_YAML.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector') + pod;
    expect(diagnoseApply(createCluster(), text, 'ds.yaml').map((d) => [d.line, d.message])).toEqual([
      [6, 'unknown field "spec.replicas"'],
      [24, 'spec.containers: Required value'],
    ]);
  });

  it('never throws on hostile input', () => {
    for (const text of ['', '---', ': : :', 'a: &a [*a]', '\t- x', 'kind: [', '{'.repeat(2000)]) {
      expect(() => diagnoseApply(createCluster(), text, 'x.yaml')).not.toThrow();
    }
  });

  it('changes nothing: store, clock, RNG and later generated names are as without it', () => {
    const script = (c: ReturnType<typeof createCluster>) => {
      exec(c, 'sim node add node-1');
      exec(c, 'sim settle');
    };
    const plain = createCluster();
    const checked = createCluster();
    script(plain);
    script(checked);
    const before = JSON.stringify(checked.snapshot());
    const traced = checked.traceEntries().length;
    // a create (draws a uid) and an update (the live object exists) both dry-run
    diagnoseApply(checked, DS_YAML, 'ds.yaml');
    exec(checked, 'kubectl apply -f -', DS_YAML.replace('log-agent', 'other'));
    exec(plain, 'kubectl apply -f -', DS_YAML.replace('log-agent', 'other'));
    const afterApply = JSON.stringify(checked.snapshot());
    diagnoseApply(checked, DS_YAML.replace('log-agent', 'other').replace(':1.0', ':2.0'), 'ds.yaml');
    expect(JSON.stringify(checked.snapshot())).toBe(afterApply);
    expect(before).not.toBe(afterApply);
    expect(checked.traceEntries().length).toBeGreaterThan(traced);
    for (const c of [plain, checked]) exec(c, 'sim settle');
    const pods = (c: ReturnType<typeof createCluster>) => exec(c, 'kubectl get pods -o name').stdout;
    expect(pods(checked)).toBe(pods(plain));
    expect(pods(checked)).toMatch(/^pod\/other-\w{5}\n$/);
  });
});

describe('parentPath', () => {
  it('drops the last segment: a name, an index or a bracketed key', () => {
    expect(parentPath('spec.template.spec.containers[0]')).toBe('spec.template.spec.containers');
    expect(parentPath('metadata.labels[app.kubernetes.io/name]')).toBe('metadata.labels');
    expect(parentPath('spec.selector')).toBe('spec');
    expect(parentPath('spec')).toBe('');
  });
});
