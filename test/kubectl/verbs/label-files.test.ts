/**
 * `kubectl label -f FILE` / `kubectl annotate -f FILE` on the live objects a file names, and `-o`
 * for every form. What needs an API server follows upstream v1.34 `label.go` / `annotate.go`:
 * the builder fetches each object the file names again (`Latest()`), label prints the object as
 * it edited it (`info.Object`, its resourceVersion from before the write) and asks for a printer
 * per object, annotate prints the server's answer with one printer. Texts marked so were read
 * from kubectl 1.32 (the builder's argument and selector errors come before any request).
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { addNode, addPod, AGENT_YAML as AGENT, expectUnchanged, fixture } from './mutating-fixture.js';

const CONFIG_MAP = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n';

const ok = (stdout: string) => ({ exitCode: 0, stdout, stderr: '' });
const failed = (stderr: string, stdout = '') => ({ exitCode: 1, stdout, stderr });
const NO_PRINTER = (format: string) =>
  `unable to match a printer suitable for the output format "${format}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`;

/** A cluster with the agent DaemonSet created from AGENT, and commands that read agent.yaml. */
function setup(opts: { create?: boolean } = {}) {
  const f = fixture();
  const files: Record<string, string> = {
    'agent.yaml': AGENT,
    'mixed.yaml': `${CONFIG_MAP}---\n${AGENT}`,
  };
  const run = (line: string, stdin?: string) => exec(f.cluster, line, stdin, { readFile: (p) => files[p] });
  if (opts.create !== false) expect(run('kubectl create -f agent.yaml')).toEqual(ok('daemonset.apps/agent created\n'));
  const stored = () => f.cluster.store.get('DaemonSet', 'default', 'agent')!;
  return { f, run, stored };
}

