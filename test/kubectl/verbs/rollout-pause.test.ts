/**
 * `kubectl rollout pause|resume` with the flags kubectl 1.32 gives them (`rollout pause --help`:
 * -f, -R, -l, -o, --template, --allow-missing-template-keys, --show-managed-fields,
 * --field-manager), and the errors of restart, pause and resume when several objects fail.
 * Upstream: kubectl v1.34 `RunPause` / `RunResume` / `RunRestart` (the builder's `r.Infos()` error
 * first, then `error: RESOURCE "NAME" pausing is not supported` per object from `CalculatePatches`
 * with `defaultObjectPauser`), printed by `CheckErr(NewAggregate(allErrs))`: an aggregate of one
 * is unwrapped once, several errors take a line each, and the builder's aggregate beside other
 * errors takes one line of bare messages (`[a, b]` for several, `aggregate.Error()`).
 */
import { describe, expect, test } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { expectUnchanged } from './mutating-fixture.js';
import { daemonSet, put, scene } from './fixtures.js';

const AGENT = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata:\n  name: agent\n';
const FILES: Readonly<Record<string, string>> = {
  'agent.yaml': AGENT,
  'both.yaml': `${AGENT}---\n${AGENT.replace('agent', 'other')}`,
  'web.yaml': 'apiVersion: v1\nkind: Pod\nmetadata:\n  name: web\n',
  'nope.yaml': AGENT.replace('agent', 'nope'),
};

const failed = (stderr: string) => ({ exitCode: 1, stdout: '', stderr });

/** fixtures.ts `scene()` (DaemonSet agent, pod web) and a second DaemonSet, other, with the same app=agent label. */
function setup() {
  const { c } = scene();
  put(c, daemonSet('other'));
  const run = (line: string, stdin?: string) => exec(c, line, stdin, { readFile: (p) => FILES[p] });
  return { c, run };
}

describe('kubectl rollout pause|resume: the objects, by name, -l or -f', () => {
  test('every DaemonSet found is refused, one line each', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      expect(run('kubectl rollout pause ds -l app=agent')).toEqual(
        failed('error: daemonsets.apps "agent" pausing is not supported\nerror: daemonsets.apps "other" pausing is not supported\n'),
      );
      expect(run('kubectl rollout resume -f both.yaml')).toEqual(
        failed('error: daemonsets.apps "agent" resuming is not supported\nerror: daemonsets.apps "other" resuming is not supported\n'),
      );
      expect(run('kubectl rollout pause -f agent.yaml -R')).toEqual(failed('error: daemonsets.apps "agent" pausing is not supported\n'));
      expect(run('kubectl rollout pause -f -', AGENT)).toEqual(failed('error: daemonsets.apps "agent" pausing is not supported\n'));
      expect(run('kubectl rollout resume -f web.yaml')).toEqual(failed('error: pods "web" resuming is not supported\n'));
    });
  });

  test('the printer flags and --field-manager are accepted and never used: not even an unknown -o is noticed', () => {
    const { run } = setup();
    const refused = failed('error: daemonsets.apps "agent" pausing is not supported\n');
    expect(run('kubectl rollout pause ds/agent -o yaml --show-managed-fields --field-manager=me')).toEqual(refused);
    expect(run('kubectl rollout pause ds/agent -o bogus')).toEqual(refused);
    expect(run("kubectl rollout pause ds/agent --template='{{.metadata.name}}' --allow-missing-template-keys=false")).toEqual(refused);
  });

  test('nothing found: "No resources found in NS namespace." on stderr, success', () => {
    const { run } = setup();
    expect(run('kubectl rollout resume ds -l app=none -n kube-system')).toEqual({ exitCode: 0, stdout: '', stderr: 'No resources found in kube-system namespace.\n' });
  });

  test('what the builder refuses comes first, as for the other subcommands', () => {
    const { run } = setup();
    expect(run('kubectl rollout pause')).toEqual(failed('error: required resource not specified\n'));
    expect(run('kubectl rollout pause -f missing.yaml')).toEqual(failed('error: the path "missing.yaml" does not exist\n'));
    expect(run('kubectl rollout resume -f agent.yaml ds/agent')).toEqual(failed('error: resource/name arguments cannot be provided when a path is specified\n'));
  });
});

describe('restart, pause and resume: NotFound beside the refusals', () => {
  test('NotFound alone is an API error; beside a refusal the error r.Infos() returned takes one line, an aggregate of several bare', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      expect(run('kubectl rollout pause ds/nope')).toEqual(failed('Error from server (NotFound): daemonsets.apps "nope" not found\n'));
      expect(run('kubectl rollout pause ds/nope ds/gone')).toEqual(
        failed('Error from server (NotFound): daemonsets.apps "nope" not found\nError from server (NotFound): daemonsets.apps "gone" not found\n'),
      );
      // One NotFound of TYPE/NAME is what ContinueOnErrorVisitor returns as it is, so MultipleErrors prints it as an API error.
      expect(run('kubectl rollout resume ds/agent ds/nope')).toEqual(
        failed('Error from server (NotFound): daemonsets.apps "nope" not found\nerror: daemonsets.apps "agent" resuming is not supported\n'),
      );
      expect(run('kubectl rollout pause ds/agent ds/nope ds/gone')).toEqual(
        failed('[daemonsets.apps "nope" not found, daemonsets.apps "gone" not found]\nerror: daemonsets.apps "agent" pausing is not supported\n'),
      );
      // A file's NotFound comes in the files' own aggregate (EagerVisitorList): bare.
      expect(run('kubectl rollout pause -f nope.yaml -f agent.yaml')).toEqual(failed('daemonsets.apps "nope" not found\nerror: daemonsets.apps "agent" pausing is not supported\n'));
      expect(run('kubectl rollout restart pod/web ds/nope')).toEqual(
        failed('Error from server (NotFound): daemonsets.apps "nope" not found\nerror: pods "web" restarting is not supported\n'),
      );
    });
  });

  test('restart still restarts the objects it can, the NotFound printed after', () => {
    const { run } = setup();
    expect(run('kubectl rollout restart ds/agent ds/nope')).toEqual({
      exitCode: 1,
      stdout: 'daemonset.apps/agent restarted\n',
      stderr: 'Error from server (NotFound): daemonsets.apps "nope" not found\n',
    });
    expect(run('kubectl rollout restart ds/other --field-manager=me -o name')).toEqual({ exitCode: 0, stdout: 'daemonset.apps/other\n', stderr: '' });
  });
});
