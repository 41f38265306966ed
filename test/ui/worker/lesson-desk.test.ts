/**
 * The lesson in the worker: the host serves a LessonRun over the cluster the picture shows, its
 * view is posted after the batch it belongs to, Solve and Reset start a fresh cluster, and the
 * learner's buffers stay restorable.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { lessonJson } from '../../../build/lessons-json.js';
import type { LessonData } from '../../../src/ui/lesson/data.js';
import { EngineHost } from '../../../src/ui/worker/host.js';
import { LessonDesk } from '../../../src/ui/worker/lesson-desk.js';
import type { LessonAction, LessonMessage } from '../../../src/ui/worker/lesson-protocol.js';
import type { Reply, WorkerMessage } from '../../../src/ui/worker/protocol.js';
import type { TimelineView } from '../../../src/ui/worker/scrubber.js';
import { manualTicker } from './in-process.js';

const DATA = lessonJson(fileURLToPath(new URL('../../../lessons', import.meta.url)));
const lesson = (id: string): LessonData => JSON.parse(DATA.get(`lessons/${id}/lesson.json`)!) as LessonData;

function harness() {
  const posted: WorkerMessage[] = [];
  const ticker = manualTicker();
  const host = new EngineHost({ ticker, lessonDesk: () => new LessonDesk(), post: (m) => posted.push(structuredClone(m)) });
  let id = 0;
  const reply = (): Reply => posted.at(-1) as Reply;
  return {
    host,
    ticker,
    posted,
    act(action: LessonAction): unknown {
      host.handle({ id: ++id, type: 'lesson', action });
      const r = reply();
      if (r.type !== 'answer') throw new Error(JSON.stringify(r));
      return r.value;
    },
    run(text: string, files: Record<string, string> = {}): Reply {
      host.handle({ id: ++id, type: 'run', text, files, source: 'terminal' });
      return reply();
    },
    timeline(): TimelineView {
      return (posted.filter((m) => m.type === 'timeline').at(-1) as Extract<WorkerMessage, { type: 'timeline' }>).timeline;
    },
    /** What the one command of `line` printed. */
    stdout(line: string): string {
      const r = this.run(line);
      if (r.type !== 'results') throw new Error(JSON.stringify(r));
      return r.results[0]!.stdout;
    },
    /** `kubectl get pods -o json` now (a read: it changes nothing the log replays). */
    pods(): string {
      return this.stdout('kubectl get pods -o json');
    },
    view(): LessonMessage {
      const m = posted.filter((x): x is Extract<WorkerMessage, { type: 'lesson' }> => x.type === 'lesson').at(-1);
      return m!.view;
    },
  };
}

const L1 = lesson('L1');
const START = L1.files['start/log-agent.yaml']!;
const FIXED = START.replace(/^\s*replicas: 3.*\n/m, '');

