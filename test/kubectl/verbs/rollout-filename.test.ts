/**
 * `kubectl rollout status|history|undo|restart -f FILE` and the printer flags of history, undo and
 * restart. Upstream (kubectl 1.32 `pkg/cmd/rollout`, cli-runtime `Builder.FilenameParam` with
 * `Latest()`): each object a file describes names the live object, which the subcommand then acts
 * on exactly as on `TYPE/NAME`; undo prints the object as the builder read it (before the
 * rollback), restart the API server's answer; history with `-o` prints the revisions.
 */
import { describe, expect, test } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import type { Cluster } from '../../../src/sim/engine/cluster.js';
import { expectUnchanged } from './mutating-fixture.js';
import { daemonSet, put, scene } from './fixtures.js';

/** The agent DaemonSet as a file names it: its image and labels differ from the live object's, which must not matter. */
const AGENT = `apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: "registry.example/agent:from-the-file"}]
`;

const FILES: Readonly<Record<string, string>> = {
  'agent.yaml': AGENT,
  'web.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n',
  'nope.yaml': AGENT.replace('name: agent\n', 'name: nope\n'),
  'elsewhere.yaml': AGENT.replace('name: agent\n', 'name: agent\n  namespace: other\n'),
  'mixed.yaml': `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n---\n${AGENT}`,
};

const ok = (stdout: string, stderr = '') => ({ exitCode: 0, stdout, stderr });
const failed = (stderr: string, stdout = '') => ({ exitCode: 1, stdout, stderr });
const NO_PRINTER = (format: string) =>
  `unable to match a printer suitable for the output format "${format}", allowed formats are: go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml`;

/** fixtures.ts `scene()`: DaemonSet agent (image agent:1, 2 of 3 pods updated) with revisions 1 (agent:0) and 2. */
function setup() {
  const { c } = scene();
  const run = (line: string, stdin?: string) => exec(c, line, stdin, { readFile: (p) => FILES[p] });
  return { c, run };
}

const image = (c: Cluster) => c.store.get('DaemonSet', 'default', 'agent')!.spec.template.spec.containers[0]!.image;

