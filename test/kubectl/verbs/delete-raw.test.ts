/**
 * `kubectl delete --raw URI`: kubectl v1.34 `DeleteOptions.Validate` (its raw checks, recorded
 * from kubectl 1.32, which makes them offline) and `RunDelete` through `rawhttp.RawDelete`, which
 * copies the API server's answer to standard output. The answers follow the apiserver: the
 * generic registry's `finalizeDelete` answers a removed object without `ReturnDeletedObject` with
 * a Status whose `details.kind` is the resource, encoded compact by `json.Encoder` (a newline
 * after it); an error answer is printed by CheckErr. The playground refuses the answers it cannot
 * give before deleting anything (collections, subresources, query strings, -f bodies).
 */
import { describe, expect, it } from 'vitest';
import { addDaemonSet, addNode, addPod, expectUnchanged, fixture } from './mutating-fixture.js';

function cluster() {
  const f = fixture();
  addNode(f.cluster, 'node-1');
  addNode(f.cluster, 'node-2');
  addPod(f.cluster, { name: 'web', node: 'node-1' });
  addDaemonSet(f.cluster, 'agent');
  return f;
}
const failed = (stderr: string) => ({ exitCode: 1, stdout: '', stderr });

describe('kubectl delete --raw: the answer of the API server', () => {
  it('a DaemonSet: removed, and the Status naming it printed as the API server wrote it', () => {
    const f = cluster();
    const uid = f.cluster.store.get('DaemonSet', 'default', 'agent')!.metadata.uid;
    expect(f.run('kubectl delete --raw /apis/apps/v1/namespaces/default/daemonsets/agent')).toEqual({
      exitCode: 0,
      stdout: `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","details":{"name":"agent","group":"apps","kind":"daemonsets","uid":"${uid}"}}\n`,
      stderr: '',
    });
    expect(f.cluster.store.get('DaemonSet', 'default', 'agent')).toBeUndefined();
  });

  it('a node of the core group: no group in the details', () => {
    const f = cluster();
    const uid = f.cluster.store.get('Node', '', 'node-2')!.metadata.uid;
    expect(f.run('kubectl delete --raw /api/v1/nodes/node-2').stdout).toBe(
      `{"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","details":{"name":"node-2","kind":"nodes","uid":"${uid}"}}\n`,
    );
    expect(f.cluster.store.get('Node', '', 'node-2')).toBeUndefined();
  });

  it('the API server refusing: NotFound, and Forbidden for a namespace it keeps', () => {
    const f = cluster();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete --raw /apis/apps/v1/namespaces/default/daemonsets/nope')).toEqual(failed('Error from server (NotFound): daemonsets.apps "nope" not found\n'));
      expect(f.run('kubectl delete --raw /api/v1/namespaces/other/pods/web')).toEqual(failed('Error from server (NotFound): pods "web" not found\n'));
      expect(f.run('kubectl delete --raw /api/v1/namespaces/default')).toEqual(
        failed('Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted\n'),
      );
    });
  });

  it('the delete flags do not apply: --dry-run, arguments and --cascade are ignored (the deprecation warning stays)', () => {
    const f = cluster();
    const r = f.run('kubectl delete pods --all --raw /apis/apps/v1/namespaces/default/daemonsets/agent --dry-run=client --cascade=false');
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe('warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\n');
    expect(f.cluster.store.get('DaemonSet', 'default', 'agent')).toBeUndefined();
    expect(f.cluster.store.get('Pod', 'default', 'web')).toBeDefined();
  });
});

describe('kubectl delete --raw: what kubectl refuses (recorded from kubectl 1.32)', () => {
  it('in Validate order, after the checks of every delete', () => {
    const f = cluster();
    const uri = '/api/v1/nodes/node-1';
    expectUnchanged(f.cluster, () => {
      expect(f.run(`kubectl delete --raw ${uri} -o yaml -i`)).toEqual(failed("error: unexpected -o output mode: yaml. We only support '-o name'\n"));
      expect(f.run(`kubectl delete --raw ${uri} --all -l a=b -i`)).toEqual(failed('error: cannot set --all and --selector at the same time\n'));
      expect(f.run(`kubectl delete --raw ${uri} -i -f a -f b -R -o name`)).toEqual(failed('error: --interactive can not be used with --raw\n'));
      expect(f.run(`kubectl delete --raw ${uri} -f a.yaml -f b.yaml`)).toEqual(failed('error: --raw can only use a single local file or stdin\n'));
      expect(f.run(`kubectl delete --raw ${uri} -f http://x/a.yaml`)).toEqual(failed('error: --raw cannot read from a url\n'));
      expect(f.run(`kubectl delete --raw ${uri} -R`)).toEqual(failed('error: --raw and --recursive are mutually exclusive\n'));
      expect(f.run(`kubectl delete --raw ${uri} -o name`)).toEqual(failed('error: --raw and --output are mutually exclusive\n'));
    });
  });

  it('a URI that is not a request path', () => {
    const f = cluster();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete --raw api/v1/nodes/node-1')).toEqual(failed('error: --raw must be a valid URL path: parse "api/v1/nodes/node-1": invalid URI for request\n'));
      expect(f.run('kubectl delete --raw :x')).toEqual(failed('error: --raw must be a valid URL path: parse ":x": missing protocol scheme\n'));
      expect(f.run('kubectl delete --raw /api/v1/nodes/%zz')).toEqual(failed('error: --raw must be a valid URL path: parse "/api/v1/nodes/%zz": invalid URL escape "%zz"\n'));
      expect(f.run('kubectl delete --raw /a%2')).toEqual(failed('error: --raw must be a valid URL path: parse "/a%2": invalid URL escape "%2"\n'));
    });
  });
});

