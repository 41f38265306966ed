/**
 * A Playground drives its own engine: commands from any source are echoed in its terminal,
 * `sim why NODE` selects the node, queries are answered without being logged, it is busy while
 * its engine works (a command or a load), and two playgrounds on one page share nothing.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { EXAMPLE_DAEMONSET, EXAMPLE_FILE } from '../../../src/ui/playground/presets.js';
import { Playground } from '../../../src/ui/playground/playground.svelte.js';
import type { SessionLog } from '../../../src/ui/worker/session-log.js';
import { inProcessEngine } from '../worker/in-process.js';
import { tick } from '../ready-playground.js';

/** Runs `script` with the time bar's machine started, then presses Play and waits until the worker plays. */
async function playingAfter(pg: Playground, script: string): Promise<void> {
  pg.playback.actor.start();
  await pg.run(script);
  pg.playback.actor.send({ type: 'TOGGLE' });
  await tick();
}

async function started(id = 'test'): Promise<{ pg: Playground; engine: ReturnType<typeof inProcessEngine> }> {
  const engine = inProcessEngine();
  const pg = new Playground(id, engine);
  await pg.load();
  return { pg, engine };
}

describe('Playground', () => {
  it('runs a script, echoes every command and has the cluster current when the run resolves', async () => {
    const { pg } = await started();
    const running = pg.run('sim node add node-1\nkubectl get nodes');
    // Echoed as sent, as typed, before the engine answers (a big fleet's command takes seconds).
    expect(pg.terminal.lines).toEqual([{ kind: 'running', text: 'sim node add node-1\nkubectl get nodes', source: 'terminal', run: expect.any(Number) }]);
    const out = await running;
    expect(pg.terminal.lines.some((l) => l.kind === 'running')).toBe(false);
    expect(Array.isArray(out) && out.map((r) => r.command)).toEqual(['sim node add node-1', 'kubectl get nodes']);
    expect(pg.cluster.list('Node').map((n) => n.metadata.name)).toEqual(['node-1']);
    expect(pg.terminal.lines.filter((l) => l.kind === 'command').map((l) => [l.text, l.source])).toEqual([
      ['sim node add node-1', 'terminal'],
      ['kubectl get nodes', 'terminal'],
    ]);
    expect(pg.terminal.lines.find((l) => l.kind === 'stdout' && l.text.startsWith('NAME'))?.text).toMatch(/node-1\s+NotReady/);
  });

  it('reads -f NAME from its files and logs the text each command read', async () => {
    const { pg } = await started();
    pg.files['ds.yaml'] = 'apiVersion: apps/v1\nkind: DaemonSet\nmetadata: {name: a}\nspec:\n  selector: {matchLabels: {app: a}}\n  template:\n    metadata: {labels: {app: a}}\n    spec: {containers: [{name: a, image: a:1}]}\n';
    pg.files['other.yaml'] = 'kind: Nothing\n';
    const out = await pg.run('kubectl apply -f ds.yaml', { source: 'editor' });
    expect(out).toMatchObject([{ exitCode: 0, stdout: 'daemonset.apps/a created\n' }]);
    const log = await pg.query<SessionLog>('log');
    expect(log.commands).toEqual([{ line: 'kubectl apply -f ds.yaml', files: { 'ds.yaml': pg.files['ds.yaml'] }, start: pg.cluster.now, end: pg.cluster.now }]);
    expect(pg.terminal.lines[0]).toEqual({ kind: 'command', text: 'kubectl apply -f ds.yaml', source: 'editor' });
  });

  it("keeps the order runs were sent in: each answer takes its running line's place", async () => {
    const { pg } = await started();
    const first = pg.run('sim node add node-1', { source: 'editor' });
    const second = pg.run("sim node add 'b");
    expect(pg.terminal.lines.map((l) => [l.kind, l.text])).toEqual([
      ['running', 'sim node add node-1'],
      ['running', "sim node add 'b"],
    ]);
    await Promise.all([first, second]);
    expect(pg.terminal.lines.map((l) => [l.kind, l.text.split('\n')[0]])).toEqual([
      ['command', 'sim node add node-1'],
      ['stdout', 'node/node-1 created'],
      ['command', "sim node add 'b"],
      ['stderr', expect.stringContaining('line 1')],
    ]);
  });

  it('shows a script error in the terminal and returns it with its line', async () => {
    const { pg } = await started();
    const out = await pg.run("sim node add 'a");
    expect(out).toEqual({ error: expect.stringContaining('line 1'), line: 1 });
    expect(pg.terminal.lines.map((l) => l.kind)).toEqual(['command', 'stderr']);
    expect(pg.cluster.list('Node')).toEqual([]);
  });

  it('selects the node a successful `sim why NODE` names', async () => {
    const { pg } = await started();
    await pg.run('sim why node-9');
    expect(pg.selection).toBeUndefined();
    await pg.run('sim node add node-1\nsim why node-1');
    expect(pg.selection).toEqual({ kind: 'Node', name: 'node-1' });
  });

  it('is busy while a command runs and while a cluster loads (a first visit, a new cluster)', async () => {
    const engine = inProcessEngine();
    const pg = new Playground('busy', engine);
    pg.start();
    expect(pg.session.snapshot.matches('Loading')).toBe(true);
    expect(pg.busy).toBe(true);
    await waitFor(pg.session.actor, (s) => s.matches('Ready'));
    expect(pg.busy).toBe(false);
    const running = pg.run('sim node add node-9');
    expect(pg.busy).toBe(true);
    await running;
    expect(pg.busy).toBe(false);
    pg.session.actor.send({ type: 'NEW_CLUSTER', preset: 'empty' });
    expect(pg.busy).toBe(false);
    pg.session.actor.send({ type: 'CONFIRM' });
    expect(pg.busy).toBe(true);
    await waitFor(pg.session.actor, (s) => s.matches('Ready'));
    expect(pg.busy).toBe(false);
    expect(pg.cluster.list('Node')).toEqual([]);
    pg.close();
  });

  it('opens the starter on a first visit and echoes a Play segment as the sim advance it logged', async () => {
    const engine = inProcessEngine();
    const pg = new Playground('first', engine);
    pg.start();
    await waitFor(pg.session.actor, (s) => s.matches('Ready'));
    expect(pg.cluster.list('Node').map((n) => n.metadata.name)).toEqual(['node-1', 'node-2', 'node-3']);
    expect(pg.files).toEqual({ [EXAMPLE_FILE]: EXAMPLE_DAEMONSET });
    expect(pg.cluster.list('DaemonSet')).toEqual([]);
    const before = pg.cluster.now;
    pg.playback.actor.send({ type: 'SPEED', speed: 5 });
    pg.playback.actor.send({ type: 'TOGGLE' });
    await tick();
    engine.ticker.advance(1000);
    engine.ticker.advance(1000);
    await tick();
    expect(pg.cluster.now - before).toBe(10_000);
    pg.playback.actor.send({ type: 'TOGGLE' });
    await tick();
    expect(pg.terminal.lines.slice(-2)).toEqual([
      { kind: 'command', text: 'sim advance 10s', source: 'time' },
      { kind: 'stdout', text: 'now 2026-01-01T00:00:20Z (+20s)\n' },
    ]);
    const log = await pg.query<SessionLog>('log');
    expect(log.commands.map((c) => c.line)).toEqual(['sim node add node-{1..3} --labels pool=general', 'sim settle', 'sim advance 10s']);
  });

  it('scrubs back on the Timeline, branches on a command there, and shows the cluster of that moment', async () => {
    const { pg } = await started();
    pg.playback.actor.start();
    await pg.run('sim node add a\nsim node add b\nsim node add c');
    expect(pg.timeline).toMatchObject({ length: 3, position: 3 });
    pg.playback.actor.send({ type: 'SCRUB', to: 1 });
    await tick();
    expect(pg.playback.snapshot.value).toBe('Rewound');
    expect(pg.timeline.position).toBe(1);
    expect(pg.cluster.list('Node').map((n) => n.metadata.name)).toEqual(['a']);
    await pg.run('sim node add x');
    expect(pg.playback.snapshot.value).toBe('Paused');
    expect(pg.timeline).toMatchObject({ length: 2, position: 2, branches: [{ length: 3, last: 'sim node add c' }] });
    await pg.switchBranch(0);
    expect(pg.cluster.list('Node').map((n) => n.metadata.name)).toEqual(['a', 'b', 'c']);
  });

  it('follows sim rewind --to typed in its terminal: the Timeline shows the moment it went back to, Rewound as a drag leaves it', async () => {
    const { pg } = await started();
    pg.playback.actor.start();
    await pg.run('sim node add a\nsim advance 1m\nsim node add b');
    expect(pg.playback.snapshot.value).toBe('Paused');
    const out = await pg.run('sim rewind --to 30s');
    expect(out).toMatchObject([{ exitCode: 0 }]);
    expect(pg.timeline).toMatchObject({ length: 3, position: 2, partial: true });
    expect(pg.playback.snapshot.value).toBe('Rewound');
    expect(pg.playback.snapshot.context.at).toBe(2);
    expect(pg.cluster.list('Node').map((n) => n.metadata.name)).toEqual(['a']);
    const log = await pg.query<SessionLog>('log');
    expect(log.commands.map((c) => c.line)).toEqual(['sim node add a', 'sim advance 1m']);
    // The Timeline's end returns to the newest moment, as after a drag.
    pg.playback.actor.send({ type: 'HEAD' });
    await tick();
    expect(pg.playback.snapshot.value).toBe('Paused');
    expect(pg.cluster.list('Node').map((n) => n.metadata.name)).toEqual(['a', 'b']);
  });

  it('stops Play when a sim rewind typed during Play goes back, and the machine is Rewound there', async () => {
    const { pg, engine } = await started();
    await playingAfter(pg, 'sim node add a\nsim advance 1m');
    expect(pg.playback.snapshot.value).toBe('Playing');
    await pg.run('sim rewind --to 30s');
    await tick();
    expect(pg.playback.snapshot.value).toBe('Rewound');
    expect(engine.ticker.waiting).toBe(0);
    expect((await pg.query<SessionLog>('log')).commands.map((c) => c.line)).toEqual(['sim node add a', 'sim advance 1m']);
  });

  it("keeps Play through a lesson action that leaves the cluster alone, and pauses the time bar with the worker's Play for one that changes it", async () => {
    const { pg, engine } = await started();
    await playingAfter(pg, 'sim node add a');
    // No lesson is open here, so both actions are refused; what matters is what they do to Play first.
    await expect(pg.lessonAction({ do: 'clock', elapsedMinutes: 3 })).rejects.toThrow('no lesson is open');
    expect(pg.playback.snapshot.value).toBe('Playing');
    expect(engine.ticker.waiting).toBeGreaterThan(0);
    await expect(pg.lessonAction({ do: 'reset' })).rejects.toThrow('no lesson is open');
    expect(pg.playback.snapshot.value).toBe('Paused');
    expect(engine.ticker.waiting).toBe(0);
  });

  it('rejects an unknown query and keeps two playgrounds apart', async () => {
    const a = await started('a');
    const b = await started('b');
    await expect(a.pg.query('nope')).rejects.toThrow('unknown query "nope"');
    await a.pg.run('sim node add only-in-a');
    expect(a.pg.cluster.list('Node')).toHaveLength(1);
    expect(b.pg.cluster.list('Node')).toHaveLength(0);
    expect(b.pg.terminal.lines).toEqual([]);
    a.pg.close();
    expect(a.engine.terminated).toBe(true);
    expect(b.engine.terminated).toBe(false);
  });
});
