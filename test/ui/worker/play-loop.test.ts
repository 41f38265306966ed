/**
 * Play in the worker: the clock moves frame by frame at the chosen speed, each segment is logged
 * as one `sim advance D` that a replay turns into exactly the same cluster, and a command given
 * during Play is logged after the segment before it.
 */
import { describe, expect, it } from 'vitest';
import { durationText } from '../../../src/ui/worker/play-loop.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import type { TimeMessage, WorkerMessage } from '../../../src/ui/worker/protocol.js';
import { rebuild, type SessionLog } from '../../../src/ui/worker/session-log.js';
import { parseDuration } from '../../../src/sim/engine/time.js';
import { fingerprint } from './fingerprint.js';
import { manualTicker } from './in-process.js';
import { APPLY_AGENT } from './agent-ds.js';

const DS = APPLY_AGENT;

function setup() {
  const posted: WorkerMessage[] = [];
  const ticker = manualTicker();
  const host = new EngineHost({ ticker, post: (m) => posted.push(m) });
  let id = 1;
  const send = (body: Record<string, unknown>) => host.handle({ id: id++, ...body } as never);
  const log = (): SessionLog => {
    send({ type: 'query', query: 'log', args: undefined });
    const r = posted.at(-1)!;
    return (r as { value: SessionLog }).value;
  };
  const cluster = () => (host as unknown as { session: { cluster: Parameters<typeof fingerprint>[0] } }).session.cluster;
  return { posted, ticker, send, log, cluster };
}

const times = (posted: WorkerMessage[]) => posted.filter((m): m is TimeMessage => m.type === 'time');

describe('Play', () => {
  it('advances the clock per frame at the speed and logs the segment as one sim advance', () => {
    const t = setup();
    t.send({ type: 'run', text: 'sim node add node-1', files: {}, source: 'terminal' });
    const start = t.cluster().now;
    t.send({ type: 'play', speed: 2 });
    for (let i = 0; i < 3; i++) t.ticker.advance(1000);
    expect(t.cluster().now - start).toBe(6000);
    const clocks = t.posted.flatMap((m) => (m.type === 'batch' ? [m.batch.now - start] : []));
    expect(clocks.slice(-3)).toEqual([2000, 4000, 6000]);
    t.send({ type: 'pause' });
    expect(times(t.posted)).toEqual([{ type: 'time', result: { command: 'sim advance 6s', exitCode: 0, stdout: 'now 2026-01-01T00:00:06Z (+6s)\n', stderr: '', output: [{ stream: 'stdout', text: 'now 2026-01-01T00:00:06Z (+6s)\n' }] }, settled: false }]);
    expect(t.log().commands.map((c) => c.line)).toEqual(['sim node add node-1', 'sim advance 6s']);
    expect(fingerprint(rebuild(t.log()).cluster)).toBe(fingerprint(t.cluster()));
    const before = t.posted.length;
    expect(t.ticker.advance(1000)).toBe(0);
    expect(t.posted.length).toBe(before);
  });

  it('logs a command given during Play after the segment before it, then plays on', () => {
    const t = setup();
    t.send({ type: 'play', speed: 0.5 });
    t.ticker.advance(1000);
    t.ticker.advance(333);
    t.send({ type: 'run', text: 'sim node add node-1', files: {}, source: 'terminal' });
    t.ticker.advance(10);
    t.ticker.advance(4000);
    t.send({ type: 'pause' });
    expect(t.log().commands.map((c) => c.line)).toEqual(['sim advance 666ms', 'sim node add node-1', 'sim advance 2.005s']);
    expect(fingerprint(rebuild(t.log()).cluster)).toBe(fingerprint(t.cluster()));
  });

  it('"settle" moves from moment to moment, stops by itself and ends where sim settle does', () => {
    const t = setup();
    t.send({ type: 'run', text: `sim node add node-1 node-2\n${DS}`, files: {}, source: 'terminal' });
    t.send({ type: 'play', speed: 'settle' });
    let frames = 0;
    while (t.ticker.waiting > 0 && frames < 100) frames += t.ticker.advance(16);
    expect(frames).toBeGreaterThan(2);
    const [time] = times(t.posted);
    expect(time).toMatchObject({ settled: true, result: { command: expect.stringMatching(/^sim advance \d/) } });
    const other = setup();
    other.send({ type: 'run', text: `sim node add node-1 node-2\n${DS}\nsim settle`, files: {}, source: 'terminal' });
    expect(t.cluster().now).toBe(other.cluster().now);
    expect(t.cluster().store.list('Pod').map((p) => p.status?.phase)).toEqual(['Running', 'Running']);
    expect(fingerprint(t.cluster())).toBe(fingerprint(other.cluster()));
  });

  it('writes every duration so that it parses back exactly', () => {
    for (const ms of [1, 999, 1000, 1005, 1009, 61_250, 3_600_001, 86_400_000]) expect(parseDuration(durationText(ms))).toBe(ms);
    expect(durationText(90_000)).toBe('1m30s');
  });
});