describe('kubectl delete --raw: answers that are the object itself (ReturnDeletedObject, finalizers)', () => {
  it('a pod, a namespace and an object its finalizers keep are printed as get --raw prints them, marked deleted', () => {
    const f = cluster();
    f.run('kubectl create namespace team');
    f.run(`kubectl patch ds agent -p '{"metadata":{"finalizers":["example.com/keep"]}}'`);
    const body = (line: string) => {
      const r = f.run(line);
      expect([r.exitCode, r.stderr, r.stdout.endsWith('}\n'), r.stdout.slice(0, -1).includes('\n')]).toEqual([0, '', true, false]);
      return JSON.parse(r.stdout) as { kind: string; metadata: { name: string; deletionTimestamp?: string; deletionGracePeriodSeconds?: number }; status?: { phase?: string } };
    };
    const pod = body('kubectl delete --raw /api/v1/namespaces/default/pods/web');
    expect([pod.kind, pod.metadata.name, pod.metadata.deletionGracePeriodSeconds]).toEqual(['Pod', 'web', 30]);
    expect(pod.metadata.deletionTimestamp).toBeDefined();
    const ns = body('kubectl delete --raw /api/v1/namespaces/team');
    expect([ns.kind, ns.status?.phase]).toEqual(['Namespace', 'Terminating']);
    const ds = body('kubectl delete --raw /apis/apps/v1/namespaces/default/daemonsets/agent');
    expect([ds.kind, ds.metadata.deletionTimestamp !== undefined]).toEqual(['DaemonSet', true]);
    expect(f.cluster.store.get('DaemonSet', 'default', 'agent')?.metadata.deletionTimestamp).toBeDefined();
  });
});

describe('kubectl delete --raw: what the playground refuses, changing nothing', () => {
  it('collections, subresources, query strings, -f bodies and paths that are not resources', () => {
    const f = cluster();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl delete --raw /api/v1/namespaces/default/pods')).toEqual(
        failed(
          'error: kubectl delete --raw of a whole collection is not available in this playground: name one object (/api/v1/nodes/NAME, /api/v1/namespaces/NS/pods/NAME or /apis/apps/v1/namespaces/NS/daemonsets/NAME) or use kubectl delete pods --all\n',
        ),
      );
      expect(f.run('kubectl delete --raw /api/v1/namespaces/default/pods/web/status')).toEqual(
        failed(
          'error: kubectl delete --raw of a subresource is not available in this playground: name the object itself (/api/v1/nodes/NAME, /api/v1/namespaces/NS/pods/NAME or /apis/apps/v1/namespaces/NS/daemonsets/NAME)\n',
        ),
      );
      for (const uri of ['/version', '/apis/apps/v1', '/healthz']) {
        expect(f.run(`kubectl delete --raw ${uri}`)).toEqual(
          failed(
            `error: kubectl delete --raw is available in this playground for one object's path (/api/v1/nodes/NAME, /api/v1/namespaces/NS/pods/NAME or /apis/apps/v1/namespaces/NS/daemonsets/NAME); "${uri}" is not one\n`,
          ),
        );
      }
      expect(f.run('kubectl delete --raw /api/v1/namespaces/default/pods/web?gracePeriodSeconds=0')).toEqual(
        failed('error: kubectl delete --raw with a query string is not available in this playground: use kubectl delete and its flags (--grace-period, --cascade, --dry-run)\n'),
      );
      expect(f.run('kubectl delete --raw /api/v1/nodes/node-1 -f opts.json')).toEqual(
        failed('error: kubectl delete --raw -f (a DeleteOptions body) is not available in this playground: give the URI alone\n'),
      );
    });
  });

  it('a resource path the API server has no route for is its generic 404, as kubectl get --raw answers it', () => {
    const f = cluster();
    expectUnchanged(f.cluster, () => {
      for (const uri of ['/api/v1/namespaces/default/configmaps/x', '/apis/apps/v1beta1/namespaces/default/daemonsets/agent', '/api/v1/pods/web']) {
        expect(f.run(`kubectl delete --raw ${uri}`)).toEqual(failed('Error from server (NotFound): the server could not find the requested resource\n'));
      }
    });
  });

  it('the path is cleaned as client-go cleans it, a trailing slash ignored', () => {
    const f = cluster();
    expect(f.run('kubectl delete --raw /api/v1/./nodes//node-2/').stdout).toContain('"details":{"name":"node-2","kind":"nodes"');
    expect(f.cluster.store.get('Node', '', 'node-2')).toBeUndefined();
  });
});