describe('-f names the live object, which each subcommand acts on as on TYPE/NAME', () => {
  test('status watches the DaemonSet the file names', () => {
    const { c, run } = setup();
    const byName = run('kubectl rollout status ds/agent --watch=false');
    expect(byName.stdout).toBe('Waiting for daemon set "agent" rollout to finish: 2 out of 3 new pods have been updated...\n');
    expect(run('kubectl rollout status -f agent.yaml --watch=false')).toEqual(byName);
    expect(run('kubectl rollout status --filename=agent.yaml -R -w=false')).toEqual(byName);
    put(c, daemonSet('done'));
    expect(run('kubectl rollout status -f -', AGENT.replace('name: agent\n', 'name: done\n'))).toEqual(ok('daemon set "done" successfully rolled out\n'));
  });

  test('history lists the revisions of the DaemonSet the file names, or shows one', () => {
    const { run } = setup();
    const table = run('kubectl rollout history -f agent.yaml');
    expect(table).toEqual(ok('daemonset.apps/agent \nREVISION  CHANGE-CAUSE\n1         kubectl apply --filename=agent.yaml\n2         <none>\n\n'));
    expect(run('kubectl rollout history ds/agent')).toEqual(table);
    const one = run('kubectl rollout history -f agent.yaml --revision=1');
    expect(one.stdout).toContain('daemonset.apps/agent with revision #1\nPod Template:\n');
    expect(one.stdout).toContain('    Image:\tregistry.example/agent:0\n');
    expect(run('kubectl rollout history -f - --revision=1', AGENT)).toEqual(one);
  });

  test('undo rolls the live DaemonSet back, whatever template the file holds', () => {
    const { c, run } = setup();
    expect(run('kubectl rollout undo -f agent.yaml')).toEqual(ok('daemonset.apps/agent rolled back\n'));
    expect(image(c)).toBe('registry.example/agent:0');
    expect(run('kubectl rollout undo -f agent.yaml --to-revision=9')).toEqual(failed('error: unable to find specified revision 9 in history\n'));
  });

  test('restart stamps the live DaemonSet; stdin works as a file', () => {
    const { c, run } = setup();
    expect(run('kubectl get ds agent -o yaml | kubectl rollout restart -f -')).toEqual(ok('daemonset.apps/agent restarted\n'));
    const ds = c.store.get('DaemonSet', 'default', 'agent')!;
    expect(ds.spec.template.metadata?.annotations?.['kubectl.kubernetes.io/restartedAt']).toBe('2026-01-01T00:00:00Z');
    expect(image(c)).toBe('registry.example/agent:1');
  });

  test('the kind the file names decides, as it would by name; -l keeps the live objects it matches', () => {
    const { run } = setup();
    expect(run('kubectl rollout status -f web.yaml')).toEqual(failed('error: no status viewer has been implemented for Pod\n'));
    expect(run('kubectl rollout undo -f web.yaml')).toEqual(failed('error: no rollbacker has been implemented for "Pod"\n'));
    expect(run('kubectl rollout restart -f web.yaml')).toEqual(failed('error: pods "web" restarting is not supported\n'));
    // The live object's labels count, not the file's (the file's DaemonSet has none).
    expect(run('kubectl rollout restart -f agent.yaml -l app=other')).toEqual(ok('', 'No resources found in default namespace.\n'));
    expect(run('kubectl rollout history -f agent.yaml -l app=agent').stdout).toContain('REVISION  CHANGE-CAUSE\n');
  });

  test('an unserved kind in a file fails after the other objects, which are acted on', () => {
    const { c, run } = setup();
    expect(run('kubectl rollout undo -f mixed.yaml')).toEqual(
      failed(
        'error: resource mapping not found for name: "settings" namespace: "" from "mixed.yaml": no matches for kind "ConfigMap" in version "v1"\nensure CRDs are installed first\n',
        'daemonset.apps/agent rolled back\n',
      ),
    );
    expect(image(c)).toBe('registry.example/agent:0');
  });

  test('several errors are printed as CheckErr prints an aggregate: one per line, without "error: "', () => {
    const { run } = setup();
    expect(run('kubectl rollout history -f web.yaml -f agent.yaml --revision=9')).toEqual(
      failed('no history viewer has been implemented for "Pod"\nunable to find the specified revision\n'),
    );
  });

  test("a file's missing object is the visit's own error: after the others, bare, several on one line (ContinueOnErrorVisitor, EagerVisitorList)", () => {
    const { c, run } = setup();
    const gone = AGENT.replace('name: agent\n', 'name: gone\n');
    expectUnchanged(c, () => {
      expect(run('kubectl rollout history -f nope.yaml -f web.yaml')).toEqual(
        failed('no history viewer has been implemented for "Pod"\ndaemonsets.apps "nope" not found\n'),
      );
      expect(run('kubectl rollout status -f nope.yaml -f web.yaml')).toEqual(failed('no status viewer has been implemented for Pod\ndaemonsets.apps "nope" not found\n'));
      expect(run('kubectl rollout undo -f nope.yaml -f - -f web.yaml', gone)).toEqual(
        failed('no rollbacker has been implemented for "Pod"\n[daemonsets.apps "nope" not found, daemonsets.apps "gone" not found]\n'),
      );
      // Alone, the aggregate is unwrapped: each NotFound is an API error again.
      expect(run('kubectl rollout status -f nope.yaml -f -', gone)).toEqual(
        failed('Error from server (NotFound): daemonsets.apps "nope" not found\nError from server (NotFound): daemonsets.apps "gone" not found\n'),
      );
    });
  });

  test("a NotFound of TYPE/NAME is an error of its step: in order, printed as an API error (RetrieveLazy)", () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      expect(run('kubectl rollout history ds/nope pod/web')).toEqual(
        failed('Error from server (NotFound): daemonsets.apps "nope" not found\nno history viewer has been implemented for "Pod"\n'),
      );
      expect(run('kubectl rollout undo pod/web ds/nope')).toEqual(
        failed('no rollbacker has been implemented for "Pod"\nError from server (NotFound): daemonsets.apps "nope" not found\n'),
      );
      expect(run('kubectl rollout status pod/web ds/nope ds/agent --watch=false')).toEqual(
        failed(
          'no status viewer has been implemented for Pod\nError from server (NotFound): daemonsets.apps "nope" not found\n',
          'Waiting for daemon set "agent" rollout to finish: 2 out of 3 new pods have been updated...\n',
        ),
      );
    });
  });
});