describe('kubectl label -f FILE: the live objects the file names', () => {
  it('labels and annotates the live object, as TYPE NAME does', () => {
    const { run, stored } = setup();
    expect(run('kubectl label -f agent.yaml tier=node')).toEqual(ok('daemonset.apps/agent labeled\n'));
    expect(stored().metadata.labels).toEqual({ app: 'agent', tier: 'node' });
    expect(run('kubectl label -f agent.yaml tier=node')).toEqual(ok('daemonset.apps/agent not labeled\n'));
    expect(run('kubectl label -f agent.yaml tier=other')).toEqual(failed("error: 'tier' already has a value (node), and --overwrite is false\n"));
    expect(run('kubectl label --filename=agent.yaml tier- zz-')).toEqual(ok('label "zz" not found.\ndaemonset.apps/agent unlabeled\n'));
    expect(run('kubectl annotate -f agent.yaml note=x')).toEqual(ok('daemonset.apps/agent annotated\n'));
    expect(stored().metadata.annotations?.['note']).toBe('x');
  });

  it('the file only names the object: its own labels do not matter', () => {
    const { run, stored } = setup();
    run('kubectl label ds agent app=live --overwrite');
    expect(run('kubectl label -f agent.yaml tier=node -o jsonpath={.metadata.labels}')).toEqual(ok('{"app":"live","tier":"node"}'));
    expect(stored().metadata.labels).toEqual({ app: 'live', tier: 'node' });
  });

  it('reads stdin: kubectl get ... -o yaml | kubectl label -f -', () => {
    const { run, stored } = setup();
    expect(run('kubectl get ds agent -o yaml | kubectl label -f - tier=node')).toEqual(ok('daemonset.apps/agent labeled\n'));
    expect(run('kubectl get ds agent -o yaml | kubectl annotate -f - note=piped -o name')).toEqual(ok('daemonset.apps/agent\n'));
    expect(stored().metadata.labels?.['tier']).toBe('node');
    expect(stored().metadata.annotations?.['note']).toBe('piped');
  });

  it('an object the file names that does not exist is NotFound; -l keeps the matching live objects', () => {
    const { run } = setup({ create: false });
    expect(run('kubectl label -f agent.yaml tier=node')).toEqual(failed('Error from server (NotFound): daemonsets.apps "agent" not found\n'));
    run('kubectl create -f agent.yaml');
    expect(run('kubectl label -f agent.yaml -l app=other tier=node')).toEqual(ok(''));
    expect(run('kubectl label -f agent.yaml -l app=agent tier=node')).toEqual(ok('daemonset.apps/agent labeled\n'));
    expect(run('kubectl label -f agent.yaml -n other tier=node')).toEqual(failed('Error from server (NotFound): daemonsets.apps "agent" not found\n'));
  });

  it('an unserved kind in the file fails after every object, the others are labelled', () => {
    const { run, stored } = setup();
    expect(run('kubectl label -f mixed.yaml tier=node')).toEqual(
      failed(
        'error: resource mapping not found for name: "settings" namespace: "" from "mixed.yaml": no matches for kind "ConfigMap" in version "v1"\nensure CRDs are installed first\n',
        'daemonset.apps/agent labeled\n',
      ),
    );
    expect(stored().metadata.labels?.['tier']).toBe('node');
  });

  it('refuses resource arguments beside -f, a bad selector and a missing file, changing nothing (read from kubectl 1.32)', () => {
    const { f, run } = setup();
    expectUnchanged(f.cluster, () => {
      const besidePaths = failed('error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n');
      expect(run('kubectl label -f agent.yaml ds agent a=b')).toEqual(besidePaths);
      expect(run('kubectl annotate -f agent.yaml ds agent a=b')).toEqual(besidePaths);
      expect(run('kubectl label -f agent.yaml ds/agent a=b')).toEqual(failed('error: resource/name arguments cannot be provided when a path is specified\n'));
      expect(run("kubectl label -f agent.yaml -l 'a b' a=b")).toEqual(
        failed('error: the provided selector "a b" is not valid: unable to parse requirement: found \'b\', expected: in, notin, =, ==, !=, gt, lt\n'),
      );
      expect(run('kubectl label -f nope.yaml ds agent a=b')).toEqual(failed('error: the path "nope.yaml" does not exist\n'));
      expect(run('kubectl label a=b')).toEqual(failed('error: one or more resources must be specified as <resource> <name> or <resource>/<name>\n'));
    });
  });
});

