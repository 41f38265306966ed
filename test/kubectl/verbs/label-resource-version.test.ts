/**
 * `kubectl label --resource-version` / `kubectl annotate --resource-version`, and
 * `--field-manager`. Texts marked so were read from kubectl 1.32 (`--local` runs offline, and so
 * does the single-resource check of files); the live cases follow upstream v0.32 `RunLabel` /
 * `RunAnnotate` (the version is put in the object, after its own is dropped, so the merge patch
 * carries it) and apiserver `Store.Update` (a stale version is a Conflict, `0` is unconditional,
 * checked before validation and under `--dry-run=server` too).
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { addNode, AGENT_YAML as AGENT, expectUnchanged, fixture } from './mutating-fixture.js';

const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string, stdout = '') => ({ exitCode: 1, stdout, stderr });
const CONFLICT =
  'Error from server (Conflict): Operation cannot be fulfilled on nodes "node-1": the object has been modified; please apply your changes to the latest version and try again\n';
const ONE_ONLY = 'error: --resource-version may only be used with a single resource\n';

const CM = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: cm\n  resourceVersion: "12"\n  labels: {a: "1"}\n';
const LONG = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: long\n  labels: {a: "1", a-very-long-label-key-indeed: a-very-long-label-value-too}\n';
const TWO = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: one\n---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: two\n';
const FILES: Readonly<Record<string, string>> = { 'cm.yaml': CM, 'long.yaml': LONG, 'two.yaml': TWO, 'agent.yaml': AGENT };

/** A cluster with node-1 and node-2, and commands that read FILES. */
function setup() {
  const f = fixture();
  addNode(f.cluster, 'node-1');
  addNode(f.cluster, 'node-2');
  const run = (line: string, stdin?: string) => exec(f.cluster, line, stdin, { readFile: (p) => FILES[p] });
  const node = () => f.cluster.store.get('Node', '', 'node-1')!;
  return { f, run, node };
}

describe('--resource-version on live objects', () => {
  it('the current version lets the change through; a stale one is a Conflict and changes nothing', () => {
    const { f, run, node } = setup();
    const current = node().metadata.resourceVersion;
    const stale = String(Number(current) - 1);
    expectUnchanged(f.cluster, () => {
      expect(run(`kubectl label node node-1 tier=edge --resource-version=${stale}`)).toEqual(failed(CONFLICT));
      expect(run(`kubectl annotate node/node-1 note=x --resource-version=${stale}`)).toEqual(failed(CONFLICT));
    });
    expect(run(`kubectl label node node-1 tier=edge --resource-version=${current}`)).toEqual(ok('node/node-1 labeled\n'));
    expect(node().metadata.labels?.['tier']).toBe('edge');
    // The write moved the version on: the one that just worked is stale now.
    expect(run(`kubectl annotate node node-1 note=x --resource-version=${current}`)).toEqual(failed(CONFLICT));
  });

  it('0 asks for no version: the write is unconditional', () => {
    const { run, node } = setup();
    expect(run('kubectl label node node-1 tier=edge --resource-version=0')).toEqual(ok('node/node-1 labeled\n'));
    expect(node().metadata.labels?.['tier']).toBe('edge');
  });

  it('the version is a change of its own: nothing else changing still reads "labeled"', () => {
    const { run, node } = setup();
    expect(run('kubectl label node node-1 kubernetes.io/hostname=node-1')).toEqual(ok('node/node-1 not labeled\n'));
    expect(run(`kubectl label node node-1 kubernetes.io/hostname=node-1 --resource-version=${node().metadata.resourceVersion}`)).toEqual(
      ok('node/node-1 labeled\n'),
    );
  });

  it('the Conflict comes before the labels are validated, and after "label not found"', () => {
    const { run } = setup();
    expect(run('kubectl label node node-1 bad_key!=x zz- --resource-version=1')).toEqual(failed(CONFLICT, 'label "zz" not found.\n'));
  });

  it('--dry-run=server is checked too; --dry-run=client and --list ask no server', () => {
    const { f, run, node } = setup();
    const current = node().metadata.resourceVersion;
    expectUnchanged(f.cluster, () => {
      expect(run('kubectl label node node-1 tier=edge --resource-version=1 --dry-run=server')).toEqual(failed(CONFLICT));
      expect(run(`kubectl label node node-1 tier=edge --resource-version=${current} --dry-run=server`)).toEqual(ok('node/node-1 labeled (server dry run)\n'));
      expect(run('kubectl label node node-1 tier=edge --resource-version=1 --dry-run=client')).toEqual(ok('node/node-1 labeled (dry run)\n'));
      expect(run('kubectl annotate node node-1 note=x --resource-version=1 --list')).toEqual(ok('note=x\n'));
    });
  });

  it('-o prints the version given: label the object it sent, annotate the server answer (its new version)', () => {
    const { run, node } = setup();
    expect(run('kubectl label node node-1 tier=edge --resource-version=1 --dry-run=client -o jsonpath={.metadata.resourceVersion}')).toEqual(ok('1'));
    const current = node().metadata.resourceVersion;
    expect(run(`kubectl label node node-1 tier=edge --resource-version=0${current} -o jsonpath={.metadata.resourceVersion}`)).toEqual(ok(`0${current}`));
    const before = node().metadata.resourceVersion;
    const printed = run(`kubectl annotate node node-1 note=x --resource-version=${before} -o jsonpath={.metadata.resourceVersion}`);
    expect(printed).toEqual(ok(node().metadata.resourceVersion));
    expect(printed.stdout).not.toBe(before);
  });

  it('only one object: names, selectors, several files and stdin are refused before anything (files read from kubectl 1.32)', () => {
    const { f, run } = setup();
    expectUnchanged(f.cluster, () => {
      expect(run('kubectl label nodes node-1 node-2 tier=edge --resource-version=1')).toEqual(failed(ONE_ONLY));
      expect(run('kubectl label nodes,pods node-1 tier=edge --resource-version=1')).toEqual(failed(ONE_ONLY));
      expect(run('kubectl annotate nodes --all note=x --resource-version=1')).toEqual(failed(ONE_ONLY));
      expect(run('kubectl label nodes -l kubernetes.io/hostname=node-1 tier=edge --resource-version=1')).toEqual(failed(ONE_ONLY));
      expect(run('kubectl label -f cm.yaml -f long.yaml x=y --resource-version=1')).toEqual(failed(ONE_ONLY));
      expect(run('kubectl annotate -f cm.yaml -f long.yaml x=y --resource-version=1')).toEqual(failed(ONE_ONLY));
      expect(run('kubectl label -f - x=y --resource-version=1', CM)).toEqual(failed(ONE_ONLY));
    });
  });

  it('an empty --resource-version is none', () => {
    const { run } = setup();
    expect(run('kubectl label nodes --all tier=edge --resource-version=')).toEqual(ok('node/node-1 labeled\nnode/node-2 labeled\n'));
  });
});

