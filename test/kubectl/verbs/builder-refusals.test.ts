/**
 * The resource builder's refusals as wait, describe, rollout and `label --local` meet them
 * (cli-runtime `Builder.visitorResult`, `visitBySelector`, `FilenameParam`): `--all` with no
 * type is no selector, a selector beside names is refused whichever verb asks, a list the API
 * server refuses does not stop `kubectl wait` from waiting on the other lists, and every missing
 * `-f` file is named. The texts marked so were recorded from kubectl 1.32 (these errors come
 * before any request to a server); the rest follow the upstream functions named.
 */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { runScript } from '../../../src/kubectl/session.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';
import { expectUnchanged } from './mutating-fixture.js';
import { PROBED_AGENT_SETUP, scene } from './fixtures.js';

const failed = (stderr: string) => ({ exitCode: 1, stdout: '', stderr });

/** Recorded from kubectl 1.32: `visitBySelector` beside `TYPE/NAME` arguments, and beside `TYPE NAME`. */
const WITH_TUPLES = 'error: selectors and the all flag cannot be used when passing resource/name arguments\n';
const WITH_NAMES = 'error: name cannot be provided when a selector is specified\n';

/** scene(): DaemonSet agent, its pods and pod web; every command runs with no files. */
function setup() {
  const { c } = scene();
  return { c, run: (line: string) => exec(c, line, undefined, { readFile: () => undefined }) };
}

describe('kubectl wait: --all without a type, and the builder visit', () => {
  it('--all alone is missing resources; a selector without a type is refused as such (recorded from kubectl 1.32)', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      expect(run('kubectl wait --all --for=delete')).toEqual(
        failed(
          'error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n' +
            "   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'\n",
        ),
      );
      expect(run('kubectl wait -l app=agent --for=delete')).toEqual(failed('error: at least one resource must be specified to use a selector\n'));
      expect(run('kubectl wait --all -l app=agent --for=delete')).toEqual(failed('error: at least one resource must be specified to use a selector\n'));
      expect(run('kubectl wait -l app=agent pods/web --for=delete')).toEqual(failed(WITH_TUPLES));
      expect(run('kubectl wait -l app=agent pods web --for=delete')).toEqual(failed(WITH_NAMES));
    });
  });

  /** Two nodes and the agent DaemonSet, run 10 s in: its pods exist, Ready at 36 s. */
  const SETUP = `${PROBED_AGENT_SETUP}sim advance 10s\n`;
  const REFUSED =
    'Unable to find "apps/v1, Resource=daemonsets" that match label selector "", field selector "spec.nodeName=node-1": field label not supported: spec.nodeName';

  function script(line: string) {
    const out = runScript(`${SETUP}${line}\n`);
    if ('error' in out) throw new Error(out.error);
    return { result: out.results.at(-1)!, now: out.cluster.now };
  }

  it('waits on the lists the server serves, before and after a refused one, whose error comes last (EagerVisitorList)', () => {
    const { result, now } = script('kubectl wait --for=condition=Ready ds,pods --field-selector spec.nodeName=node-1 --timeout=2m');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/^pod\/agent-[a-z0-9]{5} condition met\n$/);
    expect(result.stderr).toBe(`Error from server (BadRequest): ${REFUSED}\n`);
    // The pod on node-1 was waited for until it was Ready.
    expect(now).toBe(EPOCH_MS + 36_000);
  });

  it('prints the refused list as the aggregate ContinueOnErrorVisitor puts after the objects\u2019 errors', () => {
    const { result, now } = script('kubectl wait --for=condition=Ready pods,ds --field-selector spec.nodeName=node-1 --timeout=0');
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(new RegExp(`^condition not met for pods/agent-[a-z0-9]{5}\\n${REFUSED.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n$`));
    expect(now).toBe(EPOCH_MS + 10_000);
  });
});

describe('describe and rollout: a selector beside names', () => {
  it('describe refuses TYPE/NAME and TYPE NAME beside -l (recorded from kubectl 1.32)', () => {
    const { run } = setup();
    expect(run('kubectl describe pods/web -l app=web')).toEqual(failed(WITH_TUPLES));
    expect(run('kubectl describe pods/web -A -l app=web')).toEqual(failed(WITH_TUPLES));
    expect(run('kubectl describe pods web -l app=web')).toEqual(failed(WITH_NAMES));
  });

  it('describe refuses a namespaced object named with -A (visitByName), not a cluster-scoped one', () => {
    const { run } = setup();
    expect(run('kubectl describe pods/web -A')).toEqual(failed('error: a resource cannot be retrieved by name across all namespaces\n'));
    expect(run('kubectl describe pod web --all-namespaces')).toEqual(failed('error: a resource cannot be retrieved by name across all namespaces\n'));
    expect(run('kubectl describe nodes -A').exitCode).toBe(0);
  });

  it('every rollout subcommand refuses them, and changes nothing (recorded from kubectl 1.32)', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      for (const sub of ['restart', 'status', 'history', 'undo', 'pause', 'resume']) {
        expect(run(`kubectl rollout ${sub} ds/agent -l app=agent`)).toEqual(failed(WITH_TUPLES));
      }
      expect(run('kubectl rollout restart ds agent -l app=agent')).toEqual(failed(WITH_NAMES));
    });
  });
});

describe('label and annotate --local: missing files', () => {
  it('names every -f that is not there, one per line (recorded from kubectl 1.32)', () => {
    const { c, run } = setup();
    expectUnchanged(c, () => {
      for (const verb of ['label', 'annotate']) {
        expect(run(`kubectl ${verb} --local -f a.yaml -f b.yaml k=v`)).toEqual(failed('the path "a.yaml" does not exist\nthe path "b.yaml" does not exist\n'));
        expect(run(`kubectl ${verb} --local -f a.yaml k=v`)).toEqual(failed('error: the path "a.yaml" does not exist\n'));
      }
    });
  });
});
