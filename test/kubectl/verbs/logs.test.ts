/**
 * `kubectl logs` past a single pod: a DaemonSet's pods (`TYPE/NAME`, the pod `ByLogging` picks,
 * `--all-pods`, the wait for a first pod on the virtual clock), the kubelet's filters (`--since`,
 * `--since-time`, `--limit-bytes`, and how `--tail` combines with them), the default-container
 * annotation, and the errors of each in kubectl 1.32's order.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { sortByLogging } from '../../../src/kubectl/verbs/logs-pod-order.js';
import type { Pod } from '../../../src/sim/api/types.js';
import { createCluster } from '../../../src/sim/index.js';
import type { Cluster } from '../../../src/sim/engine/cluster.js';
import { at, pod, running } from './fixtures.js';

const FLAG_USAGE = "\nSee 'kubectl logs --help' for usage.";

const ds = (extra = '') => `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:${extra}
      containers:
      - {name: agent, image: registry.example/agent:1}
      - {name: sidecar, image: registry.example/sidecar:1}
`;

/** A never-ready container probed every 15 s (one log line per probe) beside a quiet one. */
const WEB = `apiVersion: v1
kind: Pod
metadata: {name: web}
spec:
  nodeName: node-1
  containers:
  - name: web
    image: registry.example/web:1
    readinessProbe: {httpGet: {port: 8080}, periodSeconds: 15}
  - name: side
    image: registry.example/side:1
`;

function withNodes(n: number): Cluster {
  const c = createCluster();
  exec(c, `sim node add ${Array.from({ length: n }, (_, i) => `node-${i + 1}`).join(' ')}`);
  exec(c, 'sim settle');
  return c;
}

/** Three nodes, the DaemonSet's pods running for two minutes. */
function rolledOut(): Cluster {
  const c = withNodes(3);
  exec(c, 'kubectl apply -f -', ds());
  exec(c, 'sim advance 2m');
  return c;
}

const podNames = (c: Cluster): string[] => c.store.list('Pod', 'default').map((p) => p.metadata.name);

/** The web pod after two minutes: its web container has written a line per failed probe. */
function webPod(): Cluster {
  const c = withNodes(1);
  exec(c, 'sim image registry.example/web:1 --behaviour never-ready');
  exec(c, 'kubectl apply -f -', WEB);
  exec(c, 'sim advance 2m');
  return c;
}

/** The web container's lines with their times, as `--timestamps` prints them. */
function stampedLines(c: Cluster): { at: string; line: string }[] {
  const out = exec(c, 'kubectl logs web -c web --timestamps').stdout;
  return out
    .split('\n')
    .filter((l) => l !== '')
    .map((line) => ({ at: line.slice(0, 30), line: `${line}\n` }));
}

