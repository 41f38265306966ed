/**
 * LessonRun: steps finish in order and stay finished, predictions gate a step's run, hints come
 * one at a time, Solve and Reset keep the learner's buffers restorable, and progress resumes.
 */
import { describe, expect, it } from 'vitest';
import { LessonRun } from '../../src/tutorial/run.js';
import { AGENT, HEAD, lesson, YAML } from './fixture.js';

const STEPS = `${HEAD}steps:
  - id: apply
    title: Apply
    text: Apply it.
    run: |
      kubectl apply -f start/agent.yaml
      sim settle
  - id: update
    title: Update
    text: Set 1.1 and apply.
    solution: |
      kubectl apply -f solution/agent.yaml
      kubectl rollout status ds/agent
    checks: [updated]
  - id: read
    title: Read
    text: Read the history.
checks:
  - id: guess
    kind: prediction
    step: apply
    question: How many pods?
    numeric: true
    answer: 2
    explain: One per node.
  - id: updated
    kind: podsOnNodes
    selector: app=agent
    image: registry.example/agent:1.1
    nodes: {node-1: 1, node-2: 1}
    ready: true
    hint: Set the image to 1.1.
  - id: one-at-a-time
    kind: invariant
    window: {from: step:update, until: rolloutComplete(agent)}
    always: 'ds(agent).status.numberUnavailable <= 1'
    sometimes: 'ds(agent).status.numberUnavailable == 1'
    hint: Keep the default strategy.
hints:
  - level: nudge
    text: Which field names the version?
  - level: pointer
    text: The image.
    step: update
  - level: answer
    text: kubectl set image ds/agent agent=registry.example/agent:1.1
`;

const V11 = AGENT.replace('agent:1.0', 'agent:1.1');
const files = { 'lesson.yaml': STEPS, 'solution/agent.yaml': V11 };

describe('LessonRun', () => {
  it('gates the run on the prediction, finishes steps in order and keeps them finished', () => {
    const run = new LessonRun(lesson(files));
    expect(run.status().currentStep).toBe('apply');
    expect(run.runStep()).toEqual({ error: 'answer the prediction first' });
    expect(run.answer('guess', 3)).toEqual({ correct: false, explain: 'One per node.' });
    expect(run.runStep()).toHaveLength(2);
    expect(run.answer('guess', 2)).toEqual({ error: 'step "apply" has already run' });
    expect(run.status().currentStep).toBe('update');
    expect(run.status().checks.find((c) => c.id === 'updated')).toMatchObject({ passed: false, reason: '0 of 2 nodes have 1 agent pod of registry.example/agent:1.1; node-1 and node-2 have none' });
    run.setBuffer('start/agent.yaml', V11);
    run.exec('kubectl apply -f start/agent.yaml');
    run.exec('kubectl rollout status ds/agent');
    expect(run.status().steps.map((s) => [s.id, s.done])).toEqual([['apply', true], ['update', true], ['read', false]]);
    expect(run.status().checks.map((c) => c.passed)).toEqual([true, true]);
    // Exploring afterwards never un-finishes a step.
    run.exec('kubectl delete ds agent');
    expect(run.status().steps.find((s) => s.id === 'update')!.done).toBe(true);
    expect(run.status().checks.find((c) => c.id === 'updated')!.passed).toBe(false);
  });

  it('is done when every step is done and every check passes together', () => {
    const run = new LessonRun(lesson(files));
    run.solve();
    const s = run.status();
    expect([s.done, s.completed, s.solved, s.currentStep]).toEqual([true, true, true, undefined]);
    expect(run.files().get('start/agent.yaml')).toBe(V11);
  });

  it('offers hints in order, a step hint only on its step', () => {
    const run = new LessonRun(lesson(files));
    expect(run.showHint()?.text).toBe('Which field names the version?');
    expect(run.hints().more).toBe(true);
    expect(run.showHint()?.level).toBe('answer');
    expect(run.showHint()).toBeUndefined();
  });

  it('unlocks workshop hints with time', () => {
    const yaml = YAML.replace('kind: lesson', 'kind: workshop').replace('  - level: answer\n', '  - level: answer\n    afterMinutes: 5\n');
    const md = `---\nid: W9\ntitle: W\ntrack: tests\nminutes: 10\ntimeBox: 10\nobjectives: [o]\n---\n`;
    const run = new LessonRun(lesson({ 'lesson.yaml': yaml, 'lesson.md': md }));
    expect(run.hints(2)).toEqual({ shown: [], more: false, unlocksInMinutes: 3 });
    expect(run.showHint(2)).toBeUndefined();
    expect(run.showHint(6)?.level).toBe('answer');
  });

  it('keeps the learner buffers restorable through Solve and Reset', () => {
    const run = new LessonRun(lesson(files));
    run.setBuffer('start/agent.yaml', 'my own work');
    run.solve();
    expect(run.files().get('start/agent.yaml')).toBe(V11);
    run.reset();
    expect(run.files().get('start/agent.yaml')).toBe(AGENT);
    expect(run.status().done).toBe(false);
    expect(run.status().completed).toBe(true);
    expect(run.restoreBuffers()).toBe(true);
    expect(run.files().get('start/agent.yaml')).toBe('my own work');
  });

  it('resumes from its progress: same cluster, same steps, same answers', () => {
    const first = new LessonRun(lesson(files));
    first.answer('guess', 2);
    first.runStep();
    first.setBuffer('start/agent.yaml', V11);
    first.exec('kubectl apply -f start/agent.yaml');
    first.setBuffer('start/agent.yaml', 'edited after the apply');
    first.showHint();
    const saved = JSON.parse(JSON.stringify(first.progress()));
    const again = new LessonRun(lesson(files), saved);
    expect(again.status()).toEqual(first.status());
    expect(again.files()).toEqual(first.files());
    expect(again.clusterNow.store.list('Pod').map((p) => p.metadata.name)).toEqual(first.clusterNow.store.list('Pod').map((p) => p.metadata.name));
    expect(again.hints().shown).toHaveLength(1);
  });

  it("starts the lesson's own cluster again on New cluster, keeping what was finished and the editor text", () => {
    const run = new LessonRun(lesson(files));
    run.answer('guess', 2);
    run.runStep();
    run.setBuffer('start/agent.yaml', 'my own work');
    run.newCluster();
    expect(run.clusterNow.store.list('DaemonSet')).toEqual([]);
    expect(run.clusterNow.store.list('Node').map((n) => n.metadata.name)).toEqual(['node-1', 'node-2']);
    const s = run.status();
    expect(s.steps.map((x) => [x.id, x.done])).toEqual([['apply', true], ['update', false], ['read', false]]);
    expect(s.predictions[0]!.answered).toMatchObject({ answer: 2, correct: true });
    expect(run.files().get('start/agent.yaml')).toBe('my own work');
    const saved = JSON.parse(JSON.stringify(run.progress()));
    expect(saved).toMatchObject({ log: [], stepsDone: ['apply'] });
    expect(new LessonRun(lesson(files), saved).status()).toEqual(s);
  });

  it('records invariant violations with the values that broke them', () => {
    const run = new LessonRun(lesson(files));
    run.answer('guess', 2);
    run.runStep();
    // Deleting both pods at once breaks "at most one unavailable" during the update window.
    run.exec('kubectl delete pod -l app=agent');
    const inv = run.status().checks.find((c) => c.id === 'one-at-a-time')!;
    expect(inv.passed).toBe(false);
    expect(inv.reason).toMatch(/^it broke at \+\d+s, when numberUnavailable of daemonset\/agent was 2; Reset to try again$/);
  });
});

