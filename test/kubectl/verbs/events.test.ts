/**
 * `kubectl events` (kubectl v1.34 pkg/cmd/events/events.go and event_printer.go) over
 * hand-built events, and the Go `sort.Sort` it orders them with.
 */
import { describe, expect, test } from 'vitest';
import { goSort } from '../../../src/kubectl/format/go-sort.js';
import { exec } from '../../../src/kubectl/exec.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';
import { event, node, put, run, scene } from './fixtures.js';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

function withEvents() {
  const { c, ds } = scene();
  const web = c.store.get('Pod', 'default', 'web')!;
  const dns = c.store.get('Pod', 'kube-system', 'coredns')!;
  const n1 = c.store.get('Node', '', 'node-1')!;
  put(c, event(web, 'FailedScheduling', '0/3 nodes are available: 3 node(s) had untolerated taint(s).', { type: 'Warning', first: -300, last: -5, count: 3, source: 'default-scheduler' }));
  put(c, event(ds, 'SuccessfulCreate', 'Created pod: agent-4x7kq', { first: -600 }));
  put(c, event(ds, 'SuccessfulDelete', 'Deleted pod: agent-4x7kq  ', { first: -1 }));
  put(c, event(n1, 'NodeReady', 'Node node-1 status is now: NodeReady', { first: -3590, source: 'kubelet' }));
  put(c, event(dns, 'Started', 'Started container coredns', { first: -3000, source: 'kubelet' }));
  return c;
}

