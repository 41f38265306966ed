/**
 * `kubectl get --raw URI`: kubectl's checks of the flag (recorded from kubectl 1.32, which makes
 * them before it needs a server), and the playground API server's answers, derived from the
 * apiserver's handlers (named in each test): discovery, objects and lists as its JSON serializer
 * writes them, the list query parameters, health and version, and its errors.
 */
import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { newCluster, pod, put, run, scene } from './fixtures.js';

describe('kubectl get --raw: the flag checks (recorded from kubectl 1.32)', () => {
  test.each([
    ['kubectl get pods --raw /api', 'error: arguments may not be passed when --raw is specified'],
    ['kubectl get --raw=/x pods -o json', 'error: arguments may not be passed when --raw is specified'],
    ['kubectl get --raw /api -w', 'error: --raw may not be specified with other flags that filter the server request or alter the output'],
    ['kubectl get --raw /api --watch-only', 'error: --raw may not be specified with other flags that filter the server request or alter the output'],
    ['kubectl get --raw /api -l a=b', 'error: --raw may not be specified with other flags that filter the server request or alter the output'],
    ['kubectl get --raw /api -o yaml -w', 'error: --raw may not be specified with other flags that filter the server request or alter the output'],
    ['kubectl get --raw /api -o json', 'error: --raw and --output are mutually exclusive'],
    ['kubectl get --raw /api --show-labels -o wide', 'error: --raw and --output are mutually exclusive'],
    ['kubectl get --raw api/v1', 'error: --raw must be a valid URL path: parse "api/v1": invalid URI for request'],
    ["kubectl get --raw 'a b'", 'error: --raw must be a valid URL path: parse "a b": invalid URI for request'],
    ['kubectl get --raw ::', 'error: --raw must be a valid URL path: parse "::": missing protocol scheme'],
    ['kubectl get --raw /a%zz', 'error: --raw must be a valid URL path: parse "/a%zz": invalid URL escape "%zz"'],
    ["kubectl get --raw '/api%'", 'error: --raw must be a valid URL path: parse "/api%": invalid URL escape "%"'],
    ['kubectl get --raw /api --output-watch-events', 'error: --output-watch-events option can only be used with --watch or --watch-only'],
    [
      'kubectl get --raw /api --chunk-size=x',
      `error: invalid argument "x" for "--chunk-size" flag: strconv.ParseInt: parsing "x": invalid syntax\nSee 'kubectl get --help' for usage.`,
    ],
    [
      'kubectl get --raw /api --server-print=maybe',
      `error: invalid argument "maybe" for "--server-print" flag: strconv.ParseBool: parsing "maybe": invalid syntax\nSee 'kubectl get --help' for usage.`,
    ],
  ])('%s', (line, message) => {
    const r = run(newCluster(), line);
    expect(r).toEqual({ exitCode: 1, stdout: '', stderr: `${message}\n` });
  });

  test('an empty --raw is no --raw: get wants a type (recorded from kubectl 1.32)', () => {
    const r = run(newCluster(), 'kubectl get --raw=');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^You must specify the type of resource to get\./);
  });

  test('the other get flags are ignored: -n, -A, --field-selector, --sort-by, --server-print, --chunk-size', () => {
    const c = newCluster();
    const plain = run(c, 'kubectl get --raw /api/v1/namespaces');
    expect(run(c, 'kubectl get --raw /api/v1/namespaces -n kube-system -A --field-selector a=b --sort-by=.x --server-print=false --chunk-size=1')).toEqual(plain);
  });
});

