import { describe, expect, it } from 'vitest';
import { addDaemonSet, addNode, addPod, expectUnchanged, fixture } from './mutating-fixture.js';

function setup() {
  const f = fixture();
  addNode(f.cluster, 'node-1');
  addNode(f.cluster, 'node-2');
  return f;
}
const labels = (f: ReturnType<typeof fixture>, name: string) => f.cluster.store.get('Node', '', name)?.metadata.labels;

describe('kubectl label', () => {
  it('adds a label: node/node-1 labeled', () => {
    const f = setup();
    expect(f.run('kubectl label node node-1 node-status=decommissioning')).toEqual({ exitCode: 0, stdout: 'node/node-1 labeled\n', stderr: '' });
    expect(labels(f, 'node-1')).toEqual({ 'kubernetes.io/hostname': 'node-1', 'node-status': 'decommissioning' });
  });

  it('refuses to change a value without --overwrite, allows it with', () => {
    const f = setup();
    f.run('kubectl label node node-1 app=x');
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl label node node-1 app=y')).toEqual({ exitCode: 1, stdout: '', stderr: "error: 'app' already has a value (x), and --overwrite is false\n" });
    });
    expect(f.run('kubectl label node node-1 app=y --overwrite').stdout).toBe('node/node-1 labeled\n');
    expect(labels(f, 'node-1')?.app).toBe('y');
  });

  it('setting the same value again is "not labeled"', () => {
    const f = setup();
    f.run('kubectl label node node-1 app=x');
    expect(f.run('kubectl label node node-1 app=x').stdout).toBe('node/node-1 not labeled\n');
  });

  it('removes with k-: unlabeled; a missing key says so', () => {
    const f = setup();
    f.run('kubectl label node node-1 app=x');
    expect(f.run('kubectl label node node-1 app-').stdout).toBe('node/node-1 unlabeled\n');
    expect(labels(f, 'node-1')).toEqual({ 'kubernetes.io/hostname': 'node-1' });
    expect(f.run('kubectl label node node-1 app-').stdout).toBe('label "app" not found.\nnode/node-1 not labeled\n');
  });

  it('labels pods and daemonsets, by TYPE/NAME too', () => {
    const f = setup();
    addPod(f.cluster, { name: 'web-1' });
    addDaemonSet(f.cluster);
    expect(f.run('kubectl label pod/web-1 tier=front').stdout).toBe('pod/web-1 labeled\n');
    expect(f.run('kubectl label ds log-agent team=infra').stdout).toBe('daemonset.apps/log-agent labeled\n');
    expect(f.cluster.store.get('DaemonSet', 'default', 'log-agent')?.metadata.labels).toEqual({ team: 'infra' });
  });

  it('-l and --all pick several objects', () => {
    const f = setup();
    f.run('kubectl label node node-1 pool=a');
    expect(f.run('kubectl label nodes -l pool=a zone=z1').stdout).toBe('node/node-1 labeled\n');
    expect(f.run('kubectl label nodes --all ready=yes').stdout).toBe('node/node-1 labeled\nnode/node-2 labeled\n');
  });

  it('rejects malformed pairs and bad keys, changing nothing', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl label node node-1 a=b=c').stderr).toBe('error: invalid label spec: a=b=c\n');
      expect(f.run('kubectl label node node-1 a=b a-').stderr).toBe('error: can not both modify and remove a label in the same command\n');
      expect(f.run('kubectl label node node-1').stderr).toBe('error: at least one label update is required\n');
      expect(f.run('kubectl label node node-1 a=b node-2').stderr).toBe('error: all resources must be specified before label changes: node-2\n');
      expect(f.run('kubectl label node node-1 a=b!').stderr).toMatch(/^error: invalid label value: "a=b!": a valid label must be an empty string/);
      expect(f.run('kubectl label node node-1 bad_key!=x').stderr).toMatch(/^The Node "node-1" is invalid: metadata\.labels: Invalid value: "bad_key!": name part must consist of/);
      expect(f.run('kubectl label node nope a=b').stderr).toBe('Error from server (NotFound): nodes "nope" not found\n');
    });
  });

  it('--dry-run=client changes nothing', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl label node node-1 a=b --dry-run=client').stdout).toBe('node/node-1 labeled (dry run)\n');
    });
  });
});

describe('kubectl annotate', () => {
  it('adds, refuses to overwrite, overwrites, removes', () => {
    const f = setup();
    expect(f.run("kubectl annotate node node-1 note='drained for kernel 6.1=ok'").stdout).toBe('node/node-1 annotated\n');
    expect(f.cluster.store.get('Node', '', 'node-1')?.metadata.annotations).toEqual({ note: 'drained for kernel 6.1=ok' });
    expect(f.run('kubectl annotate node node-1 note=other').stderr).toBe(
      "error: --overwrite is false but found the following declared annotation(s): 'note' already has a value (drained for kernel 6.1=ok)\n",
    );
    expect(f.run('kubectl annotate node node-1 note=other --overwrite').stdout).toBe('node/node-1 annotated\n');
    expect(f.run('kubectl annotate node node-1 note-').stdout).toBe('node/node-1 annotated\n');
    expect(f.cluster.store.get('Node', '', 'node-1')?.metadata.annotations).toBeUndefined();
  });

  it('names every taken key in one message, changes nothing, and always lets change-cause be overwritten', () => {
    const f = setup();
    f.run('kubectl annotate node node-1 a=1 b=2 kubernetes.io/change-cause=first');
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl annotate node node-1 a=9 b=8 c=3')).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: "error: --overwrite is false but found the following declared annotation(s): 'a' already has a value (1); 'b' already has a value (2)\n",
      });
    });
    expect(f.run('kubectl annotate node node-1 kubernetes.io/change-cause=second a=1')).toEqual({ exitCode: 0, stdout: 'node/node-1 annotated\n', stderr: '' });
    expect(f.cluster.store.get('Node', '', 'node-1')?.metadata.annotations?.['kubernetes.io/change-cause']).toBe('second');
  });

  it('rejects a word that is neither k=v nor k-', () => {
    const f = setup();
    expect(f.run('kubectl annotate node node-1 a=b c').stderr).toBe('error: all resources must be specified before annotation changes: c\n');
  });
});
