/**
 * `kubectl diff`: the live object against apply's server dry run, in `diff -u -N` form, exit 0/1/2;
 * it writes nothing, and leaves the cluster's RNG alone (later names do not depend on a diff).
 */
import { describe, expect, it } from 'vitest';
import { runScript } from '../../../src/kubectl/session.js';
import { DS_YAML, expectUnchanged, fixture } from './mutating-fixture.js';

const V11 = DS_YAML.replace(':1.0', ':1.1');

describe('kubectl diff', () => {
  it('shows the changed lines of an existing object, generation bumped, last-applied untouched; exit 1', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const r = f.run('kubectl diff -f -', V11);
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('');
    const [head, ...hunks] = r.stdout.split(/^(?=@@ )/m);
    expect(head).toMatch(
      /^diff -u -N \/tmp\/LIVE-(\d+)\/apps\.v1\.DaemonSet\.default\.log-agent \/tmp\/MERGED-(\d+)\/apps\.v1\.DaemonSet\.default\.log-agent\n--- \/tmp\/LIVE-\1\/apps\.v1\.DaemonSet\.default\.log-agent\t2026-01-01 00:00:00\.000000000 \+0000\n\+\+\+ \/tmp\/MERGED-\2\/apps\.v1\.DaemonSet\.default\.log-agent\t2026-01-01 00:00:00\.000000000 \+0000\n$/,
    );
    const changed = hunks.join('').split('\n').filter((l) => /^[-+]/.test(l));
    expect(changed).toEqual([
      '-    deprecated.daemonset.template.generation: "1"',
      '+    deprecated.daemonset.template.generation: "2"',
      '-  generation: 1',
      '+  generation: 2',
      '-      - image: registry.example/log-agent:1.0',
      '+      - image: registry.example/log-agent:1.1',
    ]);
  });

  it('prints nothing and exits 0 when apply would change nothing', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expect(f.run('kubectl diff -f -', DS_YAML)).toEqual({ exitCode: 0, stdout: '', stderr: '' });
  });

  it('diffs an object that does not exist yet against nothing: the dry-run create, without last-applied', () => {
    const f = fixture();
    const r = f.run('kubectl diff -f -', DS_YAML);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toMatch(/\n@@ -0,0 \+1,\d+ @@\n\+apiVersion: apps\/v1\n\+kind: DaemonSet\n\+metadata:\n\+  annotations:\n\+    deprecated\.daemonset\.template\.generation: "1"\n\+  creationTimestamp: "2026-01-01T00:00:00Z"\n\+  generation: 1\n\+  name: log-agent\n\+  namespace: default\n\+  uid: [0-9a-f-]{36}\n\+spec:\n/);
    expect(r.stdout).not.toContain('last-applied-configuration');
    expect(r.stdout).not.toContain('resourceVersion');
  });

  it('lists several objects by file name, each once', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    const r = f.run('kubectl diff -f -', `apiVersion: v1\nkind: Namespace\nmetadata: {name: logging}\n---\n${V11}`);
    expect(r.stdout.match(/^diff -u -N .*$/gm)?.map((l) => l.split(' ')[3]!.replace(/^\/tmp\/LIVE-\d+\//, ''))).toEqual(['apps.v1.DaemonSet.default.log-agent', 'v1.Namespace..logging']);
  });

  it('writes nothing: the store is unchanged and later generated names are those of a run without the diff', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expectUnchanged(f.cluster, () => {
      f.run('kubectl diff -f -', V11);
      f.run('kubectl diff -f -', DS_YAML.replace(/log-agent/g, 'other'));
    });
    const podNames = (diffs: string) => {
      const out = runScript(`sim node add node-1\n${diffs}kubectl apply -f - <<EOF\n${DS_YAML}EOF\nsim settle\nkubectl get pods -o name\n`);
      if ('error' in out) throw new Error(out.error);
      return out.results[out.results.length - 1]!.stdout;
    };
    expect(podNames(`kubectl diff -f - <<EOF\n${DS_YAML}EOF\n`)).toBe(podNames(''));
  });

  it('fails with exit 2 and kubectl\'s messages, printing no diff', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expect(f.run('kubectl diff')).toEqual({ exitCode: 2, stdout: '', stderr: 'error: must specify one of -f and -k\n' });
    expect(f.run('kubectl diff -f - now', V11)).toEqual({ exitCode: 2, stdout: '', stderr: "error: Unexpected args: [now]\nSee 'kubectl diff -h' for help and examples\n" });
    expect(f.run('kubectl diff -f - --colour', V11)).toEqual({ exitCode: 2, stdout: '', stderr: "error: unknown flag: --colour\nSee 'kubectl diff -h' for help and examples\n" });
    const immutable = f.run('kubectl diff -f -', `${V11}---\n${DS_YAML.replace(/app: log-agent/g, 'app: other')}`);
    expect(immutable.exitCode).toBe(2);
    expect(immutable.stdout).toBe('');
    expect(immutable.stderr).toMatch(/^The DaemonSet "log-agent" is invalid: spec\.selector: Invalid value: .*: field is immutable\n$/);
  });

  it('an unknown field is the server\'s warning (no --validate here), and no difference', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expect(f.run('kubectl diff -f -', DS_YAML.replace('  selector:', '  colour: blue\n  selector:'))).toEqual({ exitCode: 0, stdout: '', stderr: 'Warning: unknown field "spec.colour"\n' });
  });
});