/** A lesson whose checks count events: what a rewind leaves behind must not count. */
const EVENTS = `${HEAD}steps:
  - id: apply
    title: Apply
    text: Apply it.
    run: |
      kubectl apply -f start/agent.yaml
  - id: wait
    title: Wait
    text: Let the images come.
    checks: [pulled]
checks:
  - id: created
    kind: eventSeen
    involvedObject: daemonset/agent
    reason: SuccessfulCreate
    minCount: 3
    hint: One per node.
  - id: pulled
    kind: eventSeen
    involvedObject: {kind: Pod, selector: app=agent}
    reason: Pulled
    minCount: 2
    hint: Wait for the pull.
hints:
  - level: answer
    text: sim advance 1m
`;

describe('LessonRun after a rewind', () => {
  const check = (run: LessonRun, id: string) => run.status().checks.find((c) => c.id === id)!;

  it('counts the events the branch shown saw: none of a branch left behind, each once after a replay', () => {
    const run = new LessonRun(lesson({ 'lesson.yaml': EVENTS }));
    run.runStep();
    expect(check(run, 'created').reason).toMatch(/^2 SuccessfulCreate events /);
    run.timeline.rewindAfter(0);
    expect(check(run, 'created').reason).toMatch(/^no SuccessfulCreate event /);
    // On a new branch with a third node, the apply makes three: the check passes on this branch only.
    run.exec('sim node add node-3');
    run.exec('sim settle');
    run.exec('kubectl apply -f start/agent.yaml');
    expect(check(run, 'created').passed).toBe(true);
    const third = run.timeline.entries;
    run.timeline.switchTo(run.timeline.branches[0]!);
    expect(check(run, 'created')).toMatchObject({ passed: false, reason: expect.stringMatching(/^2 SuccessfulCreate events /) });
    run.timeline.switchTo(third);
    expect(check(run, 'created').passed).toBe(true);
  });

  it('counts for a command a rewind cut short what it saw until the instant it stops, as a reload does', () => {
    const run = new LessonRun(lesson({ 'lesson.yaml': EVENTS }));
    run.runStep();
    const applied = run.clusterNow.now;
    run.exec('sim advance 1m');
    expect(check(run, 'pulled').passed).toBe(true);
    // The images are pulled 5s after the apply: 3s in, no pull has happened on the branch shown.
    run.timeline.rewindTo(applied + 3000);
    expect(check(run, 'pulled')).toMatchObject({ passed: false, reason: expect.stringMatching(/^no Pulled event /) });
    expect(run.status().steps.find((s) => s.id === 'wait')!.done).toBe(true);
    run.timeline.rewindTo(applied + 5000, run.timeline.branches[0]);
    expect(check(run, 'pulled').passed).toBe(true);
    const again = new LessonRun(lesson({ 'lesson.yaml': EVENTS }), JSON.parse(JSON.stringify(run.progress())));
    expect(again.status().checks).toEqual(run.status().checks);
  });

  it("shows a step's Run as ran only while the commands it made are on the branch shown; the step stays done", () => {
    const run = new LessonRun(lesson({ 'lesson.yaml': EVENTS }));
    run.runStep();
    const ran = () => run.status().steps.find((s) => s.id === 'apply')!;
    expect(ran()).toMatchObject({ ran: true, done: true });
    run.timeline.rewindAfter(0);
    expect(ran()).toMatchObject({ ran: false, done: true });
    run.timeline.switchTo(run.timeline.branches[0]!);
    expect(ran()).toMatchObject({ ran: true, done: true });
    // Solve's runs count the same way.
    run.solve();
    expect(ran().ran).toBe(true);
    run.timeline.rewindAfter(0);
    expect(ran().ran).toBe(false);
  });
});