describe('-o of kubectl label and kubectl annotate', () => {
  it('label -o yaml prints the object it sent: the labels new, the resourceVersion from before the write', () => {
    const { run } = setup();
    const before = run('kubectl get ds agent -o yaml').stdout;
    const printed = run('kubectl label ds agent tier=node -o yaml');
    const after = run('kubectl get ds agent -o yaml').stdout;
    expect(printed).toEqual(ok(before.replace('    app: agent\n  name: agent\n', '    app: agent\n    tier: node\n  name: agent\n')));
    expect(after).not.toBe(printed.stdout);
    expect(after.replace(/resourceVersion: "\d+"/, '')).toBe(printed.stdout.replace(/resourceVersion: "\d+"/, ''));
  });

  it('annotate -o yaml prints the API server answer, as get then shows it', () => {
    const { run } = setup();
    const printed = run('kubectl annotate -f agent.yaml note=x -o yaml');
    expect(printed).toEqual(ok(run('kubectl get ds agent -o yaml').stdout));
    expect(printed.stdout).toContain('    note: x\n');
  });

  it('-o name, -o json, jsonpath and --template, as kubectl create prints them', () => {
    const { run } = setup();
    expect(run('kubectl label ds agent tier=node -o name')).toEqual(ok('daemonset.apps/agent\n'));
    expect(JSON.parse(run('kubectl label ds agent zone=a -o json').stdout).metadata.labels).toEqual({ app: 'agent', tier: 'node', zone: 'a' });
    expect(run("kubectl annotate ds/agent note=x -o jsonpath='{.metadata.annotations.note}'")).toEqual(ok('x'));
    expect(run("kubectl label ds agent zone- --template='{{.metadata.name}}'")).toEqual(ok('agent'));
  });

  it('--dry-run=client -o yaml prints the edited object and keeps an emptied map as {}; nothing changes', () => {
    const { f, run } = setup();
    expectUnchanged(f.cluster, () => {
      const label = run('kubectl label ds agent app- --dry-run=client -o yaml');
      expect(label.stdout).toContain('  generation: 1\n  labels: {}\n  name: agent\n');
      expect(run('kubectl annotate ds agent note=x --dry-run=client -o yaml').stdout).toContain('    note: x\n');
      expect(run('kubectl annotate ds agent note=x --dry-run=server -o yaml').stdout).toContain('    note: x\n');
      expect(run('kubectl label ds agent tier=node --dry-run=server -o name')).toEqual(ok('daemonset.apps/agent\n'));
      expect(run('kubectl label -f agent.yaml tier=node --dry-run=client')).toEqual(ok('daemonset.apps/agent labeled (dry run)\n'));
    });
  });

  it('a bad -o refuses each labelled object before the write, and annotate before anything', () => {
    const { f, run } = setup();
    addNode(f.cluster, 'node-1');
    addNode(f.cluster, 'node-2');
    expectUnchanged(f.cluster, () => {
      expect(run('kubectl label ds agent tier=node -o foo')).toEqual(failed(`error: ${NO_PRINTER('foo')}\n`));
      expect(run('kubectl label nodes --all tier=node -o wide')).toEqual(failed(`${NO_PRINTER('wide')}\n${NO_PRINTER('wide')}\n`));
      expect(run('kubectl annotate ds agent note=x -o custom-columns=N:.metadata.name')).toEqual(failed(`error: ${NO_PRINTER('custom-columns=N:.metadata.name')}\n`));
      expect(run('kubectl annotate -o foo ds agent')).toEqual(failed(`error: ${NO_PRINTER('foo')}\n`));
    });
  });
});

describe('TYPE NAME forms, as upstream judges them', () => {
  it('an object without labels gains labels: {}, so even removing a missing key reads "labeled"', () => {
    const f = fixture();
    addPod(f.cluster, { name: 'web-1' });
    expectUnchanged(f.cluster, () => {
      expect(f.run('kubectl label pod web-1 zz-')).toEqual(ok('label "zz" not found.\npod/web-1 labeled\n'));
    });
    expect(f.run('kubectl label pod web-1 a=b')).toEqual(ok('pod/web-1 labeled\n'));
    expect(f.run('kubectl label pod web-1 zz-')).toEqual(ok('label "zz" not found.\npod/web-1 not labeled\n'));
  });

  it('--dry-run=client asks no server, so a key the API server would refuse still prints "labeled (dry run)"', () => {
    const f = fixture();
    addNode(f.cluster, 'node-1');
    expect(f.run('kubectl label node node-1 bad_key!=x --dry-run=client')).toEqual(ok('node/node-1 labeled (dry run)\n'));
    expect(f.run('kubectl label node node-1 bad_key!=x --dry-run=server').stderr).toMatch(/^The Node "node-1" is invalid: metadata\.labels: Invalid value: "bad_key!"/);
  });

  it('"label not found" is written before --overwrite refuses the object', () => {
    const f = fixture();
    addNode(f.cluster, 'node-1');
    f.run('kubectl label node node-1 app=x');
    expect(f.run('kubectl label node node-1 app=y zz-')).toEqual(failed("error: 'app' already has a value (x), and --overwrite is false\n", 'label "zz" not found.\n'));
  });
});