describe('what -f refuses, changing nothing', () => {
  test('a missing file, for every subcommand', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      for (const sub of ['status', 'history', 'undo', 'restart']) {
        expect(run(`kubectl rollout ${sub} -f agent.yaml -f nope-file.yaml`)).toEqual(failed('error: the path "nope-file.yaml" does not exist\n'));
      }
    });
  });

  test('resource arguments beside -f, in the builder\'s words', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      const besidePaths = failed('error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well\n');
      expect(run('kubectl rollout undo -f agent.yaml ds agent')).toEqual(besidePaths);
      expect(run('kubectl rollout status -f agent.yaml ds')).toEqual(besidePaths);
      expect(run('kubectl rollout restart -f agent.yaml ds/agent')).toEqual(failed('error: resource/name arguments cannot be provided when a path is specified\n'));
      expect(run('kubectl rollout history ds/agent -f agent.yaml')).toEqual(failed('error: resource/name arguments cannot be provided when a path is specified\n'));
    });
  });

  test('an object in another namespace than -n gives, once fetched; without -n the file\'s namespace is looked in', () => {
    const { c, run } = setup();
    const notThere = failed('Error from server (NotFound): daemonsets.apps "agent" not found\n');
    expectUnchanged(c, () => {
      // RetrieveLatest fetches the object before Do's RequireNamespace judges its namespace: there is none to judge.
      expect(run('kubectl rollout status -f elsewhere.yaml -n default')).toEqual(notThere);
      expect(run('kubectl rollout restart -f elsewhere.yaml')).toEqual(notThere);
    });
    const ds = daemonSet('agent');
    put(c, { ...ds, metadata: { ...ds.metadata, namespace: 'other', uid: 'uid-ds-agent-other' } });
    expectUnchanged(c, () => {
      const mismatch = failed(
        'error: the namespace from the provided object "other" does not match the namespace "default". You must pass \'--namespace=other\' to perform this operation.\n',
      );
      expect(run('kubectl rollout status -f elsewhere.yaml -n default')).toEqual(mismatch);
      expect(run('kubectl rollout undo -n default -f elsewhere.yaml')).toEqual(mismatch);
      expect(run('kubectl rollout history -f elsewhere.yaml')).toEqual(ok('daemonset.apps/agent \nNo rollout history found.\n'));
    });
  });

  test('an object the file names that does not exist is NotFound', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      for (const sub of ['status', 'history', 'undo', 'restart']) {
        expect(run(`kubectl rollout ${sub} -f nope.yaml`)).toEqual(failed('Error from server (NotFound): daemonsets.apps "nope" not found\n'));
      }
    });
  });

  test('every missing file is named (recorded from kubectl 1.32)', () => {
    const { run } = setup();
    for (const sub of ['status', 'history', 'undo', 'restart', 'pause']) {
      expect(run(`kubectl rollout ${sub} -f a.yaml -f b.yaml`)).toEqual(failed('the path "a.yaml" does not exist\nthe path "b.yaml" does not exist\n'));
    }
  });

  test('Validate comes first: a resource (or -f), then the revision', () => {
    const { run } = setup();
    expect(run('kubectl rollout history --revision=-1')).toEqual(failed('error: required resource not specified\n'));
    expect(run('kubectl rollout status --revision=-1')).toEqual(failed('error: required resource not specified\n'));
    expect(run('kubectl rollout history -f nope-file.yaml --revision=-1')).toEqual(failed('error: revision must be a positive integer: -1\n'));
    expect(run('kubectl rollout undo')).toEqual(failed('error: required resource not specified\n'));
    expect(run('kubectl rollout restart')).toEqual(failed('error: required resource not specified\n'));
  });
});