describe('kubectl logs TYPE/NAME: a DaemonSet', () => {
  it('reads one pod, saying which on stderr, then the pod\'s default container rules apply', () => {
    const c = rolledOut();
    const names = podNames(c);
    expect(names).toHaveLength(3);
    const r = exec(c, 'kubectl logs ds/agent');
    expect(r.exitCode).toBe(0);
    // Equal by every ByLogging rule: the first of the list (name order) is kept first.
    expect(r.stderr).toBe(`Found 3 pods, using pod/${names[0]}\nDefaulted container "agent" out of: agent, sidecar\n`);
    expect(r.stdout).toMatch(/^simulated: container "agent" started from image "registry\.example\/agent:1" on node-\d\n$/);
    expect(exec(c, 'kubectl logs daemonset/agent -c sidecar').stderr).toBe(`Found 3 pods, using pod/${names[0]}\n`);
    expect(exec(c, 'kubectl logs daemonsets.apps/agent sidecar').stdout).toContain('simulated: container "sidecar" started');
    expect(exec(c, 'kubectl logs ds/agent -c nope')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `Found 3 pods, using pod/${names[0]}\nerror: container nope is not valid for pod ${names[0]}\n`,
    });
  });

  it('prefers a pod ready longer: a pod recreated after a delete is not picked', () => {
    const c = rolledOut();
    const before = podNames(c);
    exec(c, `kubectl delete pod ${before[0]}`);
    exec(c, 'sim advance 1m');
    const names = podNames(c);
    const fresh = names.find((n) => !before.includes(n));
    const older = names.filter((n) => n !== fresh);
    // The new pod comes first by name: only its later readiness puts it last.
    expect(fresh! < older[0]!).toBe(true);
    expect(exec(c, 'kubectl logs ds/agent -c agent').stderr).toBe(`Found 3 pods, using pod/${older[0]}\n`);
  });

  it('--all-pods reads every pod, each line prefixed, without the container notice', () => {
    const c = rolledOut();
    const names = podNames(c);
    const r = exec(c, 'kubectl logs ds/agent --all-pods');
    expect(r.stderr).toBe('');
    const lines = r.stdout.split('\n').slice(0, -1);
    expect(lines).toHaveLength(3);
    lines.forEach((l, i) => expect(l).toMatch(new RegExp(`^\\[pod/${names[i]}/agent\\] simulated: container "agent" started from image`)));
    const both = exec(c, 'kubectl logs ds/agent --all-pods --all-containers --tail=1').stdout;
    expect(both.match(/^\[pod\/[a-z0-9-]+\/(agent|sidecar)\] /gm)).toHaveLength(6);
    // With a pod, too: --all-pods turns --prefix on and silences the notice.
    const one = exec(c, `kubectl logs ${names[1]} --all-pods`);
    expect(one.stderr).toBe('');
    expect(one.stdout).toMatch(new RegExp(`^\\[pod/${names[1]}/agent\\] simulated: container "agent" started`));
  });

  it('waits on the virtual clock for a first pod, then reads that one alone', () => {
    const c = createCluster();
    exec(c, 'sim node add node-1 node-2 node-3');
    exec(c, 'kubectl apply -f -', ds());
    // The nodes are not ready yet: the DaemonSet has no pod.
    expect(podNames(c)).toEqual([]);
    const start = c.now;
    const r = exec(c, 'kubectl logs ds/agent');
    expect(c.now).toBeGreaterThan(start);
    expect(c.now - start).toBeLessThan(20_000);
    const names = podNames(c);
    expect(names).toHaveLength(3);
    // The pods appeared at one instant: the first by name, and no "Found 3 pods" (one was watched).
    expect(r).toEqual({
      exitCode: 1,
      stdout: '',
      stderr:
        'Defaulted container "agent" out of: agent, sidecar\n' +
        `Error from server (BadRequest): container "agent" in pod "${names[0]}" is waiting to start: ContainerCreating\n`,
    });
  });

  it('times out after --pod-running-timeout (20s by default) when no pod comes', () => {
    const c = withNodes(2);
    exec(c, 'kubectl apply -f -', ds('\n      nodeSelector: {disk: ssd}'));
    let start = c.now;
    expect(exec(c, 'kubectl logs ds/agent')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: timed out waiting for the condition\n' });
    expect(c.now - start).toBe(20_000);
    start = c.now;
    expect(exec(c, 'kubectl logs ds/agent --all-pods --pod-running-timeout=5s').stderr).toBe('error: timed out waiting for the condition\n');
    expect(c.now - start).toBe(5_000);
    // Validate's errors come before the wait.
    start = c.now;
    expect(exec(c, 'kubectl logs ds/agent --limit-bytes=-1').stderr).toBe('error: --limit-bytes must be greater than 0\n');
    expect(c.now).toBe(start);
  });

  it('a kind without a pod selector, a missing object and an unknown type are kubectl\'s errors', () => {
    const c = withNodes(1);
    const err = (line: string) => exec(c, line).stderr;
    expect(err('kubectl logs node/node-1')).toBe('error: cannot get the logs from *v1.Node: selector for *v1.Node not implemented\n');
    expect(err('kubectl logs ns/default')).toBe('error: cannot get the logs from *v1.Namespace: selector for *v1.Namespace not implemented\n');
    expect(err('kubectl logs node/nope')).toBe('error: error from server (NotFound): nodes "nope" not found in namespace "default"\n');
    expect(err('kubectl logs ds/nope -n kube-system')).toBe(
      'error: error from server (NotFound): daemonsets.apps "nope" not found in namespace "kube-system"\n',
    );
    expect(err('kubectl logs deploy/web')).toMatch(/^error: the server doesn't have a resource type "deploy"\n/);
    expect(err('kubectl logs all/web')).toMatch(/^error: the server doesn't have a resource type "all"\n/);
    expect(err('kubectl logs ds/a/b')).toBe('error: arguments in resource/name form may not have more than one slash\n');
  });
});

describe('kubectl logs --ignore-errors', () => {
  it('prints a failed request among the logs as error: %v and reads the others (sequentialConsumeRequest); without it, the error ends the command', () => {
    const c = rolledOut();
    // The pod read first (by name) is the one whose kubelet does not answer, so the others come after it.
    const down = [...c.store.list('Pod', 'default')].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : 1))[0]!;
    exec(c, `sim node fail ${down.spec.nodeName}`);
    const refused = `Get "https://${down.status.hostIP}:10250/containerLogs/default/${down.metadata.name}/agent": dial tcp ${down.status.hostIP}:10250: connect: connection refused`;
    const strict = exec(c, 'kubectl logs -l app=agent -c agent');
    expect([strict.exitCode, strict.stderr]).toEqual([1, `Error from server: ${refused}\n`]);
    const lenient = exec(c, 'kubectl logs -l app=agent -c agent --ignore-errors --insecure-skip-tls-verify-backend');
    expect([lenient.exitCode, lenient.stderr]).toEqual([0, '']);
    expect(lenient.stdout.startsWith(`error: ${refused}\n`)).toBe(true);
    expect(lenient.stdout.split('\n').filter((l) => l.startsWith('simulated: container "agent" started')).length).toBe(2);
    expect(strict.stdout).toBe('');
  });
});

