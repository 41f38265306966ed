/**
 * The session log rebuilds a playground's cluster exactly: replaying a session's log gives the
 * same cluster byte for byte, and time split into many `sim advance` steps lands where one step
 * of the same total does (so Play segments replay exactly); a log an earlier page saved (format
 * 1: no times) still opens, branches and all.
 */
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../../../src/ui/worker/session.js';
import { emptyLog, logProblem, rebuild, type SessionLog } from '../../../src/ui/worker/session-log.js';
import { AGENT_DS } from './agent-ds.js';
import { fingerprint } from './fingerprint.js';

const SETUP = `sim node add node-{1..4} --labels pool=general
kubectl apply -f ds.yaml
sim image agent:2 --behaviour crash --after 30s
sim advance 20s
kubectl set image ds/agent agent=agent:2
sim node fail node-2`;

/** The agent, its pods given a termination grace period of 5 s. */
const DS = AGENT_DS.replace('    spec:\n', '    spec:\n      terminationGracePeriodSeconds: 5\n');

const replay = (log: SessionLog) => rebuild(log).cluster;

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
    expect(log.commands[1]).toEqual({ line: 'kubectl apply -f ds.yaml', files: { 'ds.yaml': DS }, start: log.commands[0]!.end, end: log.commands[0]!.end });
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

  it('opens a log an earlier page saved (format 1: lines without times), its branch kept reachable', () => {
    const old: SessionLog = {
      format: 1,
      engine: 'everynode 0.1.0',
      seed: 5,
      commands: [{ line: 'sim node add a' }, { line: 'kubectl apply -f ds.yaml', files: { 'ds.yaml': DS } }, { line: 'sim advance 1m' }],
      branches: [[{ line: 'sim node add a' }, { line: 'sim node add z' }]],
    };
    const session = new EngineSession(old);
    expect(session.cluster.store.list('Node').map((n) => n.metadata.name)).toEqual(['a']);
    expect(session.cluster.store.list('Pod')).toHaveLength(1);
    expect(session.scrubber.view()).toMatchObject({ length: 3, position: 3, branches: [{ length: 2, last: 'sim node add z' }] });
    const saved = session.log;
    expect(saved.format).toBe(2);
    expect(saved.commands.map((c) => [c.line, c.end! - c.start!])).toEqual([
      ['sim node add a', 0],
      ['kubectl apply -f ds.yaml', 0],
      ['sim advance 1m', 60_000],
    ]);
    session.scrubber.switchTo(0);
    expect(session.cluster.store.list('Node').map((n) => n.metadata.name)).toEqual(['a', 'z']);
  });

  it('refuses a log it cannot replay, saying why', () => {
    expect(logProblem(emptyLog())).toBeUndefined();
    expect(logProblem({ ...emptyLog(), format: 3 })).toBe('this session log has format 3; this page reads formats 1 and 2');
    expect(logProblem({ ...emptyLog(), commands: [{ line: 'sim advance 1m', cut: true }] })).toMatch(/cut short but says not when/);
    expect(logProblem({ ...emptyLog(), seed: -1 })).toMatch(/seed -1/);
    expect(() => new EngineSession({ ...emptyLog(), format: 0 })).toThrow('format 0');
  });
});
