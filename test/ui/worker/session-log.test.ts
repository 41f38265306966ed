/**
 * The session log rebuilds a playground's cluster exactly: replaying a session's log gives the
 * same cluster byte for byte, and time split into many `sim advance` steps lands where one step
 * of the same total does (so Play segments replay exactly).
 */
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../../../src/ui/worker/session.js';
import { emptyLog, logProblem, replay, type SessionLog } from '../../../src/ui/worker/session-log.js';
import { fingerprint } from './fingerprint.js';

const SETUP = `sim node add node-{1..4} --labels pool=general
kubectl apply -f ds.yaml
sim image agent:2 --behaviour crash --after 30s
sim advance 20s
kubectl set image ds/agent agent=agent:2
sim node fail node-2`;

const DS = `apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      terminationGracePeriodSeconds: 5
      containers: [{name: agent, image: agent:1}]
`;

function withSteps(steps: readonly string[]): SessionLog {
  const session = new EngineSession(emptyLog(7));
  session.run(SETUP, { 'ds.yaml': DS });
  for (const s of steps) session.run(s, {});
  return session.log;
}

describe('session log', () => {
  it('replays a session byte for byte, files and all', () => {
    const session = new EngineSession(emptyLog(3));
    session.run(SETUP, { 'ds.yaml': DS, 'unused.yaml': 'kind: Nothing' });
    session.run('sim advance 3m\nkubectl rollout undo ds/agent\nsim settle', {});
    const log = session.log;
    expect(log.commands[1]).toEqual({ line: 'kubectl apply -f ds.yaml', files: { 'ds.yaml': DS } });
    expect(log.commands.some((c) => c.files && 'unused.yaml' in c.files)).toBe(false);
    const copy = JSON.parse(JSON.stringify(log)) as SessionLog;
    expect(fingerprint(replay(copy))).toBe(fingerprint(session.cluster));
  });

  it('gives the same cluster for one sim advance 10m and for ten sim advance 1m', () => {
    const one = replay(withSteps(['sim advance 10m']));
    const ten = replay(withSteps(Array.from({ length: 10 }, () => 'sim advance 1m')));
    expect(one.now).toBe(ten.now);
    expect(fingerprint(ten)).toBe(fingerprint(one));
    const uneven = replay(withSteps(['sim advance 1ms', 'sim advance 59.999s', 'sim advance 7m', 'sim advance 2m']));
    expect(fingerprint(uneven)).toBe(fingerprint(one));
  });

  it('refuses a log it cannot replay, saying why', () => {
    expect(logProblem(emptyLog())).toBeUndefined();
    expect(logProblem({ ...emptyLog(), format: 2 })).toBe('this session log has format 2; this page reads format 1');
    expect(logProblem({ ...emptyLog(), seed: -1 })).toMatch(/seed -1/);
    expect(() => new EngineSession({ ...emptyLog(), format: 0 })).toThrow('format 0');
  });
});
