/**
 * `-o` of `kubectl taint`. What needs an API server follows upstream v1.32 `taint.go`
 * (`RunTaint`): a printer per node (`ToPrinter(operation)`), asked for once the new taints are
 * worked out and before the patch is sent; the printed node is the server's answer, which the
 * typed client holds as a `v1.Node` (JSON in struct field order), or under `--dry-run=client` the
 * node with its new taints decoded into an unstructured object (sorted keys).
 */
import { describe, expect, it } from 'vitest';
import { addNode, expectUnchanged, fixture } from './mutating-fixture.js';

const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const NO_PRINTER = (format: string) =>
  `unable to match a printer suitable for the output format "${format}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`;

function setup() {
  const f = fixture();
  addNode(f.cluster, 'node-1');
  addNode(f.cluster, 'node-2', { labels: { pool: 'gpu' } });
  return f;
}
const node = (f: ReturnType<typeof fixture>, name = 'node-1') => f.cluster.store.get('Node', '', name)!;

describe('kubectl taint -o', () => {
  it('-o json prints the stored node as the typed client holds it: struct field order', () => {
    const f = setup();
    const r = f.run('kubectl taint nodes node-1 dedicated=gpu:NoSchedule -o json');
    expect(r.exitCode).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(Object.keys(printed)).toEqual(['kind', 'apiVersion', 'metadata', 'spec', 'status']);
    expect(Object.keys(printed.metadata)).toEqual(['name', 'uid', 'resourceVersion', 'creationTimestamp', 'labels']);
    expect(printed.metadata.resourceVersion).toBe(node(f).metadata.resourceVersion);
    expect(printed.spec.taints).toEqual([{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]);
    expect(node(f).spec.taints).toEqual(printed.spec.taints);
  });

  it('-o yaml asks for a new printer per node: no --- between them', () => {
    const f = setup();
    const r = f.run('kubectl taint nodes --all x:NoSchedule -o yaml');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toContain('---');
    expect(r.stdout.match(/^apiVersion: v1\nkind: Node\n/gm)).toHaveLength(2);
    expect(r.stdout).toContain('  name: node-1\n');
    expect(r.stdout).toContain('  name: node-2\n');
    expect(r.stdout).toContain('spec:\n  taints:\n  - effect: NoSchedule\n    key: x\n');
  });

  it('-o name, -o jsonpath and --template alone', () => {
    const f = setup();
    expect(f.run('kubectl taint nodes node-1 a:NoSchedule -o name')).toEqual(ok('node/node-1\n'));
    expect(f.run("kubectl taint nodes -l pool=gpu b=1:NoExecute -o jsonpath='{.metadata.name} {.spec.taints[0].timeAdded}'")).toEqual(ok('node-2 2026-01-01T00:00:00Z'));
    expect(f.run("kubectl taint nodes node-1 a:NoSchedule- --template='{{.metadata.name}} {{.spec}}'")).toEqual(ok('node-1 map[]'));
    expect(node(f).spec.taints).toBeUndefined();
  });

  it('--dry-run=client prints the node with its new taints, unstructured, without a timeAdded nothing stored', () => {
    const f = setup();
    f.run('kubectl taint nodes node-1 old=1:NoExecute');
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl taint nodes node-1 new=2:NoExecute --dry-run=client -o json');
      expect(r.exitCode).toBe(0);
      const printed = JSON.parse(r.stdout);
      expect(Object.keys(printed)).toEqual(['apiVersion', 'kind', 'metadata', 'spec', 'status']);
      expect(printed.spec.taints).toEqual([
        { effect: 'NoExecute', key: 'new', value: '2' },
        { effect: 'NoExecute', key: 'old', timeAdded: '2026-01-01T00:00:00Z', value: '1' },
      ]);
      expect(printed.metadata.resourceVersion).toBe(node(f).metadata.resourceVersion);
    });
  });

  it('--dry-run=server prints the answer of the dry-run write, nothing stored', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run("kubectl taint nodes node-1 a=b:NoExecute --dry-run=server -o jsonpath='{.spec.taints[*].key} {.spec.taints[*].timeAdded}'")).toEqual(
        ok('a 2026-01-01T00:00:00Z'),
      );
    });
  });

  it('--show-managed-fields changes nothing: the playground keeps no managedFields', () => {
    const f = setup();
    const plain = f.run('kubectl taint nodes node-1 a:NoSchedule --dry-run=server -o yaml');
    expect(plain.stdout).toContain('kind: Node\n');
    expect(f.run('kubectl taint nodes node-1 a:NoSchedule --dry-run=server -o yaml --show-managed-fields')).toEqual(plain);
  });

  it('a format it cannot print is an error of each node, before that node is written', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl taint nodes node-1 a:NoSchedule -o wide')).toEqual({ exitCode: 1, stdout: '', stderr: `error: ${NO_PRINTER('wide')}\n` });
      expect(f.run('kubectl taint nodes --all a:NoSchedule -o wide')).toEqual({ exitCode: 1, stdout: '', stderr: `${NO_PRINTER('wide')}\n${NO_PRINTER('wide')}\n` });
    });
    // The taint checks come first: a node that already has the taint reports that instead.
    f.run('kubectl taint nodes node-1 a:NoSchedule');
    expect(f.run('kubectl taint nodes node-1 a:NoSchedule -o wide').stderr).toBe('error: node node-1 already has a taint(s) with same effect(s) and --overwrite is false\n');
  });
});
