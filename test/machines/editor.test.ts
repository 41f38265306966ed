import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { FileDiagnostic } from '../../src/kubectl/apply/diagnose.js';
import { CHECK_DEBOUNCE_MS, editorMachine, errorCount, stateName, type ApplyOutcome } from '../../src/machines/editor.js';

const ERROR: FileDiagnostic = { severity: 'error', message: 'unknown field "spec.replicas"', line: 6, column: 3, endLine: 6, endColumn: 11 };
const WARNING: FileDiagnostic = { ...ERROR, severity: 'warning', message: 'duplicate field "spec.x"' };

/** A promise the test settles by hand, so each step of the machine is observed. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets settled promises deliver their done events. */
const flush = () => new Promise((r) => setTimeout(r, 0));

function harness(input: { text: string; applied?: string }, findings: (text: string) => readonly FileDiagnostic[] = () => []) {
  const clock = new SimulatedClock();
  const checked: string[] = [];
  const applies: { text: string; done: ReturnType<typeof deferred<ApplyOutcome>> }[] = [];
  const machine = editorMachine.provide({
    actors: {
      validate: fromPromise(async ({ input: i }: { input: { text: string } }) => {
        checked.push(i.text);
        return findings(i.text);
      }),
      apply: fromPromise(({ input: i }: { input: { text: string } }) => {
        const done = deferred<ApplyOutcome>();
        applies.push({ text: i.text, done });
        return done.promise;
      }),
    },
  });
  const actor = createActor(machine, { input, clock }).start();
  const state = () => stateName(actor.getSnapshot().value);
  const settle = async () => {
    clock.increment(CHECK_DEBOUNCE_MS);
    await flush();
  };
  return { actor, clock, checked, applies, state, settle };
}

describe('editor machine', () => {
  it('starts dirty for a file never applied and clean for one that was', () => {
    expect(harness({ text: 'a' }).state()).toBe('dirty');
    expect(harness({ text: 'a', applied: 'a' }).state()).toBe('clean');
  });

  it('checks the text once typing pauses, the latest text only', async () => {
    const h = harness({ text: 'a' });
    h.actor.send({ type: 'EDIT', text: 'ab' });
    h.clock.increment(CHECK_DEBOUNCE_MS - 1);
    h.actor.send({ type: 'EDIT', text: 'abc' });
    h.clock.increment(CHECK_DEBOUNCE_MS - 1);
    await flush();
    expect(h.checked).toEqual([]);
    await h.settle();
    expect(h.checked).toEqual(['abc']);
    expect(h.actor.getSnapshot().context.checked).toBe('abc');
  });

  it('turns invalid with the count of errors (not warnings), and back when fixed', async () => {
    const h = harness({ text: 'ok' }, (t) => (t.includes('replicas') ? [ERROR, ERROR, WARNING] : [WARNING]));
    h.actor.send({ type: 'EDIT', text: 'replicas: 3' });
    expect(h.state()).toBe('dirty');
    await h.settle();
    expect(h.state()).toBe('invalid');
    expect(errorCount(h.actor.getSnapshot().context)).toBe(2);
    h.actor.send({ type: 'EDIT', text: 'fixed' });
    expect(h.state()).toBe('invalid'); // the old findings stand until the new text is checked
    await h.settle();
    expect(h.state()).toBe('dirty');
    expect(h.actor.getSnapshot().context.diagnostics).toEqual([WARNING]);
  });

  it('drops a check still running when the text changes', async () => {
    const slow = deferred<readonly FileDiagnostic[]>();
    const clock = new SimulatedClock();
    const machine = editorMachine.provide({ actors: { validate: fromPromise(() => slow.promise) } });
    const actor = createActor(machine, { input: { text: 'bad' }, clock }).start();
    clock.increment(CHECK_DEBOUNCE_MS);
    actor.send({ type: 'EDIT', text: 'good' });
    slow.resolve([ERROR]);
    await flush();
    expect(stateName(actor.getSnapshot().value)).toBe('dirty');
    expect(actor.getSnapshot().context.diagnostics).toEqual([]);
  });

  it('keeps the last findings when a check fails', async () => {
    let fail = false;
    const h = harness({ text: 'bad' }, () => {
      if (fail) throw new Error('worker gone');
      return [ERROR];
    });
    await h.settle();
    fail = true;
    h.actor.send({ type: 'EDIT', text: 'bad!' });
    await h.settle();
    expect(h.state()).toBe('invalid');
    expect(h.actor.getSnapshot().context).toMatchObject({ diagnostics: [ERROR], checked: 'bad', checking: undefined });
  });

  it('applies the text as it was when Apply was pressed, and is clean after', async () => {
    const h = harness({ text: 'v1' });
    h.actor.send({ type: 'APPLY' });
    expect(h.state()).toBe('applying');
    h.actor.send({ type: 'APPLY' }); // a second press while applying does nothing
    expect(h.applies.map((a) => a.text)).toEqual(['v1']);
    h.applies[0]!.done.resolve({ ok: true });
    await flush();
    expect(h.state()).toBe('clean');
    expect(h.actor.getSnapshot().context.applied).toBe('v1');
  });

  it('keeps edits made while applying: dirty afterwards, the sent text counts as applied', async () => {
    const h = harness({ text: 'v1' });
    h.actor.send({ type: 'APPLY' });
    h.actor.send({ type: 'EDIT', text: 'v2' });
    expect(h.state()).toBe('applying');
    h.applies[0]!.done.resolve({ ok: true });
    await flush();
    expect(h.state()).toBe('dirty');
    expect(h.actor.getSnapshot().context).toMatchObject({ text: 'v2', applied: 'v1' });
    h.actor.send({ type: 'EDIT', text: 'v1' });
    expect(h.state()).toBe('clean');
  });

  it('stays dirty when kubectl apply failed, and after an error in the apply actor', async () => {
    const h = harness({ text: 'v1' });
    h.actor.send({ type: 'APPLY' });
    h.applies[0]!.done.resolve({ ok: false });
    await flush();
    expect(h.state()).toBe('dirty');
    h.actor.send({ type: 'APPLY' });
    h.applies[1]!.done.reject(new Error('worker gone'));
    await flush();
    expect(h.state()).toBe('dirty');
    expect(h.actor.getSnapshot().context.applied).toBeUndefined();
  });

  it('allows Apply while invalid (kubectl reports the invalid documents)', async () => {
    const h = harness({ text: 'bad' }, () => [ERROR]);
    await h.settle();
    expect(h.state()).toBe('invalid');
    h.actor.send({ type: 'APPLY' });
    expect(h.state()).toBe('applying');
  });

  it('checks again after an Apply and when the cluster changed (REVALIDATE)', async () => {
    const h = harness({ text: 'v1' });
    await h.settle();
    h.actor.send({ type: 'APPLY' });
    h.applies[0]!.done.resolve({ ok: true });
    await flush();
    await h.settle();
    h.actor.send({ type: 'REVALIDATE' });
    await h.settle();
    expect(h.checked).toEqual(['v1', 'v1', 'v1']);
  });
});
