/**
 * `kubectl label --list` / `kubectl annotate --list`: the object's labels or annotations after the
 * command's pairs, listed and never written. Texts marked so were read from kubectl 1.32
 * (`--local` runs offline); the live cases follow upstream v0.32 `RunLabel` / `RunAnnotate`
 * (the `--list` path edits the object in memory, as `--dry-run=client` does).
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { addNode, AGENT_YAML as AGENT, expectUnchanged, fixture } from './mutating-fixture.js';

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  labels: {b: "2", a: "1"}\n  annotations: {z: w}\n';
const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });

function setup() {
  const f = fixture();
  const files: Record<string, string> = { 'agent.yaml': AGENT, 'cm.yaml': CM };
  addNode(f.cluster, 'node-1', { labels: { zone: 'a' } });
  addNode(f.cluster, 'node-2', { labels: { zone: 'b' } });
  return { f, run: (line: string) => exec(f.cluster, line, undefined, { readFile: (p) => files[p] }) };
}

describe('kubectl label --list', () => {
  it('one object named: its labels one per line, after the pairs, and nothing is written', () => {
    const { f, run } = setup();
    expectUnchanged(f.cluster, () => {
      expect(run('kubectl label --list node node-1')).toEqual(ok('kubernetes.io/hostname=node-1\nzone=a\n'));
      expect(run('kubectl label --list node/node-1 tier=edge zone-')).toEqual(ok('kubernetes.io/hostname=node-1\ntier=edge\n'));
      expect(run('kubectl annotate --list node node-1 note=x')).toEqual(ok('note=x\n'));
    });
  });

  it('several objects: a header per object, KIND.GROUP/NAME (the core group empty), lines indented', () => {
    const { run } = setup();
    expect(run('kubectl label --list nodes --all')).toEqual(
      ok('Listing labels for Node./node-1:\n kubernetes.io/hostname=node-1\n zone=a\nListing labels for Node./node-2:\n kubernetes.io/hostname=node-2\n zone=b\n'),
    );
    expect(run('kubectl label --list nodes -l zone=b')).toEqual(ok('Listing labels for Node./node-2:\n kubernetes.io/hostname=node-2\n zone=b\n'));
  });

  it('keeps the refusals of the pairs: a key with another value needs --overwrite', () => {
    const { run } = setup();
    expect(run('kubectl label --list node node-1 zone=c')).toEqual({ exitCode: 1, stdout: '', stderr: "error: 'zone' already has a value (a), and --overwrite is false\n" });
    expect(run('kubectl label --list node node-1 zone=c --overwrite')).toEqual(ok('kubernetes.io/hostname=node-1\nzone=c\n'));
  });

  it('--list with -o is refused; without pairs it needs none (read from kubectl 1.32)', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f agent.yaml --list -o yaml')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: --list and --output may not be specified together\n' });
    expect(run('kubectl label node node-1')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: at least one label update is required\n' });
  });

  it('annotate makes no such check (it reads a field -o never sets), yet parses -o (read from kubectl 1.32; lines in key order here)', () => {
    const { run } = setup();
    expect(run('kubectl annotate --local -f cm.yaml --list -o yaml x=y')).toEqual(ok('x=y\nz=w\n'));
    expect(run('kubectl annotate --local -f cm.yaml --list -o foo x=y')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr:
        'error: unable to match a printer suitable for the output format "foo", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml\n',
    });
  });

  it('--local: the file objects, one file naming one object or two files each with a header (read from kubectl 1.32, whose lines come in Go map order; here in key order)', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f cm.yaml --list')).toEqual(ok('a=1\nb=2\n'));
    expect(run('kubectl label --local -f cm.yaml --list a=9')).toEqual({ exitCode: 1, stdout: '', stderr: "error: 'a' already has a value (1), and --overwrite is false\n" });
    expect(run('kubectl label --local -f agent.yaml --list tier=node')).toEqual(ok('app=agent\ntier=node\n'));
    expect(run('kubectl label --local -f cm.yaml -f agent.yaml --list x=y')).toEqual(
      ok('Listing labels for ConfigMap./cm:\n a=1\n b=2\n x=y\nListing labels for DaemonSet.apps/agent:\n app=agent\n x=y\n'),
    );
    expect(run('kubectl annotate --local -f cm.yaml -f agent.yaml --list')).toEqual(ok('Listing annotations for ConfigMap./cm:\n z=w\nListing annotations for DaemonSet.apps/agent:\n'));
  });
});
