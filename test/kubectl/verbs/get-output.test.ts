import { describe, expect, test } from 'vitest';
import { newCluster, node, put, run, scene } from './fixtures.js';

describe('kubectl get -o', () => {
  test('-o name prints kind.group/name', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get ds,nodes -o name').stdout).toBe('daemonset.apps/agent\nnode/node-1\nnode/node-2\nnode/node-3\n');
  });

  test('-o yaml of one object: the object itself, keys sorted, go-yaml quoting', () => {
    const c = newCluster();
    put(c, node('n1', { labels: { 'kubernetes.io/hostname': 'n1' } }));
    const out = run(c, 'kubectl get node n1 -o yaml').stdout;
    expect(out.startsWith('apiVersion: v1\nkind: Node\nmetadata:\n  creationTimestamp: "2025-12-31T23:00:00Z"\n  labels:\n    kubernetes.io/hostname: n1\n  name: n1\n')).toBe(true);
    expect(out).toContain('\n  resourceVersion: "');
    expect(out).toContain('\n  addresses:\n  - address: 10.0.0.1\n    type: InternalIP\n');
    expect(out).toContain('\n    cpu: "2"\n');
    expect(out).toContain('\n  - lastHeartbeatTime: "2025-12-31T23:59:50Z"\n');
    expect(out).toContain('\n    status: "True"\n    type: Ready\n');
    expect(out.endsWith('\n')).toBe(true);
  });

  test('-o yaml of a list (or of nothing) is a List', () => {
    const c = newCluster();
    expect(run(c, 'kubectl get pods -o yaml')).toEqual({ exitCode: 0, stdout: 'apiVersion: v1\nitems: []\nkind: List\nmetadata:\n  resourceVersion: ""\n', stderr: '' });
    const { c: c2 } = scene();
    const out = run(c2, 'kubectl get ds -o yaml').stdout;
    expect(out.startsWith('apiVersion: v1\nitems:\n- apiVersion: apps/v1\n  kind: DaemonSet\n')).toBe(true);
    expect(out.endsWith('kind: List\nmetadata:\n  resourceVersion: ""\n')).toBe(true);
  });

  test('-o json: four-space indent, sorted keys, List wrapper for several objects', () => {
    const { c } = scene();
    const single = run(c, 'kubectl get ds agent -o json').stdout;
    expect(single.startsWith('{\n    "apiVersion": "apps/v1",\n    "kind": "DaemonSet",\n    "metadata": {\n        "annotations": {\n')).toBe(true);
    expect(JSON.parse(single).status.numberReady).toBe(2);
    const list = JSON.parse(run(c, 'kubectl get pods agent-4x7kq web -o json').stdout);
    expect(list.kind).toBe('List');
    expect(list.items.map((p: { metadata: { name: string } }) => p.metadata.name)).toEqual(['agent-4x7kq', 'web']);
    expect(list.metadata).toEqual({ resourceVersion: '' });
  });

  test('-o json of a missing single object prints only the error', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pod nope -o json')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n' });
  });

  test('-o jsonpath: a named object is the object, a list is a List with items', () => {
    const { c } = scene();
    expect(run(c, "kubectl get ds agent -o jsonpath='{.status.numberReady}'").stdout).toBe('2');
    expect(run(c, "kubectl get pods -o jsonpath='{.items[*].metadata.name}'").stdout).toBe('agent-4x7kq agent-9fz2m agent-bbq5s web');
    expect(run(c, 'kubectl get pods -l app=agent -o jsonpath=\'{range .items[?(@.spec.nodeName=="node-2")]}{.metadata.name}{"\\n"}{end}\'').stdout).toBe('agent-9fz2m\n');
    expect(run(c, "kubectl get nodes -o jsonpath='{.items[0].metadata.labels.node-role\\.kubernetes\\.io/control-plane}'").stdout).toBe('');
    expect(run(c, "kubectl get nodes -o jsonpath='{.items[0].metadata.labels.kubernetes\\.io/os}'").stdout).toBe('linux');
  });

  test('-o jsonpath errors', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods -o jsonpath').stderr).toBe('error: template format specified but no template given\n');
    expect(run(c, "kubectl get pods -o jsonpath='{.items[9]}'").stderr).toMatch(/^error: error executing jsonpath "\{\.items\[9\]\}": Error executing template: array index out of bounds: index 9, length 4/);
  });

  test('-o custom-columns', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods -l app=agent -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IMAGES:.spec.containers[*].image,GATES:.spec.readinessGates').stdout).toBe(
      'NAME          NODE     IMAGES                     GATES\n' +
        'agent-4x7kq   node-1   registry.example/agent:1   <none>\n' +
        'agent-9fz2m   node-2   registry.example/agent:1   <none>\n' +
        'agent-bbq5s   node-3   registry.example/agent:1   <none>\n',
    );
    expect(run(c, 'kubectl get pods -o custom-columns=NAME').stderr).toBe('error: unexpected custom-columns spec: NAME, expected <header>:<json-path-expr>\n');
    // RelaxedJSONPathExpression's jsonRegexp: braces around all of the path or none, and a path inside them.
    const relaxed = "error: unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'\n";
    for (const path of ['{.metadata.name', 'metadata.name}', '{}']) expect(run(c, `kubectl get pods -o custom-columns=N:${path}`).stderr).toBe(relaxed);
    expect(run(c, 'kubectl get nodes -o custom-columns=N:{metadata.name} --no-headers').stdout).toMatch(/^node-/);
  });

  test('--sort-by orders by the path value', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods -o name --sort-by=.metadata.creationTimestamp').stdout).toBe('pod/agent-4x7kq\npod/agent-9fz2m\npod/web\npod/agent-bbq5s\n');
    expect(run(c, 'kubectl get pods -l app=agent --sort-by=.status.containerStatuses[0].restartCount -o name').stdout).toBe('pod/agent-4x7kq\npod/agent-bbq5s\npod/agent-9fz2m\n');
    expect(run(c, 'kubectl get pods --sort-by=.spec.nope').stderr).toBe('error: couldn\'t find any field with path "{.spec.nope}" in the list of objects\n');
  });
});
