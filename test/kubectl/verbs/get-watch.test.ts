import { describe, expect, it } from 'vitest';
import { exec, onlyReads, outputOf } from '../../../src/kubectl/exec.js';
import { parseRequestTimeout } from '../../../src/kubectl/verbs/watch-clock.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml, appliedOn } from '../agent-yaml.js';

const DS = agentYaml('registry.example/agent:1.0', 'agent');

/** Two new nodes and the DaemonSet just applied: its pods come once the nodes are ready. */
const applied = () => appliedOn('node-1 node-2', DS, false);

const SETTLED = (took: string, now: string) =>
  `watch stopped: the cluster settled ${took} later, now ${now}. kubectl would keep watching until Ctrl+C; --request-timeout=DURATION watches for a set time.\n`;

describe('kubectl get --watch: the objects, then each change as virtual time runs', () => {
  it('prints the header with the first row, each change as a row at its own time, and stops when the cluster settles', () => {
    const c = applied();
    const r = exec(c, 'kubectl get pods -w');
    // No pod yet (the nodes are not ready): the header comes with the first event. Each row is
    // flushed alone; the tab writer remembers widths, so rows after ContainerCreating keep its width.
    expect(r.stdout).toBe(
      [
        'NAME          READY   STATUS    RESTARTS   AGE',
        'agent-f2v2f   0/1     Pending   0          0s',
        'agent-m7cqj   0/1     Pending   0          0s',
        'agent-f2v2f   0/1     Pending   0          0s',
        'agent-m7cqj   0/1     Pending   0          0s',
        'agent-f2v2f   0/1     ContainerCreating   0          0s',
        'agent-m7cqj   0/1     ContainerCreating   0          0s',
        'agent-f2v2f   1/1     Running             0          6s',
        'agent-m7cqj   1/1     Running             0          6s',
        '',
      ].join('\n'),
    );
    expect(r.exitCode).toBe(0);
    expect(r.stderr).toBe(SETTLED('16s', '2026-01-01T00:00:16Z (+16s)'));
    expect(outputOf(r).map((o) => o.stream)).toEqual(['stdout', 'stderr']);
    expect(exec(c, 'sim now').stdout).toBe('2026-01-01T00:00:16Z (+16s)\n');
    // Nothing left to happen: the objects, and the watch ends at once.
    expect(exec(c, 'kubectl get pods -w --no-headers').stdout).toBe('agent-f2v2f   1/1   Running   0     6s\nagent-m7cqj   1/1   Running   0     6s\n');
  });

  it('--request-timeout watches for exactly that long, in seconds or as a duration, and ends without a word', () => {
    const c = applied();
    exec(c, 'sim settle');
    exec(c, 'kubectl set image ds/agent agent=registry.example/agent:2.0');
    const r = exec(c, 'kubectl get ds -w --request-timeout=40s');
    // The old pod is given its 30 s of grace before the new one is made.
    expect(r).toEqual({
      exitCode: 0,
      stdout: [
        'NAME    DESIRED   CURRENT   READY   UP-TO-DATE   AVAILABLE   NODE SELECTOR   AGE',
        'agent   2         2         2       0            2           <none>          16s',
        'agent   2         2         1       1            1           <none>          46s',
        'agent   2         2         2       1            2           <none>          52s',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(exec(c, 'sim now').stdout).toBe('2026-01-01T00:00:56Z (+56s)\n');
    expect(exec(c, 'kubectl get ds agent -w --request-timeout=5 -o name')).toEqual({ exitCode: 0, stdout: 'daemonset.apps/agent\n', stderr: '' });
    expect(exec(c, 'sim now').stdout).toBe('2026-01-01T00:01:01Z (+1m1s)\n');
  });

  it('sends what the watch cache sends through the selectors: ADDED on coming to match, DELETED (as it was) on leaving', () => {
    const c = applied();
    exec(c, 'sim settle');
    exec(c, 'kubectl delete pod agent-f2v2f --wait=false');
    const r = exec(c, 'kubectl get pods -w --field-selector=status.phase=Running --output-watch-events');
    expect(r.stdout).toBe(
      [
        'EVENT      NAME          READY   STATUS        RESTARTS   AGE',
        'ADDED      agent-f2v2f   1/1     Terminating   0          6s',
        'ADDED      agent-m7cqj   1/1     Running       0          6s',
        // The deleted pod's containers stop after its grace period: it is no longer Running.
        'DELETED    agent-f2v2f   1/1     Terminating   0          36s',
        // Its replacement is made, bound and started: it is Running from its second second.
        'ADDED      agent-dng4s   1/1     Running       0          1s',
        '',
      ].join('\n'),
    );
  });

  it('prints -o json, yaml and name object by object, and watch events as cli-runtime writes them', () => {
    const c = applied();
    exec(c, 'sim settle');
    const json = exec(c, 'kubectl get pods -o json -w --output-watch-events --request-timeout=1s').stdout.trimEnd().split('\n');
    expect(json).toHaveLength(2);
    for (const line of json) {
      expect(line).toMatch(/^\{"type":"ADDED","object":\{"apiVersion":"v1","kind":"Pod","metadata":\{"creationTimestamp":/);
      expect(JSON.parse(line).object.status.phase).toBe('Running');
    }
    const plain = exec(c, 'kubectl get pods -o json -w --request-timeout=1s').stdout;
    expect(plain.startsWith('{\n    "apiVersion": "v1",\n    "kind": "Pod",')).toBe(true);
    expect(plain.match(/^\{$/gm)).toHaveLength(2);
    const yaml = exec(c, 'kubectl get pods -o yaml -w --output-watch-events --request-timeout=1s').stdout;
    expect(yaml.split('\n---\n')).toHaveLength(2);
    expect(yaml).toMatch(/^object:\n {2}apiVersion: v1\n/);
    expect(yaml.endsWith('type: ADDED\n')).toBe(true);
    exec(c, 'sim node add node-3');
    // custom-columns keeps one printer too: the header once, columns that only widen.
    expect(exec(c, 'kubectl get pods --watch-only -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,PHASE:.status.phase').stdout).toBe(
      ['NAME          NODE     PHASE', 'agent-j8cm5   <none>   Pending', 'agent-j8cm5   node-3   Pending', 'agent-j8cm5   node-3   Pending', 'agent-j8cm5   node-3   Running', ''].join('\n'),
    );
    expect(exec(c, `kubectl get pod agent-j8cm5 -w -o jsonpath='{.status.phase}{"\\n"}' --request-timeout=1`).stdout).toBe('Running\n');
    expect(exec(c, 'kubectl get pod agent-j8cm5 -w -o name --request-timeout=1').stdout).toBe('pod/agent-j8cm5\n');
  });

  it('watches Events as they are written, LAST SEEN counted from each one', () => {
    const c = createCluster({ seed: 1 });
    exec(c, 'sim node add node-1');
    exec(c, 'kubectl apply -f -', DS);
    const rows = exec(c, 'kubectl get events -w').stdout.trimEnd().split('\n');
    expect(rows[0]).toMatch(/^LAST SEEN {3}TYPE {5}REASON /);
    expect(rows.slice(-6).map((r) => r.split(/\s{2,}/).slice(0, 3).join(' '))).toEqual([
      '0s Normal SuccessfulCreate',
      '0s Normal Scheduled',
      '0s Normal Pulling',
      '0s Normal Pulled',
      '0s Normal Created',
      '0s Normal Started',
    ]);
    // The Events the watch saw are the cluster's as ever.
    const other = createCluster({ seed: 1 });
    exec(other, 'sim node add node-1');
    exec(other, 'kubectl apply -f -', DS);
    exec(other, 'sim settle');
    expect(exec(c, 'kubectl get events -o yaml').stdout).toBe(exec(other, 'kubectl get events -o yaml').stdout);
  });

  it('refuses what the builder and Result.Watch refuse; errors change nothing and move no clock', () => {
    const c = applied();
    exec(c, 'sim settle');
    const before = c.now;
    expect(exec(c, 'kubectl get pods,ds -w')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: you may only specify a single resource type\n' });
    expect(exec(c, 'kubectl get -w').stderr).toMatch(/^error: You must provide one or more resources by argument or filename\.\nExample resource specifications include:\n/);
    expect(exec(c, 'kubectl get pods -w --request-timeout=soon').stderr).toBe(
      'error: Invalid timeout value. Timeout must be a single integer in seconds, or an integer followed by a corresponding time unit (e.g. 1s | 2m | 3h)\n',
    );
    expect(exec(c, 'kubectl get pod nope -w')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): pods "nope" not found\n' });
    expect(exec(c, 'kubectl get pod nope -w --ignore-not-found')).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    // Two names are two sources: the objects are printed, then the watch is refused.
    const two = exec(c, 'kubectl get pods agent-f2v2f agent-m7cqj -w');
    expect(two.exitCode).toBe(1);
    expect(two.stdout.split('\n')).toHaveLength(4);
    expect(two.stderr).toBe('error: you may only watch a single resource or type of resource at a time\n');
    expect(c.now).toBe(before);
    // --sort-by is ignored, with Complete's warning before anything is printed.
    const sorted = exec(c, 'kubectl get nodes -w --sort-by=.metadata.name --request-timeout=1');
    expect(outputOf(sorted)[0]).toEqual({ stream: 'stderr', text: 'warning: --watch requested, --sort-by will be ignored for watch events received\n' });
    expect(exec(c, 'kubectl get nodes --watch-only --sort-by=.metadata.name --request-timeout=1').stderr).toBe('warning: --watch-only requested, --sort-by will be ignored\n');
  });

  it('is run again by a replay, which must move the clock as it did', () => {
    expect(onlyReads('kubectl', 'get', ['pods', '-w'])).toBe(false);
    expect(onlyReads('kubectl', 'get', ['pods', '--watch-only'])).toBe(false);
    expect(onlyReads('kubectl', 'get', ['pods', '-Aw'])).toBe(false);
    expect(onlyReads('kubectl', 'get', ['pods', '-o', 'yaml'])).toBe(true);
    expect(onlyReads('kubectl', 'events', ['--watch'])).toBe(false);
    expect(onlyReads('kubectl', 'events', ['--for', 'ds/agent'])).toBe(true);
    const c = applied();
    expect(exec(c, 'kubectl get pods -w', undefined, { replay: true }).exitCode).toBe(0);
    expect(c.store.list('Pod').map((p) => p.status?.phase)).toEqual(['Running', 'Running']);
  });

  it('reads --request-timeout as client-go ParseTimeout does', () => {
    expect(parseRequestTimeout('0')).toBe(0);
    expect(parseRequestTimeout('30')).toBe(30_000);
    expect(parseRequestTimeout('1m30s')).toBe(90_000);
    expect(parseRequestTimeout('250ms')).toBe(250);
    expect(parseRequestTimeout('-1')).toHaveProperty('error');
    expect(parseRequestTimeout('1 m')).toHaveProperty('error');
  });
});