describe('kubectl get --raw: discovery (apiserver endpoints/discovery, kube-aggregator apisHandler)', () => {
  test('/api: APIVersions, kind without apiVersion, compact JSON and a newline', () => {
    expect(run(newCluster(), 'kubectl get --raw /api')).toEqual({
      exitCode: 0,
      stdout: '{"kind":"APIVersions","versions":["v1"],"serverAddressByClientCIDRs":[{"clientCIDR":"0.0.0.0/0","serverAddress":"10.0.0.1:6443"}]}\n',
      stderr: '',
    });
  });

  test('/apis: APIGroupList in the aggregator priority order', () => {
    const group = (g: string) =>
      `{"name":"${g}","versions":[{"groupVersion":"${g}/v1","version":"v1"}],"preferredVersion":{"groupVersion":"${g}/v1","version":"v1"}}`;
    expect(run(newCluster(), 'kubectl get --raw /apis').stdout).toBe(
      `{"kind":"APIGroupList","apiVersion":"v1","groups":[${group('apps')},${group('scheduling.k8s.io')}]}\n`,
    );
    expect(run(newCluster(), 'kubectl get --raw /apis/').stdout).toBe(run(newCluster(), 'kubectl get --raw /apis').stdout);
    expect(run(newCluster(), 'kubectl get --raw /apis/apps').stdout).toBe(`{"kind":"APIGroup","apiVersion":"v1",${group('apps').slice(1)}\n`);
  });

  test('/apis/apps/v1: resources sorted by name, each status subresource after its resource', () => {
    const all = '"verbs":["create","delete","deletecollection","get","list","patch","update","watch"]';
    expect(run(newCluster(), 'kubectl get --raw /apis/apps/v1').stdout).toBe(
      '{"kind":"APIResourceList","apiVersion":"v1","groupVersion":"apps/v1","resources":[' +
        `{"name":"controllerrevisions","singularName":"controllerrevision","namespaced":true,"kind":"ControllerRevision",${all},` +
        '"storageVersionHash":"85nkx63pcBU="},' +
        `{"name":"daemonsets","singularName":"daemonset","namespaced":true,"kind":"DaemonSet",${all},` +
        '"shortNames":["ds"],"categories":["all"],"storageVersionHash":"dd7pWHUlMKQ="},' +
        '{"name":"daemonsets/status","singularName":"","namespaced":true,"kind":"DaemonSet","verbs":["get","patch","update"]}]}\n',
    );
  });

  test('/api/v1: the legacy list has no apiVersion; namespaces lack deletecollection', () => {
    const doc = JSON.parse(run(newCluster(), 'kubectl get --raw /api/v1').stdout) as { resources: { name: string; verbs: string[] }[] };
    expect(Object.keys(doc)).toEqual(['kind', 'groupVersion', 'resources']);
    expect(doc.resources.map((r) => r.name)).toEqual(['events', 'namespaces', 'namespaces/status', 'nodes', 'nodes/status', 'pods', 'pods/status']);
    expect(doc.resources[1]!.verbs).toEqual(['create', 'delete', 'get', 'list', 'patch', 'update', 'watch']);
  });

  test('storageVersionHash is discovery.StorageVersionHash: base64 of 8 bytes of sha256("group/version/Kind")', () => {
    const c = newCluster();
    for (const path of ['/api/v1', '/apis/apps/v1', '/apis/scheduling.k8s.io/v1']) {
      const doc = JSON.parse(run(c, `kubectl get --raw ${path}`).stdout) as { groupVersion: string; resources: { kind: string; storageVersionHash?: string }[] };
      const gv = doc.groupVersion.includes('/') ? doc.groupVersion : `/${doc.groupVersion}`;
      for (const r of doc.resources.filter((x) => x.storageVersionHash !== undefined)) {
        expect(r.storageVersionHash).toBe(createHash('sha256').update(`${gv}/${r.kind}`).digest().subarray(0, 8).toString('base64'));
      }
    }
  });

  test('an unknown group or version is the generic 404', () => {
    for (const path of ['/apis/batch', '/apis/apps/v2', '/api/v2', '/apis/batch/v1/jobs']) {
      expect(run(newCluster(), `kubectl get --raw ${path}`)).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'Error from server (NotFound): the server could not find the requested resource\n',
      });
    }
  });
});

