/**
 * `exec`, the one entry point: pipes into filters, shell operators refused line by line, and both
 * output streams kept in the order they were written.
 */
import { describe, expect, it } from 'vitest';
import { exec, onlyReads, outputOf } from '../../src/kubectl/exec.js';
import { FILTERS } from '../../src/kubectl/pipe/index.js';
import { runScript } from '../../src/kubectl/session.js';
import { createCluster } from '../../src/sim/index.js';
import { agentYaml } from './agent-yaml.js';

const DS = agentYaml();

function threeNodes() {
  const c = createCluster();
  for (const n of ['node-1', 'node-2', 'node-10']) exec(c, `sim node add ${n}`);
  exec(c, 'sim settle');
  return c;
}

describe('exec with a pipeline', () => {
  it('runs the command\'s standard output through the filters; the exit status is the last one\'s', () => {
    const c = threeNodes();
    expect(exec(c, 'kubectl get nodes -o name | sort | tail -n 1')).toMatchObject({ exitCode: 0, stdout: 'node/node-2\n', stderr: '' });
    expect(exec(c, 'kubectl get nodes --no-headers | wc -l')).toMatchObject({ exitCode: 0, stdout: '3\n' });
    expect(exec(c, 'kubectl get nodes | grep -c NotReady')).toMatchObject({ exitCode: 1, stdout: '0\n' });
    expect(exec(c, "kubectl get nodes -o name | cut -d/ -f2 | grep -E 'node-1$'")).toMatchObject({ exitCode: 0, stdout: 'node-1\n' });
  });

  it('passes the command\'s errors straight to the terminal, and a failing command still feeds the pipe', () => {
    const c = threeNodes();
    const r = exec(c, 'kubectl get nodes node-1 nope -o name | grep node');
    expect(r).toMatchObject({ exitCode: 0, stdout: 'node/node-1\n', stderr: 'Error from server (NotFound): nodes "nope" not found\n' });
    expect(outputOf(r)).toEqual([
      { stream: 'stderr', text: 'Error from server (NotFound): nodes "nope" not found\n' },
      { stream: 'stdout', text: 'node/node-1\n' },
    ]);
    expect(exec(c, 'kubectl get nodes | grep -e')).toMatchObject({ exitCode: 2, stdout: '' });
  });

  it('refuses a program that is not a filter, kubectl or sim after a pipe, and changes nothing', () => {
    const c = threeNodes();
    expect(exec(c, 'kubectl delete node node-1 | awk "{print $1}"')).toEqual({
      exitCode: 127,
      stdout: '',
      stderr: 'awk: command not found (after a pipe this terminal runs kubectl, sim, cat, echo, grep, sed, head, tail, wc, sort, uniq and cut)\nkubectl picks columns itself: -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName\n',
    });
    expect(c.store.get('Node', '', 'node-1')).toBeDefined();
    expect(exec(c, 'kubectl get nodes -o json | jq .').stderr).toMatch(/^jq: command not found \(.*\)\nkubectl picks fields itself: -o jsonpath=/);
    expect(exec(c, 'kubectl get nodes | tr a b').stderr).toBe('tr: command not found (after a pipe this terminal runs kubectl, sim, cat, echo, grep, sed, head, tail, wc, sort, uniq and cut)\n');
    expect(exec(c, 'kubectl get nodes | sim rewind --to 1')).toEqual({ exitCode: 2, stdout: '', stderr: "sim rewind acts on the session's timeline: run it on a line of its own\n" });
    expect(exec(c, 'grep node')).toMatchObject({ exitCode: 2, stderr: 'grep reads the output of a command: use it after a pipe, e.g. "kubectl get pods | grep ..."\n' });
  });

  it('gives a kubectl command after a pipe what flows in as its standard input, in a replay too', () => {
    const c = threeNodes();
    exec(c, 'kubectl apply -f -', DS);
    const line = 'kubectl get ds agent -o yaml | grep -v resourceVersion | kubectl replace -f - | wc -l';
    expect(exec(c, line)).toEqual({ exitCode: 0, stdout: '1\n', stderr: '' });
    expect(c.store.get('DaemonSet', 'default', 'agent')!.metadata.generation).toBe(1);
    expect(exec(c, 'kubectl get nodes | kubectl get ds -o name')).toEqual({ exitCode: 0, stdout: 'daemonset.apps/agent\n', stderr: '' });
    // A replay leaves out a command that only reads, but not one whose output a kubectl stage reads.
    expect(exec(c, 'kubectl get ds agent -o yaml | kubectl delete -f -', undefined, { replay: true }).stdout).toBe('daemonset.apps "agent" deleted from default namespace\n');
    expect(c.store.get('DaemonSet', 'default', 'agent')).toBeUndefined();
  });

  it('a replay leaves out kubectl logs of a pod, but runs logs of a DaemonSet, which may wait for its first pod', () => {
    expect(onlyReads('kubectl', 'logs', ['agent-x2v9k', '-c', 'a'])).toBe(true);
    expect(onlyReads('kubectl', 'logs', ['pod/agent-x2v9k', '--selector=app.kubernetes.io/name=a'])).toBe(true);
    expect(onlyReads('kubectl', 'logs', ['ds/agent'])).toBe(false);
    expect(onlyReads('kubectl', 'logs', ['daemonset.apps/agent', '--all-pods'])).toBe(false);
    // A node that has just joined is not ready: the DaemonSet has no pod yet, and kubectl
    // waits (--pod-running-timeout) for the controller to make one.
    const c = createCluster();
    exec(c, 'sim node add node-1');
    exec(c, 'kubectl apply -f -', DS);
    const before = c.now;
    expect(exec(c, 'kubectl logs ds/agent', undefined, { replay: true }).stderr).toMatch(/^Error from server \(BadRequest\): container "a" in pod "agent-\w+" is waiting to start/);
    expect(c.now).toBeGreaterThan(before);
  });

  it('answers --help after a pipe with the filter\'s usage and every option it knows', () => {
    const c = threeNodes();
    for (const [name, filter] of Object.entries(FILTERS)) {
      const r = exec(c, `kubectl get nodes | ${name} --help`);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`^Usage: ${name} \\[?OPTION\\]?\\.\\.\\.`));
      // Every option the filter parses is listed: its usage errors send learners here.
      const unknown = filter(['--no-such-option'], '').stderr;
      for (const option of /knows (.*)\)/.exec(unknown)![1]!.split(' ')) expect(r.stdout, `${name} --help lists ${option}`).toContain(`${option}`);
    }
    expect(exec(c, 'kubectl get nodes | grep -- --help')).toEqual({ exitCode: 1, stdout: '', stderr: '' });
    expect(exec(c, 'kubectl get nodes | grep -e --help')).toEqual({ exitCode: 1, stdout: '', stderr: '' });
  });

  it('answers a program other than kubectl and sim as bash would, with what does its job here', () => {
    const c = threeNodes();
    const notFound = '(this terminal runs kubectl and sim commands, cat and echo; "help" lists them)\n';
    expect(exec(c, 'watch kubectl get pods')).toEqual({
      exitCode: 127,
      stdout: '',
      stderr: `watch: command not found ${notFound}time moves only when you move it: "sim advance 30s", "sim step" or Play; then run the command again\n`,
    });
    expect(exec(c, 'vim ds.yaml').stderr).toBe(`vim: command not found ${notFound}the files are the editor's tabs: "New file" makes one, "cat NAME" prints one, and "kubectl apply -f NAME" reads one\n`);
    expect(exec(c, 'frob').stderr).toBe(`frob: command not found ${notFound}`);
  });

  it('refuses lists and redirections with exit status 2, changing nothing', () => {
    const c = threeNodes();
    expect(exec(c, 'kubectl cordon node-1 && kubectl get nodes')).toMatchObject({ exitCode: 2, stderr: 'command lists (;, &&, ||) are not supported: run one command per line\n' });
    expect(exec(c, 'kubectl cordon node-1 2> err.txt')).toMatchObject({ exitCode: 2, stderr: 'the redirections here are "> FILE" and ">> FILE" at the end of a line (into an editor file), and "2>&1" and "2>/dev/null" on the command before any pipe; pass files with -f, or stdin with a here-document (<<EOF)\n' });
    expect(c.store.get('Node', '', 'node-1')!.spec.unschedulable).toBeUndefined();
  });

  it('sends a line\'s standard output to a file with > and >>, its errors still to the terminal', () => {
    const c = threeNodes();
    const files: Record<string, string> = {};
    const host = { readFile: (n: string) => files[n], writeFile: (n: string, text: string) => void (files[n] = text) };
    const names = exec(c, 'kubectl get nodes -o name').stdout;
    expect(names.split('\n')).toHaveLength(4);
    expect(exec(c, 'kubectl get nodes -o name > nodes.txt', undefined, host)).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(files['nodes.txt']).toBe(names);
    expect(exec(c, 'kubectl get node node-2 node-9 -o name >> nodes.txt', undefined, host)).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'Error from server (NotFound): nodes "node-9" not found\n',
      output: [{ stream: 'stderr', text: 'Error from server (NotFound): nodes "node-9" not found\n' }],
    });
    expect(files['nodes.txt']).toBe(`${names}node/node-2\n`);
    expect(exec(c, 'kubectl get nodes | grep -c Ready > count', undefined, host).exitCode).toBe(0);
    expect(files['count']).toBe('3\n');
    expect(exec(c, 'kubectl get nodes > /dev/null', undefined, host)).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(Object.keys(files).sort()).toEqual(['count', 'nodes.txt']);
    // The change-cause is the command without its redirection.
    exec(c, 'kubectl apply -f -', DS, host);
    exec(c, 'kubectl set image ds/agent a=registry.example/agent:2 --record > out.txt', undefined, host);
    expect(c.store.get('DaemonSet', 'default', 'agent')!.metadata.annotations!['kubernetes.io/change-cause']).toBe('kubectl set image ds/agent a=registry.example/agent:2 --record=true');
    expect(files['out.txt']).toBe('daemonset.apps/agent image updated\n');
  });

  it('sends the command\'s errors into its output (2>&1) or nowhere (2>/dev/null)', () => {
    const c = threeNodes();
    const files: Record<string, string> = {};
    const host = { writeFile: (n: string, text: string) => void (files[n] = text) };
    const notFound = 'Error from server (NotFound): nodes "node-9" not found\n';
    expect(exec(c, 'kubectl get node node-1 node-9 -o name 2>&1 | grep -c node')).toEqual({ exitCode: 0, stdout: '2\n', stderr: '' });
    expect(exec(c, 'kubectl get node node-1 node-9 -o name 2>/dev/null')).toEqual({ exitCode: 1, stdout: 'node/node-1\n', stderr: '' });
    expect(exec(c, 'kubectl get node node-9 node-1 -o name > both 2>&1', undefined, host)).toEqual({ exitCode: 1, stdout: '', stderr: '' });
    expect(files['both']).toBe(`node/node-1\n${notFound}`); // kubectl prints what it found, then the errors
    expect(exec(c, 'kubectl get node node-9 node-1 -o name 2>&1 > out', undefined, host)).toMatchObject({ exitCode: 1, stdout: '', stderr: notFound });
    expect(files['out']).toBe('node/node-1\n');
  });

  it('refuses a redirection it cannot write before running the line', () => {
    const c = threeNodes();
    const written: string[] = [];
    const host = { writeFile: (n: string) => void written.push(n) };
    expect(exec(c, 'kubectl cordon node-1 > ../out.txt', undefined, host)).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: '../out.txt: cannot write here: the files are the editor\'s tabs, named with letters, digits, ".", "_" and "-" (not starting with "-")\n',
    });
    expect(exec(c, 'kubectl cordon node-1 > out.txt')).toEqual({ exitCode: 1, stdout: '', stderr: 'out.txt: this terminal cannot write files\n' });
    expect(c.store.get('Node', '', 'node-1')!.spec.unschedulable).toBeUndefined();
    expect(written).toEqual([]);
    // A replay runs the line again and writes nothing: the file's text is the editor's since.
    expect(exec(c, 'kubectl cordon node-1 > out.txt', undefined, { ...host, replay: true })).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(c.store.get('Node', '', 'node-1')!.spec.unschedulable).toBe(true);
    expect(written).toEqual([]);
  });

  it('records the command without its filters as the change cause', () => {
    const c = threeNodes();
    exec(c, 'kubectl apply -f -', DS);
    exec(c, 'kubectl set image ds/agent a=registry.example/agent:2 --record | grep updated');
    const ds = c.store.get('DaemonSet', 'default', 'agent')!;
    expect(ds.metadata.annotations?.['kubernetes.io/change-cause']).toBe('kubectl set image ds/agent a=registry.example/agent:2 --record=true');
  });
});