describe('the lesson desk in the engine host', () => {
  it('opens a lesson over its setup, posting the view after the reset batch and before the reply', () => {
    const h = harness();
    const r = h.act({ do: 'open', ...L1 }) as { ok: boolean; files: Record<string, string> };
    expect(r.ok).toBe(true);
    expect(Object.keys(r.files)).toEqual(['start/log-agent.yaml']);
    expect(h.posted.map((m) => m.type)).toEqual(['batch', 'timeline', 'lesson', 'answer']);
    const batch = h.posted[0] as Extract<WorkerMessage, { type: 'batch' }>;
    expect(batch.batch.reset!.filter((o) => o.kind === 'Node').map((o) => o.metadata.name)).toEqual(['node-1', 'node-2', 'node-3']);
    const v = h.view();
    expect(v.status.currentStep).toBe('apply-as-is');
    expect(v.status.checks.every((c) => !c.passed && c.reason !== '')).toBe(true);
  });

  it('refuses a lesson that does not parse, with positioned diagnostics, and opens nothing', () => {
    const h = harness();
    const r = h.act({ do: 'open', path: 'x', files: { 'lesson.md': '---\nid: X\n---\n' } }) as { ok: boolean; diagnostics: { file: string; line: number }[] };
    expect(r.ok).toBe(false);
    expect(r.diagnostics.some((d) => d.file === 'lesson.yaml')).toBe(true);
    expect(h.posted.some((m) => m.type === 'lesson')).toBe(false);
    expect(() => h.act({ do: 'next' })).toThrow(/no lesson is open/);
  });

  it('gates the Run on the prediction, then runs the learner commands through the run until the checks pass', () => {
    const h = harness();
    h.act({ do: 'open', ...L1 });
    expect(h.act({ do: 'run-step' })).toEqual({ error: 'answer the prediction first' });
    expect(h.act({ do: 'answer', prediction: 'l1-predict', answer: 'The apply is rejected and nothing is created.' })).toMatchObject({ correct: true });
    const ran = h.act({ do: 'run-step' }) as { results: { command: string; exitCode: number; stderr: string }[] };
    expect(ran.results[0]!.command).toBe('kubectl apply -f start/log-agent.yaml');
    expect(ran.results[0]!.stderr).toContain('unknown field "spec.replicas"');
    expect(h.view().status.currentStep).toBe('fix');
    h.run('kubectl apply -f start/log-agent.yaml\nsim settle', { 'start/log-agent.yaml': FIXED });
    const v = h.view();
    expect(v.status.checks.find((c) => c.id === 'l1-status')).toMatchObject({ passed: true, reason: '' });
    expect(v.status.currentStep).toBe('replace');
    expect(v.progress.buffers).toEqual({ 'start/log-agent.yaml': FIXED });
    // The run's Timeline starts after the setup and logs what ran: the step's run, the apply and the settle.
    expect(h.timeline()).toMatchObject({ length: 3, position: 3, lines: ['kubectl apply -f start/log-agent.yaml', 'kubectl apply -f start/log-agent.yaml', 'sim settle'] });
  });

  it('reads progress while Play moves the clock, and logs the segment in the run', () => {
    const h = harness();
    h.act({ do: 'open', ...L1 });
    h.act({ do: 'answer', prediction: 'l1-predict', answer: 'Three pods per node.' });
    h.act({ do: 'run-step' });
    h.run('kubectl apply -f start/log-agent.yaml', { 'start/log-agent.yaml': FIXED });
    expect(h.view().status.checks.find((c) => c.id === 'l1-status')!.passed).toBe(false);
    h.host.handle({ id: 100, type: 'play', speed: 'settle' });
    for (let i = 0; i < 50 && h.ticker.waiting > 0; i++) h.ticker.advance(16);
    expect(h.view().status.checks.find((c) => c.id === 'l1-status')!.passed).toBe(true);
    expect(h.view().status.currentStep).toBe('replace');
    expect(h.view().progress.log.at(-1)).toMatchObject({ exec: expect.stringMatching(/^sim advance /) });
  });

  it('Solve runs the solution command by command to done; Reset keeps the learner buffers restorable', () => {
    const h = harness();
    h.act({ do: 'open', ...L1 });
    h.run('kubectl apply -f start/log-agent.yaml', { 'start/log-agent.yaml': `${FIXED}# mine\n` });
    h.act({ do: 'solve-begin' });
    let commands = 0;
    for (;;) {
      const r = h.act({ do: 'solve-next' }) as { finished: boolean; result?: { command: string } };
      if (r.finished) break;
      if (r.result) commands++;
    }
    expect(commands).toBeGreaterThan(3);
    expect(h.view().status).toMatchObject({ done: true, completed: true, solved: true });
    expect(h.view().restorable).toBe(true);
    const reset = h.act({ do: 'reset' }) as { files: Record<string, string> };
    expect(reset.files['start/log-agent.yaml']).toBe(START);
    expect(h.view().status).toMatchObject({ done: false, completed: true, currentStep: 'apply-as-is' });
    const back = h.act({ do: 'restore' }) as { files: Record<string, string> };
    expect(back.files['start/log-agent.yaml']).toBe(`${FIXED}# mine\n`);
  });

  it('resumes from saved progress with the steps done still done, and a new cluster closes the lesson', () => {
    const h = harness();
    h.act({ do: 'open', ...L1 });
    h.act({ do: 'answer', prediction: 'l1-predict', answer: 'Three pods per node.' });
    h.act({ do: 'run-step' });
    const saved = h.view().progress;
    const again = harness();
    again.act({ do: 'open', ...L1, progress: saved });
    expect(again.view().status.steps[0]).toMatchObject({ id: 'apply-as-is', done: true });
    expect(again.view().status.predictions[0]!.answered).toMatchObject({ correct: false });
    again.host.handle({ id: 50, type: 'load', log: { format: 1, engine: 'x', seed: 1, commands: [] } });
    expect(() => again.act({ do: 'hint' })).toThrow(/no lesson is open/);
  });

  it('rewinds the run itself: the checks read the moment shown, and a step once done stays done', () => {
    const h = harness();
    fixed(h);
    h.host.handle({ id: 60, type: 'rewind', to: 1 });
    const v = h.view();
    expect(v.status.checks.find((c) => c.id === 'l1-status')!.passed).toBe(false);
    expect(v.status.steps.filter((s) => s.done).map((s) => s.id)).toEqual(['apply-as-is', 'fix']);
    expect(v.progress.stepsDone).toEqual(['apply-as-is', 'fix']);
    expect(v.progress.log).toEqual([{ run: 'apply-as-is', files: { 'start/log-agent.yaml': START } }]);
  });

  it('after a rewind, the checks read the events of the branch shown and a Run cut off shows as not ran', () => {
    const h = harness();
    fixed(h);
    h.run('sim checkpoint fixed');
    h.run('kubectl delete pod -l app=log-agent --field-selector spec.nodeName=node-2\nsim settle');
    const replaced = () => h.view().status.checks.find((c) => c.id === 'l1-replaced')!;
    expect(replaced().passed).toBe(true);
    h.run('sim rewind fixed');
    // The replacement pod's SuccessfulCreate happened on the branch left behind.
    expect(replaced()).toMatchObject({ passed: false, reason: expect.stringMatching(/^3 Normal SuccessfulCreate events /) });
    const step = () => h.view().status.steps.find((s) => s.id === 'apply-as-is')!;
    expect(step()).toMatchObject({ ran: true, done: true });
    h.host.handle({ id: 80, type: 'rewind', to: 0 });
    expect(step()).toMatchObject({ ran: false, done: true });
    // Back to the newest moment of the branch spanned, where the run's command is again.
    h.host.handle({ id: 81, type: 'rewind', to: h.timeline().length });
    expect(step().ran).toBe(true);
    expect(replaced().passed).toBe(true);
  });

  it('after a rewind and a new command, the progress holds only the branch shown: a reload gives the same cluster', () => {
    const h = harness();
    fixed(h);
    expect(h.run('sim checkpoint fixed')).toMatchObject({ type: 'results', results: [{ exitCode: 0 }] });
    h.run('kubectl delete pod -l app=log-agent --field-selector spec.nodeName=node-2\nsim settle');
    expect(h.run('sim rewind fixed')).toMatchObject({ type: 'results', results: [{ exitCode: 0, stdout: expect.stringMatching(/^rewound to /) }] });
    // The scrubber shows where the rewind went, over the branch it left (issue 7).
    expect(h.timeline()).toMatchObject({ length: 5, position: 3, branches: [] });
    h.run('sim advance 1m');
    expect(h.timeline()).toMatchObject({ length: 4, position: 4, branches: [{ length: 5, last: 'sim settle' }] });
    const before = h.pods();
    const saved = h.view().progress;
    expect(saved.log.map((e) => ('exec' in e ? e.exec : 'run' in e ? `run ${e.run}` : JSON.stringify(e)))).toEqual([
      'run apply-as-is',
      'kubectl apply -f start/log-agent.yaml',
      'sim settle',
      'sim advance 1m',
      'kubectl get pods -o json',
    ]);
    const again = harness();
    again.act({ do: 'open', ...L1, progress: saved });
    expect(again.pods()).toBe(before);
    // Deleting the pod finished step "replace" on the branch left behind; it stays done.
    expect(saved.stepsDone).toEqual(['apply-as-is', 'fix', 'replace']);
    expect(again.view().status.steps.filter((s) => s.done).map((s) => s.id)).toEqual(saved.stepsDone);
  });

  it('keeps a command a rewind cut short, and a branch switched to, so a reload shows the same moment', () => {
    const h = harness();
    fixed(h);
    const now = h.stdout('sim advance 40s').match(/^now (\S+)/)![1]!;
    const mid = new Date(Date.parse(now) - 25_000).toISOString().replace('.000Z', 'Z');
    h.run(`sim rewind --to ${mid}`);
    expect(h.timeline()).toMatchObject({ length: 4, position: 4, partial: true });
    const cut = h.pods();
    const saved = h.view().progress;
    expect(saved.log.at(-2)).toMatchObject({ exec: 'sim advance 40s', until: Date.parse(mid) });
    const again = harness();
    again.act({ do: 'open', ...L1, progress: saved });
    expect(again.pods()).toBe(cut);

    h.host.handle({ id: 70, type: 'rewind', to: 2 });
    h.run('sim advance 5s');
    h.host.handle({ id: 71, type: 'branch', index: 0 });
    const switched = h.pods();
    const third = harness();
    third.act({ do: 'open', ...L1, progress: h.view().progress });
    expect(third.pods()).toBe(switched);
  });
});

/** L1 with its prediction answered, the step's run done and the fixed file applied and settled (step "fix" done). */
function fixed(h: ReturnType<typeof harness>): void {
  h.act({ do: 'open', ...L1 });
  h.act({ do: 'answer', prediction: 'l1-predict', answer: 'Three pods per node.' });
  h.act({ do: 'run-step' });
  h.run('kubectl apply -f start/log-agent.yaml\nsim settle', { 'start/log-agent.yaml': FIXED });
  expect(h.view().status.currentStep).toBe('replace');
}
