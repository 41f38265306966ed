import { describe, expect, test } from 'vitest';
import { event, put, run, scene } from './fixtures.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

describe('kubectl get tables', () => {
  test('nodes: Ready / NotReady,SchedulingDisabled / Unknown, roles and version', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get nodes').stdout).toBe(
      lines(
        'NAME     STATUS                        ROLES           AGE   VERSION',
        'node-1   Ready                         control-plane   60m   v1.32.0',
        'node-2   NotReady,SchedulingDisabled   <none>          60m   v1.32.0',
        'node-3   Unknown                       <none>          30s   v1.32.0',
      ),
    );
  });

  test('nodes -o wide adds addresses and system info', () => {
    const { c } = scene();
    const out = run(c, 'kubectl get no node-1 -o wide').stdout;
    expect(out).toBe(
      lines(
        'NAME     STATUS   ROLES           AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE                         KERNEL-VERSION   CONTAINER-RUNTIME',
        'node-1   Ready    control-plane   60m   v1.32.0   10.0.0.1      <none>        Debian GNU/Linux 12 (bookworm)   6.1.0-18-amd64   containerd://1.7.13',
      ),
    );
  });

  test('daemonsets, narrow and wide', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get ds').stdout).toBe(
      lines(
        'NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE',
        'agent   3         3         2       2            2           <none>          10m',
      ),
    );
    expect(run(c, 'kubectl get daemonsets.apps -o wide').stdout).toBe(
      lines(
        'NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE   CONTAINERS   IMAGES                     SELECTOR',
        'agent   3         3         2       2            2           <none>          10m   agent        registry.example/agent:1   app=agent',
      ),
    );
  });

  test('pods: ready counts, reasons, restarts; wide adds IP and NODE', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods').stdout).toBe(
      lines(
        'NAME          READY   STATUS              RESTARTS   AGE',
        'agent-4x7kq   1/1     Running             0          5m',
        'agent-9fz2m   1/1     Running             1          5m',
        'agent-bbq5s   0/1     ContainerCreating   0          20s',
        'web           0/1     Running             0          2m',
      ),
    );
    expect(run(c, 'kubectl get po agent-4x7kq web -o wide').stdout).toBe(
      lines(
        'NAME          READY   STATUS    RESTARTS   AGE   IP           NODE     NOMINATED NODE   READINESS GATES',
        'agent-4x7kq   1/1     Running   0          5m    10.244.0.5   node-1   <none>           <none>',
        'web           0/1     Running   0          2m    <none>       <none>   <none>           <none>',
      ),
    );
  });

  test('-A adds NAMESPACE; --show-labels adds LABELS; --no-headers drops the header', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods -A -l app!=agent --show-labels').stdout).toBe(
      lines(
        'NAMESPACE     NAME      READY   STATUS    RESTARTS   AGE   LABELS',
        'default       web       0/1     Running   0          2m    app=web',
        'kube-system   coredns   1/1     Running   0          5m    k8s=dns',
      ),
    );
    expect(run(c, 'kubectl get ds --no-headers').stdout).toBe(lines('agent   3     3     2     2     2     <none>   10m'));
  });

  test('-L shows label values as columns', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods -n kube-system -L k8s,app').stdout).toBe(
      lines('NAME      READY   STATUS    RESTARTS   AGE   K8S   APP', 'coredns   1/1     Running   0          5m    dns   '),
    );
  });

  test('controllerrevisions name their controller', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get controllerrevisions').stdout).toBe(
      lines('NAME          CONTROLLER             REVISION   AGE', 'agent-hash1   daemonset.apps/agent   1          10m', 'agent-hash2   daemonset.apps/agent   2          5m'),
    );
  });

  test('events in the API server\'s list order (by name), not by time: kubectl get sorts only with --sort-by', () => {
    const { c, ds } = scene();
    const web = c.store.get('Pod', 'default', 'web')!;
    put(c, event(web, 'FailedScheduling', '0/3 nodes are available: 3 node(s) had untolerated taint(s).', { type: 'Warning', first: -120, last: -5, count: 4, source: 'default-scheduler' }));
    put(c, event(ds, 'SuccessfulCreate', 'Created pod: agent-4x7kq', { first: -300 }));
    put(c, event(ds, 'SuccessfulDelete', 'Deleted pod: agent-4x7kq', { first: -1 }));
    expect(run(c, 'kubectl get events').stdout).toBe(
      lines(
        'LAST SEEN   TYPE      REASON             OBJECT            MESSAGE',
        '5m          Normal    SuccessfulCreate   daemonset/agent   Created pod: agent-4x7kq',
        '1s          Normal    SuccessfulDelete   daemonset/agent   Deleted pod: agent-4x7kq',
        '5s          Warning   FailedScheduling   pod/web           0/3 nodes are available: 3 node(s) had untolerated taint(s).',
      ),
    );
    expect(run(c, 'kubectl get ev --field-selector reason=SuccessfulCreate -o wide').stdout).toBe(
      lines(
        'LAST SEEN   TYPE     REASON             OBJECT            SUBOBJECT   SOURCE                 MESSAGE                    FIRST SEEN   COUNT   NAME',
        '5m          Normal   SuccessfulCreate   daemonset/agent               daemonset-controller   Created pod: agent-4x7kq   5m           1       agent.00000002',
      ).replace('agent.00000002', c.store.list('Event').find((e) => e.reason === 'SuccessfulCreate')!.metadata.name),
    );
  });

  test('priorityclasses and namespaces', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pc system-node-critical').stdout).toBe(
      lines('NAME                   VALUE        GLOBAL-DEFAULT   AGE   PREEMPTIONPOLICY', 'system-node-critical   2000001000   false            0s    PreemptLowerPriority'),
    );
    expect(run(c, 'kubectl get ns').stdout).toBe(
      lines('NAME              STATUS   AGE', 'default           Active   0s', 'kube-node-lease   Active   0s', 'kube-public       Active   0s', 'kube-system       Active   0s'),
    );
  });

  test('several types print one table each, names prefixed with their kind', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get ds,pods -l app=agent').stdout).toBe(
      lines(
        'NAME                   DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE',
        'daemonset.apps/agent   3         3         2       2            2           <none>          10m',
        '',
        'NAME              READY   STATUS              RESTARTS   AGE',
        'pod/agent-4x7kq   1/1     Running             0          5m',
        'pod/agent-9fz2m   1/1     Running             1          5m',
        'pod/agent-bbq5s   0/1     ContainerCreating   0          20s',
      ),
    );
    expect(run(c, 'kubectl get ds/agent pod/web').stdout).toBe(
      lines(
        'NAME                   DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE',
        'daemonset.apps/agent   3         3         2       2            2           <none>          10m',
        '',
        'NAME      READY   STATUS    RESTARTS   AGE',
        'pod/web   0/1     Running   0          2m',
      ),
    );
  });

  test('an empty type among several prints nothing for that type', () => {
    const { c } = scene();
    const r = run(c, 'kubectl get pods,ds -l app=web');
    expect(r.stdout).toBe(lines('NAME      READY   STATUS    RESTARTS   AGE', 'pod/web   0/1     Running   0          2m'));
    expect(r.stderr).toBe('');
  });
});