describe('ByLogging: the pod a controller\'s logs are read from', () => {
  const ready = (name: string, readyAt: number, o: Parameters<typeof pod>[1] = {}): Pod => {
    const p = pod(name, { node: 'node-1', statuses: [running('agent', -300)], ...o });
    const conditions = p.status.conditions!.map((x) => (x.type === 'Ready' ? { ...x, lastTransitionTime: at(readyAt) } : x));
    return { ...p, status: { ...p.status, conditions } };
  };
  const order = (...pods: Pod[]) => sortByLogging(pods).map((p) => p.metadata.name);

  it('bound before unbound, then Running < Unknown < Pending (Succeeded ranks with Running)', () => {
    expect(order(pod('unbound'), pod('bound', { node: 'node-1' }))).toEqual(['bound', 'unbound']);
    const pending = pod('pending', { node: 'node-1', phase: 'Pending' });
    expect(order(pending, pod('unknown', { node: 'node-1', phase: 'Unknown' }), pod('run', { node: 'node-1' }))).toEqual(['run', 'unknown', 'pending']);
    // Bound wins over phase.
    expect(order(pod('run-unbound'), pod('pending-bound', { node: 'node-1', phase: 'Pending' }))).toEqual(['pending-bound', 'run-unbound']);
    expect(order(pending, pod('done', { node: 'node-1', phase: 'Succeeded' }))).toEqual(['done', 'pending']);
  });

  it('ready before not ready, then ready longer first', () => {
    expect(order(pod('unready', { node: 'node-1', statuses: [running('agent', -300, 0, false)] }), ready('ready', -290))).toEqual(['ready', 'unready']);
    expect(order(ready('later', -100), ready('earlier', -200))).toEqual(['earlier', 'later']);
  });

  it('then more restarts first, then older first; equal pods keep their order', () => {
    const restarts = (name: string, n: number) => pod(name, { node: 'node-1', statuses: [running('agent', -300, n, false)] });
    expect(order(restarts('calm', 0), restarts('flappy', 4))).toEqual(['flappy', 'calm']);
    const created = (name: string, s: number) => pod(name, { node: 'node-1', created: s, statuses: [running('agent', -300, 0, false)] });
    expect(order(created('young', -10), created('old', -1000))).toEqual(['old', 'young']);
    expect(order(created('b', -10), created('a', -10))).toEqual(['b', 'a']);
  });
});