describe('kubectl events', () => {
  test('oldest first by last timestamp; LAST SEEN shows "(xN over M)" for repeats; OBJECT is Kind/name as the event names it', () => {
    expect(run(withEvents(), 'kubectl events')).toEqual({
      exitCode: 0,
      stderr: '',
      stdout: lines(
        'LAST SEEN         TYPE      REASON             OBJECT            MESSAGE',
        '59m               Normal    NodeReady          Node/node-1       Node node-1 status is now: NodeReady',
        '10m               Normal    SuccessfulCreate   DaemonSet/agent   Created pod: agent-4x7kq',
        '5s (x3 over 5m)   Warning   FailedScheduling   Pod/web           0/3 nodes are available: 3 node(s) had untolerated taint(s).',
        '1s                Normal    SuccessfulDelete   DaemonSet/agent   Deleted pod: agent-4x7kq',
      ),
    });
  });

  test('-A adds NAMESPACE; --no-headers drops the heading; -n picks the namespace', () => {
    const c = withEvents();
    expect(run(c, 'kubectl events -A --no-headers --types Normal').stdout).toBe(
      lines(
        'default       59m   Normal   NodeReady          Node/node-1       Node node-1 status is now: NodeReady',
        'kube-system   50m   Normal   Started            Pod/coredns       Started container coredns',
        'default       10m   Normal   SuccessfulCreate   DaemonSet/agent   Created pod: agent-4x7kq',
        'default       1s    Normal   SuccessfulDelete   DaemonSet/agent   Deleted pod: agent-4x7kq',
      ),
    );
    expect(run(c, 'kubectl events -n kube-system').stdout).toBe(lines('LAST SEEN   TYPE     REASON    OBJECT        MESSAGE', '50m         Normal   Started   Pod/coredns   Started container coredns'));
    expect(run(c, 'kubectl events -A').stdout.split('\n')[0]).toBe('NAMESPACE     LAST SEEN         TYPE      REASON             OBJECT            MESSAGE');
  });

  test('--for TYPE/NAME filters by involvedObject kind and name (any spelling the RESTMapper knows)', () => {
    const c = withEvents();
    const objects = (line: string) => run(c, line).stdout.trim().split('\n').slice(1).map((l) => l.split(/\s{3,}/)[3]);
    expect(objects('kubectl events --for ds/agent')).toEqual(['DaemonSet/agent', 'DaemonSet/agent']);
    expect(objects('kubectl events --for=daemonsets/agent')).toEqual(['DaemonSet/agent', 'DaemonSet/agent']);
    expect(objects('kubectl events --for pod/web')).toEqual(['Pod/web']);
    expect(objects('kubectl events --for Node/node-1')).toEqual(['Node/node-1']);
    expect(run(c, 'kubectl events --for pod/nope')).toEqual({ exitCode: 0, stdout: '', stderr: 'No events found in default namespace.\n' });
    expect(run(c, 'kubectl events -A --for pod/nope')).toEqual({ exitCode: 0, stdout: '', stderr: 'No events found.\n' });
  });

  test('--for errors: kubectl\'s words', () => {
    const c = withEvents();
    expect(run(c, 'kubectl events --for web')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: --for must be in resource/name form\n' });
    expect(run(c, 'kubectl events --for deployment/web').stderr).toBe('error: the server doesn\'t have a resource type "deployment"\nThis playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).\n');
    // ResourceFor does not read a group out of the resource name
    expect(run(c, 'kubectl events --for daemonsets.apps/agent').stderr).toBe('error: the server doesn\'t have a resource type "daemonsets.apps"\nThis playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).\n');
    expect(run(c, 'kubectl events --for pod/a/b').stderr).toBe('error: arguments in resource/name form may not have more than one slash\n');
  });

  test('--types: comma lists and repeats, any case; anything else is refused', () => {
    const c = withEvents();
    const reasons = (line: string) => run(c, line).stdout.trim().split('\n').slice(1).map((l) => l.split(/\s{3,}/)[2]);
    expect(reasons('kubectl events --types=warning')).toEqual(['FailedScheduling']);
    expect(reasons('kubectl events --types Normal,Warning')).toHaveLength(4);
    expect(reasons('kubectl events --types Normal --types WARNING')).toHaveLength(4);
    expect(run(c, 'kubectl events --types Error')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: valid --types are Normal or Warning\n' });
    expect(run(c, 'kubectl events --types Normal,Info').stderr).toBe('error: valid --types are Normal or Warning\n');
  });

  test('-o name, json (typed: struct field order), yaml, jsonpath; no table variants', () => {
    const c = withEvents();
    const names = c.store.list('Event', 'default').filter((e) => e.involvedObject.kind === 'DaemonSet').map((e) => e.metadata.name);
    expect(run(c, 'kubectl events --for ds/agent -o name').stdout).toBe(names.map((n) => `event/${n}\n`).join(''));
    const json = run(c, 'kubectl events --for ds/agent -o json').stdout;
    expect(Object.keys(JSON.parse(json))).toEqual(['kind', 'apiVersion', 'metadata', 'items']);
    expect(Object.keys(JSON.parse(json).items[0])).toEqual([
      'kind', 'apiVersion', 'metadata', 'involvedObject', 'reason', 'message', 'source', 'firstTimestamp', 'lastTimestamp', 'count', 'type', 'eventTime', 'reportingComponent', 'reportingInstance',
    ]);
    expect(json).toMatch(/^\{\n {4}"kind": "EventList",\n {4}"apiVersion": "v1",\n {4}"metadata": \{\},\n/);
    const yaml = run(c, 'kubectl events --for pod/web -o yaml').stdout;
    expect(yaml).toMatch(/^apiVersion: v1\nitems:\n- apiVersion: v1\n  count: 3\n  eventTime: null\n/);
    expect(yaml).toMatch(/\nkind: EventList\nmetadata: \{\}\n$/);
    expect(run(c, "kubectl events -o jsonpath='{.items[*].reason}'").stdout).toBe('NodeReady SuccessfulCreate FailedScheduling SuccessfulDelete');
    expect(run(c, 'kubectl events -o wide').stderr).toBe(
      'error: unable to match a printer suitable for the output format "wide", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
    );
    // an empty result prints the notice whatever the format
    expect(run(c, 'kubectl events --for pod/nope -o json')).toEqual({ exitCode: 0, stdout: '', stderr: 'No events found in default namespace.\n' });
  });

  test('--watch: the Events there are in the API server\'s order, each row flushed alone, then those written as the clock runs', () => {
    // runWatch prints the watch's first ADDED events unsorted (by namespace and name), flushing
    // the tab writer after each: the header sizes the first columns, later rows widen them.
    expect(run(withEvents(), 'kubectl events -w --request-timeout=1s')).toEqual({
      exitCode: 0,
      stderr: '',
      stdout: lines(
        'LAST SEEN   TYPE     REASON             OBJECT            MESSAGE',
        '10m         Normal   SuccessfulCreate   DaemonSet/agent   Created pod: agent-4x7kq',
        '1s          Normal   SuccessfulDelete   DaemonSet/agent   Deleted pod: agent-4x7kq',
        '59m         Normal   NodeReady          Node/node-1       Node node-1 status is now: NodeReady',
        '5s (x3 over 5m)   Warning   FailedScheduling   Pod/web           0/3 nodes are available: 3 node(s) had untolerated taint(s).',
      ),
    });
    const c = createCluster({ seed: 1 });
    exec(c, 'sim node add node-1');
    exec(c, 'sim settle');
    exec(c, 'kubectl apply -f -', agentYaml());
    const before = exec(c, 'kubectl events -o name').stdout.split('\n').length - 1;
    const r = exec(c, 'kubectl events -w -o name');
    const names = r.stdout.trimEnd().split('\n');
    // The pod's Pulled, Created and Started come after the 10 there were (its Scheduled and
    // Pulling among them: the apply's own instant), as the kubelet writes them.
    expect([before, names.length]).toEqual([10, 13]);
    expect(names.slice(10).map((n) => exec(c, `kubectl get ${n} -o jsonpath={.reason}`).stdout)).toEqual(['Pulled', 'Created', 'Started']);
    expect(r.stderr).toMatch(/^watch stopped: the cluster settled 6s later, now 2026-01-01T00:00:16Z/);
    expect(exec(c, 'kubectl events -w --types=Warning --request-timeout=1m')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(exec(c, 'kubectl events -w --request-timeout=soon').stderr).toMatch(/^error: Invalid timeout value\./);
  });

  test('no events; positional arguments are ignored as upstream; unknown flags', () => {
    const { c } = scene();
    expect(run(c, 'kubectl events')).toEqual({ exitCode: 0, stdout: '', stderr: 'No events found in default namespace.\n' });
    put(c, event(node('node-9'), 'Starting', 'Starting kubelet.', { source: 'kubelet' }));
    expect(run(c, 'kubectl events pod/whatever').stdout).toContain('Node/node-9');
    expect(run(c, 'kubectl events --bogus').stderr).toBe("error: unknown flag: --bogus\nSee 'kubectl events --help' for usage.\n");
  });
});

describe('goSort: Go\'s sort.Sort (pdqsort), not a stable sort', () => {
  test('sorts, and keeps every element', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 10;
    for (const n of [0, 1, 2, 12, 13, 49, 50, 51, 200, 1000]) {
      const items = Array.from({ length: n }, (_, i) => ({ k: rand(), i }));
      const sorted = goSort(items, (a, b) => a.k < b.k);
      expect(sorted.map((x) => x.k)).toEqual([...items].map((x) => x.k).sort((a, b) => a - b));
      expect(sorted.map((x) => x.i).sort((a, b) => a - b)).toEqual(items.map((x) => x.i));
    }
  });

  test('up to 12 elements it is insertion sort: equal elements keep their order', () => {
    const items = [3, 1, 2, 1, 3, 1].map((k, i) => ({ k, i }));
    expect(goSort(items, (a, b) => a.k < b.k).map((x) => x.i)).toEqual([1, 3, 5, 2, 0, 4]);
  });

  test('from 13 elements on, equal elements can move: Go leaves [1, 0 x12] as e6, e1..e5, e7..e12, e0', () => {
    const items = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0].map((k, i) => ({ k, i }));
    expect(goSort(items, (a, b) => a.k < b.k).map((x) => x.i)).toEqual([6, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 0]);
  });
});