describe('-f read as the builder reads it for label: namespaces, -A, the order of errors', () => {
  const pod = (name: string, namespace?: string) =>
    `apiVersion: v1\nkind: Pod\nmetadata:\n  name: ${name}\n${namespace ? `  namespace: ${namespace}\n` : ''}spec:\n  containers: [{name: c, image: nginx}]\n`;
  const FILES: Readonly<Record<string, string>> = {
    'shop.yaml': pod('web', 'shop'),
    'bare.yaml': pod('web'),
    'mixed.yaml': `${pod('web', 'shop')}---\n${pod('web')}---\n${pod('nope')}`,
    'reversed.yaml': `${pod('web')}---\n${pod('web', 'shop')}`,
  };
  function pods() {
    const f = fixture();
    f.run('kubectl create namespace shop');
    addPod(f.cluster, { name: 'web', labels: { tier: 'a' } });
    addPod(f.cluster, { name: 'web', namespace: 'shop' });
    const run = (line: string) => exec(f.cluster, line, undefined, { readFile: (p) => FILES[p] });
    return { f, run, labels: (ns: string) => f.cluster.store.get('Pod', ns, 'web')?.metadata.labels };
  }

  it('the namespace the file names wins over the default; -n that differs refuses the object once fetched', () => {
    const { f, run, labels } = pods();
    expect(run('kubectl label -f shop.yaml x=1')).toEqual(ok('pod/web labeled\n'));
    expect(labels('shop')).toEqual({ x: '1' });
    expectUnchanged(f.cluster, () => {
      const mismatch = `error: the namespace from the provided object "shop" does not match the namespace "default". You must pass '--namespace=shop' to perform this operation.\n`;
      expect(run('kubectl label -f shop.yaml -n default x=2 --overwrite')).toEqual(failed(mismatch));
    });
    // The fetch comes first: an object that is not there is NotFound, whatever the namespace.
    f.run('kubectl delete pod web -n shop --wait=false --grace-period=0 --force');
    expect(run('kubectl label -f shop.yaml -n default x=2')).toEqual(failed('Error from server (NotFound): pods "web" not found\n'));
  });

  it('-A: the namespace the file names, else none, so a namespaced object cannot be fetched; with -n every one is refused', () => {
    const { run, labels } = pods();
    expect(run('kubectl label -f shop.yaml -A x=1')).toEqual(ok('pod/web labeled\n'));
    expect(labels('shop')).toEqual({ x: '1' });
    expect(run('kubectl label -f bare.yaml -A x=1')).toEqual(failed('error: no namespace set on resource /v1, Resource=pods "web"\n'));
    expect(run('kubectl annotate -f shop.yaml -A -n shop note=x')).toEqual(
      failed(`error: the namespace from the provided object "shop" does not match the namespace "". You must pass '--namespace=shop' to perform this operation.\n`),
    );
  });

  it('each object\'s errors in file order, then what the visit failed to fetch (one aggregate)', () => {
    const { run, labels } = pods();
    const mismatch = `the namespace from the provided object "shop" does not match the namespace "default". You must pass '--namespace=shop' to perform this operation.\n`;
    const taken = "'tier' already has a value (a), and --overwrite is false\n";
    expect(run('kubectl label -f mixed.yaml -n default tier=b')).toEqual(failed(`${mismatch}${taken}pods "nope" not found\n`));
    expect(run('kubectl label -f reversed.yaml -n default tier=b')).toEqual(failed(`${taken}${mismatch}`));
    expect(labels('default')).toEqual({ tier: 'a' });
  });

  it('every missing file is named, each on its line (read from kubectl 1.32); --field-selector and --all do nothing to files', () => {
    const { run } = pods();
    expect(run('kubectl label -f nope.yaml -f nope2.yaml x=y')).toEqual(failed('the path "nope.yaml" does not exist\nthe path "nope2.yaml" does not exist\n'));
    expect(run('kubectl label -f shop.yaml --field-selector metadata.name=other x=1')).toEqual(ok('pod/web labeled\n'));
    expect(run('kubectl annotate -f shop.yaml --all note=x')).toEqual(ok('pod/web annotated\n'));
  });
});
