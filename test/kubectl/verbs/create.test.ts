import { describe, expect, it } from 'vitest';
import { DS_YAML, expectUnchanged, fixture } from './mutating-fixture.js';

const LAST = 'kubectl.kubernetes.io/last-applied-configuration';

describe('kubectl create -f', () => {
  it('creates each object once, without the last-applied annotation', () => {
    const f = fixture();
    expect(f.run('kubectl create -f -', DS_YAML)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent created\n', stderr: '' });
    expect(f.cluster.store.get('DaemonSet', 'default', 'log-agent')?.metadata.annotations?.[LAST]).toBeUndefined();
  });

  it('--save-config writes the annotation', () => {
    const f = fixture();
    f.run('kubectl create --save-config -f -', DS_YAML);
    expect(f.cluster.store.get('DaemonSet', 'default', 'log-agent')?.metadata.annotations?.[LAST]).toMatch(/^\{"apiVersion":"apps\/v1"/);
  });

  it('an existing object is AlreadyExists and changes nothing', () => {
    const f = fixture();
    f.run('kubectl create -f -', DS_YAML);
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl create -f -', DS_YAML.replace(':1.0', ':9.9'))).toEqual({
        exitCode: 1,
        stdout: '',
        stderr: 'Error from server (AlreadyExists): error when creating "STDIN": daemonsets.apps "log-agent" already exists\n',
      });
    });
  });

  it('strict decoding rejects unknown fields, as apply does', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl create -f -', DS_YAML.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector'));
      expect(r.stderr).toBe(
        'Error from server (BadRequest): error when creating "STDIN": DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding error: unknown field "spec.replicas"\n',
      );
    });
  });

  it('continues past a failing document; errors in stream order', () => {
    const f = fixture();
    f.run('kubectl create -f -', DS_YAML);
    const r = f.run('kubectl create -f -', `${DS_YAML}---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: tools\n`);
    expect(r.stdout).toBe('namespace/tools created\n');
    expect(r.stderr).toBe('Error from server (AlreadyExists): error when creating "STDIN": daemonsets.apps "log-agent" already exists\n');
    expect(r.exitCode).toBe(1);
  });

  it('--dry-run=client creates nothing', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl create --dry-run=client -f -', DS_YAML).stdout).toBe('daemonset.apps/log-agent created (dry run)\n');
    });
  });
});

describe('kubectl create namespace', () => {
  it('creates an Active namespace with its name label', () => {
    const f = fixture();
    expect(f.run('kubectl create namespace tools')).toEqual({ exitCode: 0, stdout: 'namespace/tools created\n', stderr: '' });
    const ns = f.cluster.store.get('Namespace', '', 'tools')!;
    expect(ns.status.phase).toBe('Active');
    expect(ns.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'tools' });
  });

  it('ns is an alias; a second create is AlreadyExists', () => {
    const f = fixture();
    expect(f.run('kubectl create ns tools').exitCode).toBe(0);
    expect(f.run('kubectl create namespace tools')).toEqual({ exitCode: 1, stdout: '', stderr: 'Error from server (AlreadyExists): namespaces "tools" already exists\n' });
  });

  it('needs exactly one name and a valid one', () => {
    const f = fixture();
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl create namespace').stderr).toBe("error: exactly one NAME is required, got 0\nSee 'kubectl create namespace -h' for help and examples\n");
      const r = f.run('kubectl create namespace Tools');
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/^The Namespace "Tools" is invalid: metadata\.name: Invalid value: "Tools": a lowercase RFC 1123 label/);
    });
  });
});