describe('kubectl logs: the default-container annotation', () => {
  it('names the container read by default; one it does not find falls back to the first, with a notice', () => {
    const c = withNodes(1);
    const annotated = (value: string) =>
      ds().replace('metadata: {labels: {app: agent}}', `metadata: {labels: {app: agent}, annotations: {kubectl.kubernetes.io/default-container: ${value}}}`);
    exec(c, 'kubectl apply -f -', annotated('sidecar'));
    exec(c, 'sim advance 1m');
    const r = exec(c, 'kubectl logs ds/agent');
    expect(r.stderr).toBe('');
    expect(r.stdout).toContain('simulated: container "sidecar" started');
    exec(c, 'kubectl apply -f -', annotated('nope'));
    exec(c, 'sim advance 2m');
    const name = podNames(c)[0]!;
    expect(exec(c, 'kubectl logs ds/agent').stderr).toBe(
      `Default container name "nope" not found in pod ${name}\nDefaulted container "agent" out of: agent, sidecar\n`,
    );
  });
});

describe('kubectl logs --since, --since-time, --limit-bytes: the kubelet\'s filters', () => {
  it('--since-time keeps the lines written at or after it, to the second, in any offset', () => {
    const c = webPod();
    const lines = stampedLines(c);
    expect(lines.length).toBeGreaterThan(4);
    const k = lines.length - 3;
    const t = lines[k]!.at;
    const from = (i: number) => lines.slice(i).map((l) => l.line).join('');
    expect(exec(c, `kubectl logs web -c web --timestamps --since-time=${t}`).stdout).toBe(from(k));
    // metav1.Time travels to the second: a fraction is dropped.
    const halfPast = t.replace('.000000000Z', '.5Z');
    expect(exec(c, `kubectl logs web -c web --timestamps --since-time=${halfPast}`).stdout).toBe(from(k));
    const ms = Date.parse(t);
    const next = new Date(ms + 1000).toISOString().replace('.000Z', 'Z');
    expect(exec(c, `kubectl logs web -c web --timestamps --since-time=${next}`).stdout).toBe(from(k + 1));
    const inParis = `${new Date(ms + 3_600_000).toISOString().slice(0, 19)}+01:00`;
    expect(exec(c, `kubectl logs web -c web --timestamps --since-time=${inParis}`).stdout).toBe(from(k));
  });

  it('--since keeps what was written in the last span of virtual time, rounded to seconds', () => {
    const c = webPod();
    const lines = stampedLines(c);
    const k = lines.length - 2;
    const ago = (c.now - Date.parse(lines[k]!.at)) / 1000;
    const from = (i: number) => lines.slice(i).map((l) => l.line).join('');
    expect(exec(c, `kubectl logs web -c web --timestamps --since=${ago}s`).stdout).toBe(from(k));
    expect(exec(c, `kubectl logs web -c web --timestamps --since=${ago - 1}s`).stdout).toBe(from(k + 1));
    // 0.5 s more rounds up a second; 0.4 s more rounds down.
    expect(exec(c, `kubectl logs web -c web --timestamps --since=${ago - 1}.5s`).stdout).toBe(from(k));
    expect(exec(c, `kubectl logs web -c web --timestamps --since=${ago - 1}.4s`).stdout).toBe(from(k + 1));
    expect(exec(c, 'kubectl logs web -c web --since=0s').stdout.split('\n')).toHaveLength(lines.length + 1);
  });

  it('--tail with a time filter: the last N of the lines it keeps', () => {
    const c = webPod();
    const lines = stampedLines(c);
    const last = (n: number) => lines.slice(-n).map((l) => l.line).join('');
    expect(exec(c, `kubectl logs web -c web --timestamps --tail=2 --since-time=${lines[0]!.at}`).stdout).toBe(last(2));
    expect(exec(c, `kubectl logs web -c web --timestamps --tail=5 --since-time=${lines[lines.length - 2]!.at}`).stdout).toBe(last(2));
    expect(exec(c, `kubectl logs web -c web --tail=0 --since=1h`).stdout).toBe('');
  });

  it('--limit-bytes cuts each container\'s output at N bytes, timestamps included, mid-line', () => {
    const c = webPod();
    const full = exec(c, 'kubectl logs web -c web --timestamps').stdout;
    for (const n of [1, 40, 150, full.indexOf('\n') + 1]) {
      expect(exec(c, `kubectl logs web -c web --timestamps --limit-bytes=${n}`).stdout).toBe(full.slice(0, n));
    }
    expect(exec(c, `kubectl logs web -c web --timestamps --limit-bytes=${full.length + 10}`).stdout).toBe(full);
    expect(exec(c, 'kubectl logs web -c web --timestamps --limit-bytes=0').stdout).toBe(full);
    // The prefix is kubectl's: it comes on top of the limit, on the cut line too.
    expect(exec(c, 'kubectl logs web -c web --prefix --limit-bytes=12').stdout).toBe('[pod/web/web] simulated: c');
    // Each container is its own request with its own limit: the cut line runs into the next log.
    expect(exec(c, 'kubectl logs web --all-containers --limit-bytes=10').stdout).toBe('simulated:simulated:');
  });

  it('a --since that rounds to 0 s is the API server\'s Invalid error for the pod', () => {
    const c = webPod();
    expect(exec(c, 'kubectl logs web -c web --since=400ms')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'The PodLogOptions "web" is invalid: sinceSeconds: Invalid value: 0: must be greater than 0\n',
    });
    expect(exec(c, 'kubectl logs web -c web --since=500ms').exitCode).toBe(0);
  });
});