describe('--resource-version with --local (read from kubectl 1.32)', () => {
  it("replaces the object's own version in what is printed, and nothing checks it", () => {
    const { run } = setup();
    expect(run('kubectl label --local -f cm.yaml b=2 --resource-version=7 -o yaml')).toEqual(
      ok('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  labels:\n    a: "1"\n    b: "2"\n  name: cm\n  resourceVersion: "7"\n'),
    );
    expect(run('kubectl annotate --local -f cm.yaml b=2 --resource-version=7 -o yaml')).toEqual(
      ok('apiVersion: v1\nkind: ConfigMap\nmetadata:\n  annotations:\n    b: "2"\n  labels:\n    a: "1"\n  name: cm\n  resourceVersion: "7"\n'),
    );
  });

  it('the operation compares the object without its version to the object with the new one', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f cm.yaml a=1')).toEqual(ok('configmap/cm not labeled\n'));
    expect(run('kubectl label --local -f cm.yaml a=1 --resource-version=7')).toEqual(ok('configmap/cm labeled\n'));
    expect(run('kubectl label --local -f cm.yaml a- --resource-version=7')).toEqual(ok('configmap/cm labeled\n'));
    expect(run('kubectl label --local -f long.yaml a- --resource-version=7')).toEqual(ok('configmap/long labeled\n'));
    expect(run('kubectl label --local -f long.yaml a-very-long-label-key-indeed- --resource-version=7')).toEqual(ok('configmap/long unlabeled\n'));
    expect(run('kubectl label --local -f long.yaml a-very-long-label-key-indeed- --resource-version=7 --overwrite')).toEqual(ok('configmap/long labeled\n'));
  });

  it('one file may hold several objects; two files or stdin may not; a missing file is reported first', () => {
    const { run } = setup();
    expect(run('kubectl label --local -f two.yaml b=2 --resource-version=7')).toEqual(ok('configmap/one labeled\nconfigmap/two labeled\n'));
    expect(run('kubectl label --local -f cm.yaml -f two.yaml b=2 --resource-version=7')).toEqual(failed(ONE_ONLY));
    expect(run('kubectl label --local -f - b=2 --resource-version=7', CM)).toEqual(failed(ONE_ONLY));
    expect(run('kubectl label --local -f cm.yaml -f nope.yaml --resource-version=7 x=y')).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
    expect(run('kubectl label --local -f cm.yaml --list --resource-version=7')).toEqual(ok('a=1\n'));
  });
});

describe('flags accepted without effect', () => {
  it('--field-manager names a manager the playground does not record; -R changes nothing (--local read from kubectl 1.32)', () => {
    const { run, node } = setup();
    expect(run('kubectl label --local -f cm.yaml x=y --field-manager=foo')).toEqual(ok('configmap/cm labeled\n'));
    expect(run('kubectl label --local -f long.yaml x=y -R')).toEqual(ok('configmap/long labeled\n'));
    expect(run('kubectl label node node-1 tier=edge --field-manager=ops')).toEqual(ok('node/node-1 labeled\n'));
    expect(run('kubectl annotate node node-1 note=x --field-manager=ops -o yaml').stdout).not.toContain('managedFields');
    expect(node().metadata.labels?.['tier']).toBe('edge');
  });

  it('--local reads no cluster, so -A and --field-selector do nothing there (read from kubectl 1.32)', () => {
    const { run } = setup();
    expect(run('kubectl label -A --local -f cm.yaml x=y')).toEqual(ok('configmap/cm labeled\n'));
    expect(run('kubectl label --local -f cm.yaml x=y --field-selector a=b')).toEqual(ok('configmap/cm labeled\n'));
    expect(run('kubectl annotate --local -f cm.yaml x=y --all --field-selector a=b')).toEqual(failed('error: cannot set --all and --field-selector at the same time\n'));
  });
});