describe('kubectl get --raw: objects and lists (handlers.GetResource / ListResource, the JSON serializer)', () => {
  test('an object: Go struct field order, TypeMeta first, compact with a newline', () => {
    const c = newCluster();
    const uid = c.store.get('Namespace', '', 'default')!.metadata.uid;
    expect(run(c, 'kubectl get --raw /api/v1/namespaces/default')).toEqual({
      exitCode: 0,
      stdout:
        `{"kind":"Namespace","apiVersion":"v1","metadata":{"name":"default","uid":"${uid}","resourceVersion":"1","creationTimestamp":"2026-01-01T00:00:00Z",` +
        '"labels":{"kubernetes.io/metadata.name":"default"}},"spec":{"finalizers":["kubernetes"]},"status":{"phase":"Active"}}\n',
      stderr: '',
    });
    expect(run(c, 'kubectl get --raw /api/v1/namespaces/default/status').stdout).toBe(run(c, 'kubectl get --raw /api/v1/namespaces/default').stdout);
  });

  test('?pretty=true: MarshalIndent with two spaces and no newline at the end', () => {
    const c = newCluster();
    const compact = run(c, 'kubectl get --raw /api/v1/namespaces/default').stdout;
    const pretty = run(c, "kubectl get --raw '/api/v1/namespaces/default?pretty=true'").stdout;
    expect(pretty).toBe(JSON.stringify(JSON.parse(compact), null, 2));
    expect(pretty).toMatch(/^\{\n {2}"kind": "Namespace",\n {2}"apiVersion": "v1",\n/);
    expect(run(c, "kubectl get --raw '/api/v1/namespaces/default?pretty=0'").stdout).toBe(compact);
  });

  test('a list: <Kind>List with the store resourceVersion, items in key order without kind and apiVersion', () => {
    const { c } = scene();
    const r = run(c, 'kubectl get --raw /api/v1/pods');
    expect(r.exitCode).toBe(0);
    expect(r.stdout.endsWith('}\n')).toBe(true);
    expect(r.stdout.slice(0, -1)).not.toContain('\n');
    const list = JSON.parse(r.stdout) as { metadata: unknown; items: { metadata: { namespace: string; name: string } }[] };
    expect(Object.keys(list)).toEqual(['kind', 'apiVersion', 'metadata', 'items']);
    expect(r.stdout).toMatch(/^\{"kind":"PodList","apiVersion":"v1","metadata":\{"resourceVersion":"\d+"\},"items":\[\{"metadata":/);
    expect(list.metadata).toEqual({ resourceVersion: String(c.store.resourceVersion) });
    expect(list.items.map((p) => `${p.metadata.namespace}/${p.metadata.name}`)).toEqual([
      'default/agent-4x7kq',
      'default/agent-9fz2m',
      'default/agent-bbq5s',
      'default/web',
      'kube-system/coredns',
    ]);
    for (const item of list.items) expect(Object.keys(item).slice(0, 3)).toEqual(['metadata', 'spec', 'status']);
  });

  test('a namespaced list in one namespace, and an empty one', () => {
    const { c } = scene();
    const names = (line: string) => (JSON.parse(run(c, line).stdout) as { items: { metadata: { name: string } }[] }).items.map((i) => i.metadata.name);
    expect(names('kubectl get --raw /api/v1/namespaces/kube-system/pods')).toEqual(['coredns']);
    expect(names('kubectl get --raw /apis/apps/v1/daemonsets')).toEqual(['agent']);
    expect(run(c, 'kubectl get --raw /apis/apps/v1/namespaces/nope/daemonsets').stdout).toBe(
      `{"kind":"DaemonSetList","apiVersion":"apps/v1","metadata":{"resourceVersion":"${c.store.resourceVersion}"},"items":[]}\n`,
    );
  });

  test('a missing object is the NotFound Status of its resource', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get --raw /api/v1/namespaces/default/pods/nope')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    });
    expect(run(c, 'kubectl get --raw /apis/apps/v1/namespaces/default/daemonsets/nope/status').stderr).toBe(
      'Error from server (NotFound): daemonsets.apps "nope" not found\n',
    );
  });

  test('paths without a route are the generic 404', () => {
    const { c } = scene();
    for (const path of [
      '/api/v1/pods/web',
      '/api/v1/namespaces/default/nodes',
      '/api/v1/foo',
      '/api/v1/namespaces/default/pods/web/log',
      '/apis/apps/v1/namespaces/default/controllerrevisions/agent-1/status',
      '/openapi/v2',
    ]) {
      expect(run(c, `kubectl get --raw ${path}`)).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'Error from server (NotFound): the server could not find the requested resource\n',
      });
    }
  });

  test('the path is cleaned as the REST client joins it; a URL host is dropped', () => {
    const { c } = scene();
    const web = run(c, 'kubectl get --raw /api/v1/namespaces/default/pods/web').stdout;
    expect(web).toContain('"name":"web"');
    expect(run(c, 'kubectl get --raw /api/./v1/namespaces/x/../default/pods/web/').stdout).toBe(web);
    expect(run(c, 'kubectl get --raw https://example.com:6443/api/v1/namespaces/default/pods/web').stdout).toBe(web);
    // url.Parse reads `//api` as a host: the request is for /v1.
    expect(run(c, 'kubectl get --raw //api/v1').stderr).toBe('Error from server (NotFound): the server could not find the requested resource\n');
  });

  test('watch=true is refused; watch=false is a list', () => {
    const { c } = scene();
    const r = run(c, "kubectl get --raw '/api/v1/pods?watch=true'");
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toMatch(/^error: watch=true is not supported in the playground/);
    expect(run(c, "kubectl get --raw '/api/v1/pods?watch=false'").stdout).toBe(run(c, 'kubectl get --raw /api/v1/pods').stdout);
  });
});

describe('kubectl get --raw: list query parameters (ListOptions conversion, PrepareContinueToken)', () => {
  const names = (out: string) => (JSON.parse(out) as { items: { metadata: { name: string } }[] }).items.map((i) => i.metadata.name);

  test('labelSelector and fieldSelector filter; a bad one is the BadRequest of the handler', () => {
    const { c } = scene();
    expect(names(run(c, "kubectl get --raw '/api/v1/namespaces/default/pods?labelSelector=app%3Dweb'").stdout)).toEqual(['web']);
    expect(names(run(c, "kubectl get --raw '/api/v1/pods?fieldSelector=spec.nodeName=node-1'").stdout)).toEqual(['agent-4x7kq', 'coredns']);
    expect(run(c, "kubectl get --raw '/api/v1/pods?fieldSelector=spec.foo=1'")).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'Error from server (BadRequest): field label not supported: spec.foo\n',
    });
    expect(run(c, "kubectl get --raw '/api/v1/pods?labelSelector=a+b'").stderr).toMatch(/^Error from server \(BadRequest\): unable to parse requirement: /);
  });

  test('limit and continue page through the list; remainingItemCount only without selectors', () => {
    const { c } = scene();
    const rv = c.store.resourceVersion;
    const first = JSON.parse(run(c, "kubectl get --raw '/api/v1/namespaces/default/pods?limit=3'").stdout) as { metadata: Record<string, unknown> };
    const token = Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: 'agent-bbq5s\u0000' })).toString('base64url');
    expect(first.metadata).toEqual({ resourceVersion: String(rv), continue: token, remainingItemCount: 1 });
    expect(names(JSON.stringify(first))).toEqual(['agent-4x7kq', 'agent-9fz2m', 'agent-bbq5s']);
    const second = run(c, `kubectl get --raw '/api/v1/namespaces/default/pods?limit=3&continue=${token}'`).stdout;
    expect(second).toMatch(new RegExp(`^\\{"kind":"PodList","apiVersion":"v1","metadata":\\{"resourceVersion":"${rv}"\\},"items":`));
    expect(names(second)).toEqual(['web']);
    // Across namespaces the key is namespace/name; with a selector there is no count.
    const all = JSON.parse(run(c, "kubectl get --raw '/api/v1/pods?limit=1&labelSelector=app'").stdout) as { metadata: Record<string, unknown> };
    const allToken = Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: 'default/agent-4x7kq\u0000' })).toString('base64url');
    expect(all.metadata).toEqual({ resourceVersion: String(rv), continue: allToken });
  });

  test('no continue token when the page ends the list', () => {
    const { c } = scene();
    const out = JSON.parse(run(c, "kubectl get --raw '/api/v1/namespaces/default/pods?limit=4'").stdout) as { metadata: unknown };
    expect(out.metadata).toEqual({ resourceVersion: String(c.store.resourceVersion) });
  });

  test('bad limit and continue values', () => {
    const { c } = scene();
    const err = (q: string) => run(c, `kubectl get --raw '/api/v1/pods?${q}'`).stderr;
    expect(err('limit=x')).toBe('Error from server (BadRequest): strconv.ParseInt: parsing "x": invalid syntax\n');
    expect(err('continue=@@')).toBe('Error from server (BadRequest): invalid continue token: continue key is not valid\n');
    const token = (t: object) => Buffer.from(JSON.stringify(t)).toString('base64url');
    expect(err(`continue=${token({ v: 'v9', rv: 3, start: 'a' })}`)).toBe(
      'Error from server (BadRequest): invalid continue token: continue key is not valid: server does not recognize this encoded version v9\n',
    );
    expect(err(`continue=${token({ v: 'meta.k8s.io/v1', rv: 0, start: 'a' })}`)).toBe(
      'Error from server (BadRequest): invalid continue token: continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)\n',
    );
    expect(err(`continue=${token({ v: 'meta.k8s.io/v1', rv: 3, start: '../a' })}`)).toBe(
      'Error from server (BadRequest): invalid continue token: continue key is not valid: ../a\n',
    );
    expect(err(`continue=${token({ v: 'meta.k8s.io/v1', rv: 3, start: 'a' })}&resourceVersion=5`)).toBe(
      'Error from server (BadRequest): specifying resource version is not allowed when using continue\n',
    );
  });
});

