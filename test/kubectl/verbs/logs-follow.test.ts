import { describe, expect, it } from 'vitest';
import { exec, onlyReads, outputOf } from '../../../src/kubectl/exec.js';
import { appliedOn } from '../agent-yaml.js';

/** Two nodes running `agent` (pods agent-f2v2f on node-1 and agent-m7cqj on node-2), settled at 16 s. */
const running = () => appliedOn('node-1 node-2');

const START = (image: string, node: string) => `simulated: container "a" started from image "${image}" on ${node}\n`;
const SIGTERM = 'simulated: received SIGTERM, ignored: the container is killed when the grace period ends\n';
const KILLED = 'simulated: killed at the end of the termination grace period (exit code 137)\n';
const CRASH = 'simulated: crashing (sim image registry.example/agent:2 --behaviour crash), exit code 1\n';

describe('kubectl logs -f: the log, then what the container writes while the clock runs', () => {
  it('follows a container until its run ends: a pod being deleted is killed at the end of its grace period', () => {
    const c = running();
    exec(c, 'kubectl delete pod agent-f2v2f --wait=false');
    const r = exec(c, 'kubectl logs -f agent-f2v2f --timestamps');
    expect(r).toEqual({
      exitCode: 0,
      stdout: [
        `2026-01-01T00:00:16.000000000Z ${START('registry.example/agent:1', 'node-1')}`,
        `2026-01-01T00:00:16.000000000Z ${SIGTERM}`,
        `2026-01-01T00:00:46.000000000Z ${KILLED}`,
      ].join(''),
      stderr: '',
    });
    // The stream closed when the container was killed, 30 s on: the watch went no further.
    expect(exec(c, 'sim now').stdout).toBe('2026-01-01T00:00:46Z (+46s)\n');
  });

  it('stops when the cluster settles, saying so, or after --request-timeout without a word', () => {
    const c = running();
    const r = exec(c, 'kubectl logs -f agent-f2v2f');
    expect(outputOf(r)).toEqual([
      { stream: 'stdout', text: START('registry.example/agent:1', 'node-1') },
      {
        stream: 'stderr',
        text: 'logs -f stopped: the cluster settled 0s later, now 2026-01-01T00:00:16Z (+16s). kubectl would keep following until Ctrl+C; --request-timeout=DURATION follows for a set time.\n',
      },
    ]);
    expect(exec(c, 'kubectl logs -f agent-f2v2f --request-timeout=1m')).toEqual({ exitCode: 0, stdout: START('registry.example/agent:1', 'node-1'), stderr: '' });
    expect(exec(c, 'sim now').stdout).toBe('2026-01-01T00:01:16Z (+1m16s)\n');
  });

  it('follows a crashing container to its crash, and a finished run (--previous) returns at once', () => {
    const c = running();
    exec(c, 'sim image registry.example/agent:2 --behaviour crash');
    exec(c, 'kubectl set image ds/agent a=registry.example/agent:2');
    // The rollout replaces agent-f2v2f first (30 s of grace); its replacement starts at 52 s and
    // crashes 3 s later, and restarts after a back-off the follow does not wait for.
    exec(c, 'sim advance 37s');
    const before = c.now;
    const r = exec(c, 'kubectl logs -f ds/agent --all-pods --timestamps');
    expect(r.stderr).toBe('');
    expect(r.stdout.split('\n').filter((l) => l !== '')).toEqual([
      `[pod/agent-j8cm5/a] 2026-01-01T00:00:52.000000000Z ${START('registry.example/agent:2', 'node-1').trimEnd()}`,
      `[pod/agent-m7cqj/a] 2026-01-01T00:00:16.000000000Z ${START('registry.example/agent:1', 'node-2').trimEnd()}`,
      `[pod/agent-m7cqj/a] 2026-01-01T00:00:52.000000000Z ${SIGTERM.trimEnd()}`,
      `[pod/agent-j8cm5/a] 2026-01-01T00:00:55.000000000Z ${CRASH.trimEnd()}`,
      `[pod/agent-m7cqj/a] 2026-01-01T00:01:22.000000000Z ${KILLED.trimEnd()}`,
    ]);
    // Both streams closed when agent-m7cqj was killed, 29 s on.
    expect(c.now - before).toBe(29_000);
    const at = c.now;
    expect(exec(c, 'kubectl logs -f agent-j8cm5 -p').stdout).toBe(START('registry.example/agent:2', 'node-1') + CRASH);
    expect(c.now).toBe(at);
  });

  it('--tail picks among the lines there were; several streams are limited by --max-log-requests', () => {
    const c = running();
    exec(c, 'kubectl delete pod -l app=agent --wait=false');
    expect(exec(c, 'kubectl logs -l app=agent -f --tail=0 --prefix --max-log-requests=2').stdout).toBe(`[pod/agent-f2v2f/a] ${KILLED}[pod/agent-m7cqj/a] ${KILLED}`);
    expect(exec(c, 'kubectl logs -l app=agent -f --max-log-requests=1')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: 'error: you are attempting to follow 2 log streams, but maximum allowed concurrency is 1, use --max-log-requests to increase the limit\n',
    });
  });

  it('is run again by a replay, since it moves the clock', () => {
    expect(onlyReads('kubectl', 'logs', ['agent-f2v2f', '-f'])).toBe(false);
    expect(onlyReads('kubectl', 'logs', ['agent-f2v2f', '--follow=true'])).toBe(false);
    expect(onlyReads('kubectl', 'logs', ['agent-f2v2f', '--tail=5'])).toBe(true);
  });
});