describe('printer flags of undo, restart and history', () => {
  test('undo -o prints the DaemonSet as it was read, before the rollback, as a typed object', () => {
    const { c, run } = setup();
    expect(run('kubectl rollout undo -f agent.yaml -o jsonpath={.spec.template.spec.containers[0].image}')).toEqual(ok('registry.example/agent:1'));
    expect(image(c)).toBe('registry.example/agent:0');
    const json = run('kubectl rollout undo ds/agent --to-revision=2 -o json');
    expect(json.stdout.startsWith('{\n    "kind": "DaemonSet",\n    "apiVersion": "apps/v1",\n    "metadata": {\n')).toBe(true);
    expect(JSON.parse(json.stdout).spec.template.spec.containers[0].image).toBe('registry.example/agent:0');
    expect(image(c)).toBe('registry.example/agent:1');
    expect(run('kubectl rollout undo ds/agent -o name')).toEqual(ok('daemonset.apps/agent\n'));
    expect(run("kubectl rollout undo -f agent.yaml --template='{{.metadata.name}}' --show-managed-fields")).toEqual(ok('agent'));
  });

  test('undo -o yaml prints one document per object, with no --- (a printer per object)', () => {
    const { c, run } = setup();
    const yaml = run('kubectl rollout undo ds/agent -o yaml');
    expect(yaml.stdout.startsWith('apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n')).toBe(true);
    expect(yaml.stdout).toContain('image: registry.example/agent:1\n');
    expect(yaml.stdout).not.toContain('---');
    expect(image(c)).toBe('registry.example/agent:0');
  });

  test('undo --dry-run with -o changes nothing; the name printer keeps the dry-run suffix only without -o', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      expect(run('kubectl rollout undo -f agent.yaml --dry-run=client -o name')).toEqual(ok('daemonset.apps/agent\n'));
      expect(run('kubectl rollout undo -f agent.yaml --dry-run=server')).toEqual(ok('daemonset.apps/agent rolled back (server dry run)\n'));
      expect(run('kubectl rollout undo -f agent.yaml --dry-run=server -o jsonpath={.metadata.name}')).toEqual(ok('agent'));
      expect(run('kubectl rollout undo -f agent.yaml --dry-run=bogus')).toEqual(failed('error: Invalid dry-run value (bogus). Must be "none", "server", or "client".\n'));
    });
  });

  test('restart -o prints the API server answer: the new annotation, the new resourceVersion', () => {
    const { c, run } = setup();
    const printed = run("kubectl rollout restart -f agent.yaml -o jsonpath='{.spec.template.metadata.annotations.kubectl\\.kubernetes\\.io/restartedAt} {.metadata.resourceVersion}'");
    const stored = c.store.get('DaemonSet', 'default', 'agent')!;
    expect(printed).toEqual(ok(`2026-01-01T00:00:00Z ${stored.metadata.resourceVersion}`));
    c.advanceTo(c.now + 2000);
    expect(run('kubectl rollout restart ds/agent -o name')).toEqual(ok('daemonset.apps/agent\n'));
  });

  test('a bad -o refuses each object before undo or restart writes anything', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      expect(run('kubectl rollout undo -f agent.yaml -o wide')).toEqual(failed(`error: ${NO_PRINTER('wide')}\n`));
      expect(run('kubectl rollout restart -f agent.yaml -o foo')).toEqual(failed(`error: ${NO_PRINTER('foo')}\n`));
      // With nothing to restart the printer is never asked for: the object's own error stands.
      expect(run('kubectl rollout restart -f web.yaml -f agent.yaml -o foo')).toEqual(failed(`error: pods "web" restarting is not supported\n${NO_PRINTER('foo')}\n`));
    });
  });

  test('history: --template alone prints the DaemonSet (no -o, so no revisions), -o go-template each revision', () => {
    const { run } = setup();
    expect(run("kubectl rollout history -f agent.yaml --template='{{.kind}}/{{.metadata.name}}'")).toEqual(ok('DaemonSet/agent'));
    expect(run("kubectl rollout history -f agent.yaml -o go-template --template='{{.revision}} '")).toEqual(ok('1 2 '));
    expect(run("kubectl rollout history ds/agent -o go-template='{{.revision}} ' --revision=2 --show-managed-fields")).toEqual(ok('2 '));
    expect(run('kubectl rollout history -f agent.yaml -o name')).toEqual(ok('controllerrevision.apps/agent-hash1\ncontrollerrevision.apps/agent-hash2\n'));
  });

  test('history -o: a bad printer after the builder\'s errors; a template failing on a revision is not an error', () => {
    const { run } = setup();
    expect(run('kubectl rollout history -f nope-file.yaml -o wide')).toEqual(failed('error: the path "nope-file.yaml" does not exist\n'));
    expect(run('kubectl rollout history -f agent.yaml -o wide')).toEqual(failed(`error: ${NO_PRINTER('wide')}\n`));
    expect(run('kubectl rollout history -f agent.yaml -o jsonpath={.nope} --allow-missing-template-keys=false')).toEqual(ok(''));
    expect(run("kubectl rollout history ds/agent --template='{{.nope}}' --allow-missing-template-keys=false").exitCode).toBe(1);
  });
});
