import { describe, expect, it } from 'vitest';
import { addNode, expectUnchanged, fixture } from './mutating-fixture.js';

function setup() {
  const f = fixture();
  addNode(f.cluster, 'node-1');
  addNode(f.cluster, 'node-2', { labels: { pool: 'gpu' } });
  return f;
}
const taints = (f: ReturnType<typeof fixture>, name = 'node-1') => f.cluster.store.get('Node', '', name)?.spec.taints;
const USAGE = "\nSee 'kubectl taint -h' for help and examples\n";

describe('kubectl taint: adding', () => {
  it('key=value:Effect and key:Effect; new taints go first', () => {
    const f = setup();
    expect(f.run('kubectl taint nodes node-1 maintenance=planned:NoSchedule')).toEqual({ exitCode: 0, stdout: 'node/node-1 tainted\n', stderr: '' });
    expect(f.run('kubectl taint node node-1 dedicated:PreferNoSchedule').stdout).toBe('node/node-1 tainted\n');
    expect(taints(f)).toEqual([
      { key: 'dedicated', effect: 'PreferNoSchedule' },
      { key: 'maintenance', value: 'planned', effect: 'NoSchedule' },
    ]);
  });

  it('a NoExecute taint records when it was added', () => {
    const f = setup();
    f.run('kubectl taint nodes node-1 quarantine=true:NoExecute');
    expect(taints(f)).toEqual([{ key: 'quarantine', value: 'true', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:00Z' }]);
  });

  it('the same key and effect needs --overwrite, which says modified', () => {
    const f = setup();
    f.run('kubectl taint nodes node-1 maintenance=planned:NoSchedule');
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl taint nodes node-1 maintenance=now:NoSchedule')).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'error: node node-1 already has maintenance taint(s) with same effect(s) and --overwrite is false\n',
      });
    });
    expect(f.run('kubectl taint nodes node-1 maintenance=now:NoSchedule --overwrite').stdout).toBe('node/node-1 modified\n');
    expect(taints(f)).toEqual([{ key: 'maintenance', value: 'now', effect: 'NoSchedule' }]);
    expect(f.run('kubectl taint nodes node-1 maintenance=now:NoExecute').stdout).toBe('node/node-1 tainted\n');
  });

  it('-l and --all taint several nodes', () => {
    const f = setup();
    expect(f.run('kubectl taint nodes -l pool=gpu gpu=true:NoSchedule').stdout).toBe('node/node-2 tainted\n');
    expect(f.run('kubectl taint nodes --all x:NoSchedule').stdout).toBe('node/node-1 tainted\nnode/node-2 tainted\n');
  });
});

describe('kubectl taint: removing', () => {
  it('key:Effect- removes one effect, key- every effect of the key', () => {
    const f = setup();
    f.run('kubectl taint nodes node-1 a=1:NoSchedule');
    f.run('kubectl taint nodes node-1 a=1:NoExecute');
    f.run('kubectl taint nodes node-1 b:NoSchedule');
    expect(f.run('kubectl taint nodes node-1 a:NoSchedule-').stdout).toBe('node/node-1 untainted\n');
    expect(taints(f)?.map((t) => `${t.key}:${t.effect}`)).toEqual(['b:NoSchedule', 'a:NoExecute']);
    expect(f.run('kubectl taint nodes node-1 a-').stdout).toBe('node/node-1 untainted\n');
    expect(f.run('kubectl taint nodes node-1 b=x:NoSchedule-').stdout).toBe('node/node-1 untainted\n');
    expect(taints(f)).toBeUndefined();
  });

  it('removing a taint that is not there is an error', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl taint nodes node-1 x:NoSchedule-')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: taint "x:NoSchedule" not found\n' });
      expect(f.run('kubectl taint nodes node-1 x-').stderr).toBe('error: taint "x" not found\n');
    });
  });

  it('adding and removing in one command is modified', () => {
    const f = setup();
    f.run('kubectl taint nodes node-1 a:NoSchedule');
    expect(f.run('kubectl taint nodes node-1 b:NoSchedule a:NoSchedule-').stdout).toBe('node/node-1 modified\n');
    expect(taints(f)).toEqual([{ key: 'b', effect: 'NoSchedule' }]);
  });
});

describe('kubectl taint: errors', () => {
  it('speaks kubectl\'s words and changes nothing', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl taint nodes node-1 a=b:Foo').stderr).toBe(`error: invalid taint effect: Foo, unsupported taint effect${USAGE}`);
      expect(f.run('kubectl taint nodes node-1 a=b').stderr).toMatch(/^error: invalid taint spec: a=b, name part must consist of alphanumeric characters/);
      expect(f.run('kubectl taint nodes node-1 a').stderr).toBe('error: at least one taint update is required\n');
      expect(f.run('kubectl taint nodes node-1 a=b=c:NoSchedule').stderr).toBe(`error: invalid taint spec: a=b=c:NoSchedule${USAGE}`);
      expect(f.run('kubectl taint nodes node-1').stderr).toBe('error: at least one taint update is required\n');
      expect(f.run('kubectl taint nodes node-1 a:NoSchedule node-2').stderr).toBe('error: all resources must be specified before taint changes: node-2\n');
      expect(f.run('kubectl taint pods web a:NoSchedule').stderr).toBe('error: invalid resource type pods, only node types are supported\n');
      expect(f.run('kubectl taint nodes a:NoSchedule').stderr).toBe("error: at least one resource name must be specified since 'all' parameter is not set\n");
      expect(f.run('kubectl taint nodes node-1 a:NoSchedule a-').stderr).toBe('error: can not both modify and remove the following taint(s) in the same command: {"a":""}\n');
      expect(f.run('kubectl taint nodes nope a:NoSchedule').stderr).toBe('Error from server (NotFound): nodes "nope" not found\n');
    });
  });

  it('--dry-run=client changes nothing, and the name printer says no (dry run): taint sets its operation after the suffix', () => {
    const f = setup();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl taint nodes node-1 a:NoSchedule --dry-run=client').stdout).toBe('node/node-1 tainted\n');
    });
  });
});
