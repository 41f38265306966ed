/**
 * `kubectl wait` (kubectl 1.32 `pkg/cmd/wait` `RunWait`): waits in virtual time until the
 * condition holds or the command's one deadline passes, visits every object whatever happened
 * to the ones before, and reports the errors at the end with kubectl's messages.
 */
import { describe, expect, it } from 'vitest';
import { runScript } from '../../../src/kubectl/session.js';
import { EPOCH_MS } from '../../../src/sim/engine/time.js';
import { PROBED_AGENT_SETUP as SETUP } from './fixtures.js';


function script(text: string) {
  const out = runScript(text);
  if ('error' in out) throw new Error(out.error);
  return out;
}

/** Runs `lines` 10 s after the setup, when the agent's pods exist but are not Ready. */
function run(lines: string) {
  const out = script(`${SETUP}sim advance 10s\n${lines}`);
  return { results: out.results.slice(3), now: out.cluster.now };
}

const POD = /pod\/agent-[a-z0-9]{5}/.source;

describe('kubectl wait', () => {
  it('advances virtual time until every matching pod is Ready', () => {
    const { results, now } = run('kubectl wait --for=condition=Ready pod -l app=agent --timeout=2m\n');
    expect(results[0]!.exitCode).toBe(0);
    expect(results[0]!.stdout).toMatch(new RegExp(`^${POD} condition met\\n${POD} condition met\\n$`));
    // created at 10 s, pulled by 15 s, started at 16 s, ready 20 s later
    expect(now).toBe(EPOCH_MS + 36_000);
  });

  it('shares one deadline between the objects: the second times out at once, and both errors print one a line', () => {
    const { results, now } = run('kubectl wait --for=condition=Ready pod -l app=agent --timeout=5s\n');
    expect(results[0]!.exitCode).toBe(1);
    const timedOut = 'timed out waiting for the condition on pods/agent-[a-z0-9]{5}\\n';
    expect(results[0]!.stderr).toMatch(new RegExp(`^${timedOut}${timedOut}$`));
    expect(now).toBe(EPOCH_MS + 15_000);
  });

  it('visits every object and reports the errors after the last one, exit 1', () => {
    const { results } = run(
      'kubectl wait --for=jsonpath={.metadata.name} ds/nope ds/agent ds/gone\nkubectl wait --for=jsonpath={.metadata.name} pod/nope ds/agent\n',
    );
    expect(results[0]).toMatchObject({
      exitCode: 1,
      stdout: 'daemonset.apps/agent condition met\n',
      stderr: 'Error from server (NotFound): daemonsets.apps "nope" not found\nError from server (NotFound): daemonsets.apps "gone" not found\n',
    });
    expect(results[1]).toMatchObject({
      exitCode: 1,
      stdout: 'daemonset.apps/agent condition met\n',
      stderr: 'Error from server (NotFound): pods "nope" not found\n',
    });
  });

  it('waits on a JSONPath value and for deletion', () => {
    const { results } = run(
      'kubectl wait --for=jsonpath={.status.numberReady}=2 ds/agent\n' +
        'kubectl delete ds agent --wait=false\n' +
        'kubectl wait --for=delete pod -l app=agent --timeout=1m\n',
    );
    expect(results[0]!.stdout).toBe('daemonset.apps/agent condition met\n');
    expect(results[2]!.exitCode).toBe(0);
    expect(results[2]!.stdout).toMatch(new RegExp(`^${POD} condition met\\n${POD} condition met\\n$`));
  });

  it('a deletion waited for after the deadline has passed fails on its first request', () => {
    const { results, now } = run('kubectl wait --for=delete ds/agent ds/agent --timeout=1s\n');
    expect(results[0]).toMatchObject({
      exitCode: 1,
      stdout: '',
      stderr: 'timed out waiting for the condition on daemonsets/agent\nclient rate limiter Wait returned an error: context deadline exceeded\n',
    });
    expect(now).toBe(EPOCH_MS + 11_000);
  });

  it('an object named by argument is fetched when its turn comes: one deleted meanwhile is NotFound', () => {
    const out = script(`${SETUP}sim advance 10s\nkubectl get pods -o name\n`);
    const [first, second] = out.results.at(-1)!.stdout.trim().split('\n');
    const { results } = run(`kubectl delete ${second} --grace-period=5 --wait=false\nkubectl wait --for=condition=Ready ${first} ${second} --timeout=1m\n`);
    expect(results[1]).toMatchObject({
      exitCode: 1,
      stdout: `${first} condition met\n`,
      stderr: `Error from server (NotFound): pods "${second!.slice('pod/'.length)}" not found\n`,
    });
  });

  it('--timeout=0 checks once: condition not met for RESOURCE/NAME', () => {
    const { results, now } = run(
      'kubectl wait --for=condition=Ready pod -l app=agent --timeout=0\n' +
        'kubectl wait --for=jsonpath={.status.numberReady}=2 ds/agent --timeout=0\n' +
        'kubectl wait --for=delete ds/agent --timeout=0\n' +
        'kubectl wait --for=jsonpath={.status.numberReady}=0 ds/agent --timeout=0\n',
    );
    expect(results[0]!.stderr).toMatch(/^condition not met for pods\/agent-[a-z0-9]{5}\ncondition not met for pods\/agent-[a-z0-9]{5}\n$/);
    expect(results.slice(1).map((r) => r.stdout + r.stderr)).toEqual([
      'error: condition not met for daemonsets/agent\n',
      'error: condition not met for daemonsets/agent\n',
      'daemonset.apps/agent condition met\n',
    ]);
    expect(now).toBe(EPOCH_MS + 10_000);
  });

  it('a negative --timeout waits for a week', () => {
    const { results, now } = run('kubectl wait --for=condition=Nope ds/agent --timeout=-1s\n');
    expect(results[0]!.stderr).toBe('error: timed out waiting for the condition on daemonsets/agent\n');
    expect(now).toBe(EPOCH_MS + 10_000 + 168 * 3600_000);
  });

  it('--for=delete: an object already gone and a selector that matches nothing are no error', () => {
    const { results } = run('kubectl wait --for=DELETE ds/gone\nkubectl wait --for=delete pod -l app=none\nkubectl wait --for=delete ds/gone pod/gone\n');
    expect(results.map((r) => [r.exitCode, r.stdout, r.stderr])).toEqual([
      [0, '', ''],
      [0, '', ''],
      [0, '', ''],
    ]);
  });

  it('--for without a value, or one kubectl does not know, is an unrecognized condition, before any object is looked for', () => {
    const { results } = run(
      'kubectl wait --for=bogus pod -l app=agent\n' +
        'kubectl wait pod -l app=agent\n' +
        'kubectl wait\n' +
        'kubectl wait --for=Condition=Ready pod -l app=agent\n' +
        'kubectl wait --for=condition=Ready pod -l app=none\n',
    );
    expect(results.map((r) => r.stderr)).toEqual([
      'error: unrecognized condition: "bogus"\n',
      'error: unrecognized condition: ""\n',
      'error: unrecognized condition: ""\n',
      'error: unrecognized condition: "Condition=Ready"\n',
      'error: no matching resources found\n',
    ]);
  });

  it('--for=jsonpath: any value found meets it without a value; errors of the expression and of the value', () => {
    const { results } = run(
      'kubectl label ds agent empty=\n' +
        'kubectl wait --for=jsonpath={.metadata.labels.empty} ds/agent --timeout=0\n' +
        'kubectl wait --for=jsonpath=.status.numberMisscheduled ds/agent --timeout=0\n' +
        'kubectl wait --for=jsonpath={.metadata.*}=x ds/agent\n' +
        'kubectl wait --for=jsonpath={.spec.selector}=x ds/agent\n' +
        'kubectl wait --for=jsonpath={.a}= ds/agent\n' +
        'kubectl wait --for=jsonpath={.a}=b=c ds/agent\n' +
        'kubectl wait --for=jsonpath= ds/agent\n' +
        'kubectl wait --for=jsonpath={.a}{.b} ds/agent\n',
    );
    expect(results.slice(1).map((r) => r.stdout + r.stderr)).toEqual([
      'daemonset.apps/agent condition met\n',
      'daemonset.apps/agent condition met\n',
      'error: given jsonpath expression matches more than one value\n',
      'error: jsonpath leads to a nested object or list which is not supported\n',
      "error: jsonpath wait has to have a value after equal sign, like --for=jsonpath='{.status.readyReplicas}'=3\n",
      "error: jsonpath wait format must be --for=jsonpath='{.status.readyReplicas}'=3 or --for=jsonpath='{.status.readyReplicas}'\n",
      'error: jsonpath expression cannot be empty\n',
      "error: unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'\n",
    ]);
  });
});