describe('a script with pipes and operators', () => {
  it('gives a here-document to the command before the pipe and carries on after a refused line', () => {
    const out = runScript(`sim node add node-1
kubectl apply -f - <<EOF | grep created
${DS}EOF
kubectl get ds && kubectl get pods
kubectl get ds --no-headers | wc -l
`);
    if ('error' in out) throw new Error(out.error);
    expect(out.results.map((r) => [r.command, r.exitCode, r.stdout])).toEqual([
      ['sim node add node-1', 0, expect.any(String)],
      ['kubectl apply -f -  | grep created', 0, 'daemonset.apps/agent created\n'],
      ['kubectl get ds && kubectl get pods', 2, ''],
      ['kubectl get ds --no-headers | wc -l', 0, '1\n'],
    ]);
  });
});

describe('output order', () => {
  it('keeps drain\'s warning before the pods it evicts and "drained", as a terminal shows them', () => {
    const c = threeNodes();
    exec(c, 'kubectl apply -f -', DS);
    exec(c, 'sim settle');
    const r = exec(c, 'kubectl drain node-2 --ignore-daemonsets');
    expect(r.exitCode).toBe(0);
    expect(outputOf(r).map((o) => o.stream)).toEqual(['stdout', 'stderr', 'stdout']);
    expect(outputOf(r)[0]!.text).toBe('node/node-2 cordoned\n');
    expect(outputOf(r)[1]!.text).toMatch(/^Warning: ignoring DaemonSet-managed Pods: default\/agent-/);
    expect(outputOf(r)[2]!.text).toBe('node/node-2 drained\n');
  });

  it('puts a server warning before the object it is about, and errors at the end', () => {
    const c = threeNodes();
    const bad = DS.replace('kind: DaemonSet', 'kind: DaemonSet\nbogus: 1').replace('name: agent}', 'name: other}');
    const r = exec(c, 'kubectl apply --validate=warn -f -', `${DS}---\n${bad}---\n${DS.replace('name: agent}', 'name: broken}').replace('matchLabels: {app: agent}', 'matchLabels: {app: x}')}`);
    expect(outputOf(r).map((o) => [o.stream, o.text.split('\n')[0]])).toEqual([
      ['stdout', 'daemonset.apps/agent created'],
      ['stderr', 'Warning: unknown field "bogus"'],
      ['stdout', 'daemonset.apps/other created'],
      ['stderr', expect.stringMatching(/^The DaemonSet "broken" is invalid/)],
    ]);
  });

  it('prints a deprecation notice before anything else', () => {
    const c = threeNodes();
    exec(c, 'kubectl apply -f -', DS);
    const r = exec(c, 'kubectl delete ds agent --cascade=true');
    expect(outputOf(r)).toEqual([
      { stream: 'stderr', text: 'warning: --cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.\n' },
      { stream: 'stdout', text: 'daemonset.apps "agent" deleted from default namespace\n' },
    ]);
  });
});

describe("kubectl's namespace flags before the verb", () => {
  it('mean the same as after it, as cobra parses persistent flags anywhere', () => {
    const cluster = createCluster();
    exec(cluster, 'kubectl create namespace logging');
    exec(cluster, 'kubectl apply -n logging -f -', agentYaml());
    const after = exec(cluster, 'kubectl get ds -n logging -o name');
    expect(after).toMatchObject({ exitCode: 0, stdout: 'daemonset.apps/agent\n' });
    expect(exec(cluster, 'kubectl -n logging get ds -o name')).toMatchObject({ exitCode: 0, stdout: after.stdout });
    expect(exec(cluster, 'kubectl --namespace=logging get ds -o name')).toMatchObject({ exitCode: 0, stdout: after.stdout });
    expect(exec(cluster, 'kubectl -A get ds -o name')).toMatchObject({ exitCode: 0, stdout: after.stdout });
    // without one the default namespace is used, where there is nothing
    expect(exec(cluster, 'kubectl get ds -o name').stdout).toBe('');
    // a flag missing its value is left for the verb parser to refuse
    expect(exec(cluster, 'kubectl -n').exitCode).not.toBe(0);
  });
});