describe('kubectl logs: flag errors, in kubectl\'s order', () => {
  const ERRORS: readonly (readonly [string, string])[] = [
    ['kubectl logs web --since=x', `error: invalid argument "x" for "--since" flag: time: invalid duration "x"${FLAG_USAGE}`],
    ['kubectl logs web --since=5', `error: invalid argument "5" for "--since" flag: time: missing unit in duration "5"${FLAG_USAGE}`],
    [
      'kubectl logs web --pod-running-timeout=soon',
      `error: invalid argument "soon" for "--pod-running-timeout" flag: time: invalid duration "soon"${FLAG_USAGE}`,
    ],
    ['kubectl logs web --limit-bytes=1k', `error: invalid argument "1k" for "--limit-bytes" flag: strconv.ParseInt: parsing "1k": invalid syntax${FLAG_USAGE}`],
    // pflag parses before the argument count is checked, in command-line order.
    ['kubectl logs --tail=x --since=x', `error: invalid argument "x" for "--tail" flag: strconv.ParseInt: parsing "x": invalid syntax${FLAG_USAGE}`],
    ['kubectl logs --since=x --tail=x', `error: invalid argument "x" for "--since" flag: time: invalid duration "x"${FLAG_USAGE}`],
    ['kubectl logs web --pod-running-timeout=0s', 'error: --pod-running-timeout must be higher than zero'],
    ['kubectl logs web --since-time=yesterday', 'error: parsing time "yesterday" as "2006-01-02T15:04:05Z07:00": cannot parse "yesterday" as "2006"'],
    [
      'kubectl logs web --since-time=2026-01-01T00:00:00',
      'error: parsing time "2026-01-01T00:00:00" as "2006-01-02T15:04:05Z07:00": cannot parse "" as "Z07:00"',
    ],
    // Complete (the time parse, then the object) before Validate.
    ['kubectl logs missing --since-time=x --since=-1s', 'error: parsing time "x" as "2006-01-02T15:04:05Z07:00": cannot parse "x" as "2006"'],
    ['kubectl logs missing --since=-1s', 'error: error from server (NotFound): pods "missing" not found in namespace "default"'],
    ['kubectl logs web --since=1m --since-time=2026-01-01T00:00:00Z', 'error: at most one of `sinceTime` or `sinceSeconds` may be specified'],
    ['kubectl logs web side --all-containers -c web', 'error: --all-containers=true should not be specified with container name side'],
    ['kubectl logs web --limit-bytes=-5 --since=-1s', 'error: --limit-bytes must be greater than 0'],
    ['kubectl logs web --since=-1s --tail=-2', 'error: --since must be greater than 0'],
    ['kubectl logs web --tail=-2', 'error: --tail must be greater than or equal to -1'],
  ];

  it.each(ERRORS)('%s', (line, stderr) => {
    const c = webPod();
    expect(exec(c, line)).toEqual({ exitCode: 1, stdout: '', stderr: `${stderr}\n` });
  });

  it('--since=0s and --since-time together are not both set: only --since-time filters', () => {
    const c = webPod();
    const lines = stampedLines(c);
    const t = lines[lines.length - 1]!.at;
    expect(exec(c, `kubectl logs web -c web --timestamps --since=0s --since-time=${t}`).stdout).toBe(lines[lines.length - 1]!.line);
  });
});
