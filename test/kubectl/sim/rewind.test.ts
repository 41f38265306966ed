/** `sim rewind NAME` and `sim rewind --to TIME` in a script, which keeps a timeline. */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { runScript } from '../../../src/kubectl/session.js';
import { createCluster } from '../../../src/sim/index.js';
import { agentYaml } from '../agent-yaml.js';

function script(text: string) {
  const out = runScript(text);
  if ('error' in out) throw new Error(out.error);
  return out;
}

const SETUP = `sim node add node-1 node-2
sim settle
kubectl apply -f - <<YAML
${agentYaml()}YAML
sim checkpoint applied
sim advance 10m
`;

describe('sim rewind', () => {
  it('goes back to a time since the start, or an RFC 3339 instant, and says what it kept', () => {
    const { results } = script(`${SETUP}sim rewind --to 12s\nkubectl get pods --no-headers | grep -c ContainerCreating\nsim rewind --to 2026-01-01T00:00:10Z\nsim now\n`);
    expect(results.slice(-4).map((r) => [r.exitCode, r.stdout])).toEqual([
      [0, 'rewound to 2026-01-01T00:00:12Z (+12s) (3 commands replayed); the 1 later command is kept on a branch\n'],
      [0, '2\n'],
      [0, 'rewound to 2026-01-01T00:00:10Z (+10s) (2 commands replayed); the 2 later commands are kept on a branch\n'],
      [0, '2026-01-01T00:00:10Z (+10s)\n'],
    ]);
  });

  it('goes back to a named checkpoint; later commands start a new branch', () => {
    const { results, timeline } = script(`${SETUP}kubectl delete ds agent\nsim rewind applied\nkubectl get ds --no-headers | wc -l\n`);
    expect(results.at(-2)!.stdout).toBe('rewound to 2026-01-01T00:00:10Z (+10s) (0 commands replayed); the 2 later commands are kept on a branch\n');
    expect(results.at(-1)!.stdout).toBe('1\n');
    expect(timeline!.entries.map((e) => e.line)).toEqual(['sim node add node-1 node-2', 'sim settle', 'kubectl apply -f -', 'kubectl get ds --no-headers | wc -l']);
    expect(timeline!.branches.map((b) => b.at(-1)!.line)).toEqual(['kubectl delete ds agent']);
  });

  it('refuses what it cannot do, changing nothing', () => {
    const { results, cluster } = script(`${SETUP}sim rewind --to 1h\nsim rewind --to soon\nsim rewind --to -5s\nsim rewind nope\nsim rewind\nsim rewind a --to 1s\n`);
    expect(results.slice(-6).map((r) => [r.exitCode, r.stderr])).toEqual([
      [1, 'error: cannot rewind to 1h: that is later than the session has reached: rewind goes back in time only (now 2026-01-01T00:10:10Z (+10m10s))\n'],
      [1, 'error: invalid --to "soon": give a time since the start such as 5m30s, or an RFC 3339 instant (time: invalid duration "soon")\n'],
      [1, 'error: invalid --to "-5s": the start of the session is +0s\n'],
      [1, 'error: no checkpoint named "nope"; "sim checkpoints" lists them\n'],
      [1, 'error: sim rewind needs a checkpoint name or --to TIME, e.g. "sim rewind before-rollout" or "sim rewind --to 5m30s"\n'],
      [1, 'error: sim rewind needs a checkpoint name or --to TIME, e.g. "sim rewind before-rollout" or "sim rewind --to 5m30s"\n'],
    ]);
    expect(cluster.now).toBe(Date.UTC(2026, 0, 1, 0, 10, 10));
  });

  it('says so where the host keeps no timeline', () => {
    expect(exec(createCluster(), 'sim rewind --to 0s')).toMatchObject({
      exitCode: 1,
      stderr: 'error: this host keeps no session timeline, so there is nothing to checkpoint or rewind\n',
    });
  });
});

describe('sim checkpoint and sim checkpoints', () => {
  it('names moments, moves a name given again, and lists them in time order', () => {
    const { results } = script(`sim checkpoints\nsim checkpoint start\nsim advance 90s\nsim checkpoint later\nsim checkpoint start\nsim checkpoints\nsim checkpoint\n`);
    expect(results.map((r) => r.stdout + r.stderr)).toEqual([
      'no checkpoints yet: name the present moment with "sim checkpoint NAME"\n',
      'checkpoint "start" at 2026-01-01T00:00:00Z (+0s)\n',
      'now 2026-01-01T00:01:30Z (+1m30s)\n',
      'checkpoint "later" at 2026-01-01T00:01:30Z (+1m30s)\n',
      'checkpoint "start" moved to 2026-01-01T00:01:30Z (+1m30s)\n',
      'NAME    TIME\nlater   2026-01-01T00:01:30Z (+1m30s)\nstart   2026-01-01T00:01:30Z (+1m30s)\n',
      'error: sim checkpoint needs one name, e.g. "sim checkpoint before-rollout"\n',
    ]);
  });
});