describe('kubectl get --raw: health, version and the root (WriteRawJSON)', () => {
  test('/healthz, /livez and /readyz answer ok without a newline', () => {
    for (const path of ['/healthz', '/livez', '/readyz']) {
      expect(run(newCluster(), `kubectl get --raw ${path}`)).toEqual({ exitCode: 0, stdout: 'ok', stderr: '' });
    }
    expect(run(newCluster(), "kubectl get --raw '/readyz?verbose'").stderr).toMatch(/^error: the playground does not list its health checks/);
  });

  test('/version: version.Info indented, without a newline', () => {
    const out = run(newCluster(), 'kubectl get --raw /version').stdout;
    expect(Object.keys(JSON.parse(out))).toEqual([
      'major',
      'minor',
      'emulationMajor',
      'emulationMinor',
      'minCompatibilityMajor',
      'minCompatibilityMinor',
      'gitVersion',
      'gitCommit',
      'gitTreeState',
      'buildDate',
      'goVersion',
      'compiler',
      'platform',
    ]);
    expect(out).toMatch(/^\{\n {2}"major": "1",\n {2}"minor": "34",\n {2}"emulationMajor": "1",\n {2}"emulationMinor": "34",\n/);
    expect(out.endsWith('\n}')).toBe(true);
  });

  test('/ lists the paths served', () => {
    const out = run(newCluster(), 'kubectl get --raw /').stdout;
    expect(JSON.parse(out)).toEqual({
      paths: [
        '/api',
        '/api/v1',
        '/apis',
        '/apis/',
        '/apis/apps',
        '/apis/apps/v1',
        '/apis/scheduling.k8s.io',
        '/apis/scheduling.k8s.io/v1',
        '/healthz',
        '/livez',
        '/readyz',
        '/version',
      ],
    });
    expect(out).toMatch(/^\{\n {2}"paths": \[\n {4}"\/api",\n/);
  });

  test('a pod written after the list changes the next answer (the store is read, not a copy)', () => {
    const c = newCluster();
    expect(run(c, 'kubectl get --raw /api/v1/namespaces/default/pods').stdout).toContain('"items":[]');
    put(c, pod('late'));
    expect(run(c, 'kubectl get --raw /api/v1/namespaces/default/pods').stdout).toContain('"name":"late"');
  });
});
