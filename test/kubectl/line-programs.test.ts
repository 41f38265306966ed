/**
 * cat and echo as lines of their own, before a pipe and after one (pipe/line-programs.ts): the
 * kubernetes.io idioms `cat <<EOF | kubectl apply -f -` and `cat <<EOF > FILE`, the editor's files
 * cat reads (logged in the session's timeline like `kubectl apply -f NAME` reads), and a replay,
 * which runs them only when a kubectl stage reads their output.
 */
import { describe, expect, it } from 'vitest';
import { exec, outputOf, type ExecOptions } from '../../src/kubectl/exec.js';
import { runScript } from '../../src/kubectl/session.js';
import { SparseCheckpoints } from '../../src/kubectl/timeline/checkpoints.js';
import { Timeline } from '../../src/kubectl/timeline/timeline.js';
import { createCluster } from '../../src/sim/index.js';
import { agentYaml } from './agent-yaml.js';
import { expectEveryMomentMatchesReplay } from './timeline/replay-check.js';

const DS = agentYaml();
const DS2 = agentYaml('registry.example/agent:2');

function threeNodes() {
  const c = createCluster();
  for (const n of ['node-1', 'node-2', 'node-3']) exec(c, `sim node add ${n}`);
  exec(c, 'sim settle');
  return c;
}

/** A host with editor files, as the page's terminal has: `> FILE` writes one, `-f NAME` and cat read one. */
function editor(files: Record<string, string>): Pick<ExecOptions, 'readFile' | 'writeFile'> {
  return { readFile: (n) => (Object.hasOwn(files, n) ? files[n] : undefined), writeFile: (n, text) => void (files[n] = text) };
}

const image = (c: ReturnType<typeof createCluster>) => c.store.get('DaemonSet', 'default', 'agent')?.spec.template.spec.containers[0]?.image;