describe('kubectl wait --for=create', () => {
  it('looks every half second from the start, and prints each object once all are there', () => {
    // The agent's first pod is created at 10 s; its name is drawn the same way in both runs.
    const prefix = `${SETUP}sim advance 300ms\n`;
    const pod = script(`${prefix}sim advance 10s\nkubectl get pods -o name --field-selector spec.nodeName=node-1\n`).results.at(-1)!.stdout.trim();
    const out = script(`${prefix}kubectl wait --for=create ${pod} --timeout=1m\n`);
    expect(out.results.at(-1)).toMatchObject({ exitCode: 0, stdout: `${pod} condition met\n`, stderr: '' });
    expect(out.cluster.now).toBe(EPOCH_MS + 10_300);
  });

  it('times out without naming an object; --timeout=0 looks once', () => {
    const { results, now } = run('kubectl wait --for=create ds/agent pod/later --timeout=1200ms\n');
    expect(results[0]).toMatchObject({ exitCode: 1, stdout: '', stderr: 'error: timed out waiting for the condition\n' });
    expect(now).toBe(EPOCH_MS + 11_200);
    const once = run('kubectl wait --for=create pod/later --timeout=0\nkubectl wait --for=create ds/agent --timeout=0\n');
    expect(once.results.map((r) => r.stdout + r.stderr)).toEqual(['error: timed out waiting for the condition\n', 'daemonset.apps/agent condition met\n']);
    expect(once.now).toBe(EPOCH_MS + 10_000);
  });

  it('stops at once on anything but a single NotFound (two are an aggregate)', () => {
    const { results, now } = run('kubectl wait --for=create pod/a pod/b\n');
    expect(results.map((r) => r.stderr)).toEqual(['Error from server (NotFound): pods "a" not found\nError from server (NotFound): pods "b" not found\n']);
    expect(now).toBe(EPOCH_MS + 10_000);
  });

  it('a selector that matches nothing yet keeps it looking until the timeout (1.34 `RunWait`: a look must find something)', () => {
    const { results, now } = run('kubectl wait --for=create pod -l app=none --timeout=3s\n');
    expect(results.map((r) => r.stderr)).toEqual(['error: timed out waiting for the condition\n']);
    expect(now).toBe(EPOCH_MS + 13_000);
  });
});