describe('kubectl get selection', () => {
  test('--field-selector on pods: spec.nodeName, status.phase, !=', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods --field-selector spec.nodeName=node-1 -o name').stdout).toBe('pod/agent-4x7kq\n');
    expect(run(c, 'kubectl get pods --field-selector=status.phase=Pending -o name').stdout).toBe('pod/agent-bbq5s\n');
    expect(run(c, 'kubectl get pods --field-selector spec.nodeName!=node-1,metadata.name!=web -o name').stdout).toBe('pod/agent-9fz2m\npod/agent-bbq5s\n');
    expect(run(c, 'kubectl get pods -A --field-selector metadata.namespace=kube-system -o name').stdout).toBe('pod/coredns\n');
  });

  test('--field-selector on events: involvedObject and type', () => {
    const { c, ds } = scene();
    put(c, event(ds, 'SuccessfulCreate', 'Created pod: agent-4x7kq'));
    put(c, event(c.store.get('Pod', 'default', 'web')!, 'FailedScheduling', 'no', { type: 'Warning' }));
    const names = (line: string) => run(c, line).stdout.trim().split('\n').slice(1).map((l) => l.split(/\s+/)[3]);
    expect(names('kubectl get events --field-selector involvedObject.kind=Pod')).toEqual(['pod/web']);
    expect(names('kubectl get events --field-selector type=Warning')).toEqual(['pod/web']);
    expect(names('kubectl get events --field-selector involvedObject.name=agent')).toEqual(['daemonset/agent']);
  });

  test('an unsupported field is the API server BadRequest', () => {
    const { c } = scene();
    const r = run(c, 'kubectl get pods --field-selector foo=bar');
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('Error from server (BadRequest): Unable to find "/v1, Resource=pods" that match label selector "", field selector "foo=bar": field label not supported: foo\n');
    expect(run(c, 'kubectl get ds -l app=agent --field-selector spec.nodeName=x').stderr).toBe(
      'Error from server (BadRequest): Unable to find "apps/v1, Resource=daemonsets" that match label selector "app=agent", field selector "spec.nodeName=x": field label not supported: spec.nodeName\n',
    );
    // A name every JavaScript object answers to is no field label either.
    expect(run(c, 'kubectl get events --field-selector constructor=x').stderr).toBe(
      'Error from server (BadRequest): Unable to find "/v1, Resource=events" that match label selector "", field selector "constructor=x": field label not supported: constructor\n',
    );
  });

  test('-l with set-based selectors', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods -A -l "app in (web),!k8s" -o name').stdout).toBe('pod/web\n');
    expect(run(c, 'kubectl get pods -A -l k8s -o name').stdout).toBe('pod/coredns\n');
  });

  test('nothing found: namespaced, -A and cluster-scoped messages on stderr', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods -l app=none')).toEqual({ exitCode: 0, stdout: '', stderr: 'No resources found in default namespace.\n' });
    expect(run(c, 'kubectl get ds -n kube-system')).toEqual({ exitCode: 0, stdout: '', stderr: 'No resources found in kube-system namespace.\n' });
    expect(run(c, 'kubectl get pods -A -l app=none').stderr).toBe('No resources found\n');
    expect(run(c, 'kubectl get nodes -l x=y').stderr).toBe('No resources found\n');
  });

  test('a missing name is the NotFound error; the found ones still print', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get ds nope')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): daemonsets.apps "nope" not found\n' });
    const r = run(c, 'kubectl get pods web nope');
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe(lines('NAME   READY   STATUS    RESTARTS   AGE', 'web    0/1     Running   0          2m'));
    expect(r.stderr).toBe('Error from server (NotFound): pods "nope" not found\n');
    expect(run(c, 'kubectl get pods nope --ignore-not-found')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  test('argument and flag errors use kubectl words', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get deployments').stderr).toBe('error: the server doesn\'t have a resource type "deployments"\nThis playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).\n');
    expect(run(c, 'kubectl get pods web -A').stderr).toBe('error: a resource cannot be retrieved by name across all namespaces\n');
    expect(run(c, 'kubectl get pods web -l app=web').stderr).toBe('error: name cannot be provided when a selector is specified\n');
    expect(run(c, 'kubectl get pods pod/web').stderr).toMatch(/^error: there is no need to specify a resource type as a separate argument/);
    expect(run(c, 'kubectl get').stderr).toContain('error: Required resource not specified.');
    expect(run(c, 'kubectl get pods -o toml').stderr).toBe(
      'error: unable to match a printer suitable for the output format "toml", allowed formats are: custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml\n',
    );
  });
});

