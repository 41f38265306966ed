import { describe, expect, it } from 'vitest';
import { addNode, expectUnchanged, fixture } from './mutating-fixture.js';

describe('kubectl cordon / uncordon', () => {
  it('sets and clears spec.unschedulable, and says "already" the second time', () => {
    const f = fixture();
    addNode(f.cluster, 'node-1');
    expect(f.run('kubectl cordon node-1')).toEqual({ exitCode: 0, stdout: 'node/node-1 cordoned\n', stderr: '' });
    expect(f.cluster.store.get('Node', '', 'node-1')?.spec.unschedulable).toBe(true);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl cordon node-1')).toEqual({ exitCode: 0, stdout: 'node/node-1 already cordoned\n', stderr: '' });
    });
    expect(f.run('kubectl uncordon node-1')).toEqual({ exitCode: 0, stdout: 'node/node-1 uncordoned\n', stderr: '' });
    expect('unschedulable' in f.cluster.store.get('Node', '', 'node-1')!.spec).toBe(false);
    expect(f.run('kubectl uncordon node-1').stdout).toBe('node/node-1 already uncordoned\n');
  });

  it('takes several nodes or -l', () => {
    const f = fixture();
    addNode(f.cluster, 'node-1', { labels: { pool: 'a' } });
    addNode(f.cluster, 'node-2', { labels: { pool: 'a' } });
    addNode(f.cluster, 'node-3');
    expect(f.run('kubectl cordon node-1 node-3').stdout).toBe('node/node-1 cordoned\nnode/node-3 cordoned\n');
    expect(f.run('kubectl cordon -l pool=a').stdout).toBe('node/node-1 already cordoned\nnode/node-2 cordoned\n');
  });

  it('errors: no node, unknown node, name and selector together', () => {
    const f = fixture();
    addNode(f.cluster, 'node-1');
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl cordon')).toEqual({ exitCode: 1, stdout: '', stderr: "error: USAGE: cordon NODE [flags]\nSee 'kubectl cordon -h' for help and examples\n" });
      expect(f.run('kubectl uncordon nope')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (NotFound): nodes "nope" not found\n' });
      expect(f.run('kubectl cordon node-1 -l a=b').stderr).toBe("error: cannot specify both a node name and a --selector option\nSee 'kubectl cordon -h' for help and examples\n");
      expect(f.run('kubectl cordon node-1 --dry-run=client').stdout).toBe('node/node-1 cordoned (dry run)\n');
    });
  });
});