describe('cat and echo on a line', () => {
  it('run the kubernetes.io idioms from a script: a here-document through cat into kubectl, and into a file', () => {
    const script = [
      'sim node add node-1',
      'cat <<EOF | kubectl apply -f -',
      `${DS}EOF`,
      "cat <<'EOF' > agent.yaml",
      `${DS2}EOF`,
      'cat > note.txt <<EOF',
      '$HOME stays as it is',
      'EOF',
      'kubectl apply -f agent.yaml',
      'cat agent.yaml | grep image',
      'cat note.txt',
      'cat agent.yaml | kubectl apply -f -',
      'echo done',
    ].join('\n');
    const out = runScript(script);
    if ('error' in out) throw new Error(out.error);
    expect(out.results.map((r) => [r.command, r.exitCode, r.stdout, r.stderr])).toEqual([
      ['sim node add node-1', 0, 'node/node-1 created\n', ''],
      ['cat  | kubectl apply -f -', 0, 'daemonset.apps/agent created\n', ''],
      ['cat  > agent.yaml', 0, '', ''],
      ['cat > note.txt', 0, '', ''],
      ['kubectl apply -f agent.yaml', 0, 'daemonset.apps/agent configured\n', ''],
      ['cat agent.yaml | grep image', 0, '      containers: [{name: a, image: "registry.example/agent:2"}]\n', ''],
      ['cat note.txt', 0, '$HOME stays as it is\n', ''],
      ['cat agent.yaml | kubectl apply -f -', 0, 'daemonset.apps/agent unchanged\n', ''],
      ['echo done', 0, 'done\n', ''],
    ]);
    expect(image(out.cluster)).toBe('registry.example/agent:2');
    // The timeline logs the files cat read, as it logs those of -f NAME, so a replay reads them again.
    const logged = out.timeline!.entries;
    expect(logged.find((e) => e.line === 'cat agent.yaml | kubectl apply -f -')).toMatchObject({ files: { 'agent.yaml': DS2 } });
    expect(logged.find((e) => e.line === 'cat  | kubectl apply -f -')).toMatchObject({ stdin: DS });
  });

  it('write an editor file through the host, which kubectl apply then reads; a host that writes none refuses', () => {
    const c = threeNodes();
    const files: Record<string, string> = {};
    const host = editor(files);
    expect(exec(c, 'cat > agent.yaml', DS, host)).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(exec(c, 'echo "# the agent" >> agent.yaml', undefined, host).exitCode).toBe(0);
    expect(files['agent.yaml']).toBe(`${DS}# the agent\n`);
    expect(exec(c, 'kubectl apply -f agent.yaml', undefined, host).stdout).toBe('daemonset.apps/agent created\n');
    // The lesson terminal gives no writeFile: the line is refused before it runs.
    const refused = { exitCode: 1, stdout: '', stderr: 'other.yaml: this terminal cannot write files\n' };
    expect(exec(c, 'cat > other.yaml', DS, { readFile: host.readFile })).toEqual(refused);
  });

  it('print files and piped output, a missing file reported in its place', () => {
    const c = threeNodes();
    const host = editor({ 'agent.yaml': DS });
    exec(c, 'kubectl apply -f -', DS);
    const r = exec(c, 'cat agent.yaml nope.yaml', undefined, host);
    expect(r).toMatchObject({ exitCode: 1, stdout: DS, stderr: 'cat: nope.yaml: No such file or directory\n' });
    expect(outputOf(r).map((o) => o.stream)).toEqual(['stdout', 'stderr']);
    const yaml = exec(c, 'kubectl get ds agent -o yaml').stdout;
    expect(exec(c, 'kubectl get ds agent -o yaml | cat')).toEqual({ exitCode: 0, stdout: yaml, stderr: '' });
    expect(exec(c, 'kubectl get ds agent -o yaml | cat -n | head -n 2').stdout).toBe('     1\tapiVersion: apps/v1\n     2\tkind: DaemonSet\n');
    expect(exec(c, 'kubectl get nodes -o name | cat - agent.yaml nope | wc -l', undefined, host)).toMatchObject({
      exitCode: 0,
      stdout: `${3 + DS.split('\n').length - 1}\n`,
      stderr: 'cat: nope: No such file or directory\n',
    });
    expect(exec(c, 'kubectl get nodes | echo -n hi')).toEqual({ exitCode: 0, stdout: 'hi', stderr: '' });
    const namespace = `echo '{"apiVersion": "v1", "kind": "Namespace", "metadata": {"name": "team-a"}}' | kubectl apply -f -`;
    expect(exec(c, namespace).stdout).toBe('namespace/team-a created\n');
    expect(exec(c, 'cat --help | head -n 1').stdout).toBe('Usage: cat [OPTION]... [FILE]...\n');
  });

  it('keep refusing a filter at the start of a line, and are named wherever the terminal lists what it runs', () => {
    const c = threeNodes();
    const grep = exec(c, 'grep image agent.yaml');
    expect(grep).toMatchObject({ exitCode: 2, stderr: expect.stringMatching(/^grep reads the output of a command: use it after a pipe/) });
    const afterPipe = 'after a pipe this terminal runs kubectl, sim, cat, echo, grep, sed, head, tail, wc, sort, uniq and cut';
    expect(exec(c, 'kubectl get nodes | tr a b').stderr).toBe(`tr: command not found (${afterPipe})\n`);
    const atStart = 'this terminal runs kubectl and sim commands, cat and echo; "help" lists them';
    expect(exec(c, 'less agent.yaml').stderr).toBe(`less: command not found (${atStart})\nthe terminal scrolls back; head and tail cut a long output\n`);
    expect(exec(c, 'help').stdout).toContain('cat prints editor files or a here-document');
  });

  it('log their files; a replay leaves them out unless a kubectl stage reads their output, and every moment replays the same', () => {
    const cluster = createCluster({ seed: 3 });
    const timeline = new Timeline(cluster, new SparseCheckpoints({ everyCommands: 1, max: 1000 }));
    const files: Record<string, string> = { 'agent.yaml': DS, 'v2.yaml': DS2 };
    let reads = 0;
    const readFile = (n: string): string | undefined => (reads++, files[n]);
    const run = (line: string, stdin?: string) => expect(exec(cluster, line, stdin, { timeline, readFile }).exitCode, line).toBe(0);
    run('sim node add node-{1..3}');
    run('cat agent.yaml | kubectl apply -f -');
    run('echo applied');
    run('sim advance 30s');
    run('cat v2.yaml');
    run('cat | kubectl apply -f -', DS2);
    run('sim advance 1m');
    expect(timeline.entries.find((e) => e.line === 'cat v2.yaml')?.files).toEqual({ 'v2.yaml': DS2 });
    expect(image(cluster)).toBe('registry.example/agent:2');

    const fresh = threeNodes();
    reads = 0;
    expect(exec(fresh, 'cat agent.yaml', undefined, { readFile, replay: true })).toEqual({ exitCode: 0, stdout: '', stderr: '' });
    expect(reads).toBe(0);
    expect(exec(fresh, 'cat agent.yaml | kubectl apply -f -', undefined, { readFile, replay: true }).stdout).toBe('daemonset.apps/agent created\n');
    expect(reads).toBe(1);
    expectEveryMomentMatchesReplay(timeline, 3);
  });
});