describe('kubectl get extras', () => {
  test('`all` lists pods then daemonsets, kind-prefixed', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get all -l app=agent -o name').stdout).toBe('pod/agent-4x7kq\npod/agent-9fz2m\npod/agent-bbq5s\ndaemonset.apps/agent\n');
  });

  test('describe --show-events=false leaves the Events section out', () => {
    const { c, ds } = scene();
    put(c, event(ds, 'SuccessfulCreate', 'Created pod: agent-4x7kq'));
    expect(run(c, 'kubectl describe ds agent').stdout).toContain('\nEvents:\n');
    const quiet = run(c, 'kubectl describe ds agent --show-events=false').stdout;
    expect(quiet).not.toContain('Events:');
    expect(quiet.endsWith('  Tolerations:     <none>\n')).toBe(true);
  });
});

describe('kubectl get --server-print=false (cli-runtime HumanReadablePrinter default handler, printObjectMeta)', () => {
  test('NAME and AGE of any kind, with the namespace and label decorations', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods --server-print=false').stdout).toBe(lines('NAME          AGE', 'agent-4x7kq   5m', 'agent-9fz2m   5m', 'agent-bbq5s   20s', 'web           2m'));
    expect(run(c, 'kubectl get ds -o wide --server-print=false').stdout).toBe(lines('NAME    AGE', 'agent   10m'));
    expect(run(c, 'kubectl get pods -A --server-print=false --show-labels -l k8s').stdout).toBe(lines('NAMESPACE     NAME      AGE   LABELS', 'kube-system   coredns   5m    k8s=dns'));
  });

  test('--sort-by sorts the objects of every kind together, a header per run of one kind', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods,ds --server-print=false --sort-by=.metadata.creationTimestamp -l app').stdout).toBe(
      lines('NAME                   AGE', 'daemonset.apps/agent   10m', '', 'NAME              AGE', 'pod/agent-4x7kq   5m', 'pod/agent-9fz2m   5m', 'pod/web           2m', 'pod/agent-bbq5s   20s'),
    );
    // One object is not sorted (RuntimeSorter.Sort), so a path it lacks is no error; two are.
    expect(run(c, 'kubectl get po web --server-print=false --sort-by=.nothing').stdout).toBe(lines('NAME   AGE', 'web    2m'));
    expect(run(c, 'kubectl get po web agent-4x7kq --server-print=false --sort-by=.nothing').stderr).toBe(
      'error: couldn\'t find any field with path "{.nothing}" in the list of objects\n',
    );
  });
});

describe('kubectl get --chunk-size and --output-watch-events', () => {
  test('--chunk-size changes nothing printed; a bad value is the flag error (recorded from kubectl 1.32)', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods --chunk-size=1')).toEqual(run(c, 'kubectl get pods'));
    expect(run(c, 'kubectl get pods --chunk-size=1.5')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `error: invalid argument "1.5" for "--chunk-size" flag: strconv.ParseInt: parsing "1.5": invalid syntax\nSee 'kubectl get --help' for usage.\n`,
    });
    expect(run(c, 'kubectl get pods --chunk-size=99999999999999999999').stderr).toContain('strconv.ParseInt: parsing "99999999999999999999": value out of range');
  });

  test('--output-watch-events needs --watch; without a type the type is missing first (recorded from kubectl 1.32)', () => {
    const { c } = scene();
    expect(run(c, 'kubectl get pods --output-watch-events')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'error: --output-watch-events option can only be used with --watch or --watch-only\n',
    });
    expect(run(c, 'kubectl get --output-watch-events').stderr).toMatch(/^You must specify the type of resource to get\./);
    expect(run(c, 'kubectl get pods -w --output-watch-events --request-timeout=1s').stdout).toMatch(/^EVENT {6}NAME /);
  });
});
