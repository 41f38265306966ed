/**
 * LessonRun: steps finish in order and stay finished, predictions gate a step's run, hints come
 * one at a time, Solve and Reset keep the learner's buffers restorable, and progress resumes.
 */
import { describe, expect, it } from 'vitest';
import { LessonRun } from '../../src/tutorial/run.js';
import { AGENT, lesson, YAML } from './fixture.js';

const STEPS = `format: 1
kind: lesson
setup: |
  sim node add node-1
  sim node add node-2
  sim settle
steps:
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
