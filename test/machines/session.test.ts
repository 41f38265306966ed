/** The session root: load, then ready; a new cluster asks first and keeps the old one; failures show. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { session, type SessionSource } from '../../src/machines/session.js';

function actor(load: (preset: SessionSource | undefined) => Promise<void>) {
  const calls: string[] = [];
  const a = createActor(
    session.provide({
      actions: { keepPrevious: () => void calls.push('keep') },
      actors: { load: fromPromise<void, { preset: SessionSource | undefined }>(async ({ input }) => (calls.push(`load ${input.preset}`), load(input.preset))) },
    }),
  ).start();
  return { a, calls };
}

describe('session machine', () => {
  it('loads the saved session first, then asks before a new cluster replaces it', async () => {
    const m = actor(async () => {});
    await waitFor(m.a, (s) => s.matches('Ready'));
    m.a.send({ type: 'NEW_CLUSTER', preset: 'nodes-100' });
    expect(m.a.getSnapshot().value).toBe('Confirming');
    m.a.send({ type: 'CANCEL' });
    expect(m.a.getSnapshot().value).toBe('Ready');
    m.a.send({ type: 'NEW_CLUSTER', preset: 'empty' });
    m.a.send({ type: 'CONFIRM' });
    await waitFor(m.a, (s) => s.matches('Ready'));
    expect(m.calls).toEqual(['load undefined', 'keep', 'load empty']);
    expect(m.a.getSnapshot().context.preset).toBeUndefined();
  });

  it('shows what failed, from a load or a crash, and loads again on reload', async () => {
    let fail = true;
    const m = actor(async () => {
      if (fail) throw new Error('this session log has format 9; this page reads format 1');
    });
    await waitFor(m.a, (s) => s.matches('Failed'));
    expect(m.a.getSnapshot().context.error).toBe('this session log has format 9; this page reads format 1');
    fail = false;
    m.a.send({ type: 'RELOAD' });
    await waitFor(m.a, (s) => s.matches('Ready'));
    expect(m.a.getSnapshot().context.error).toBeUndefined();
    m.a.send({ type: 'CRASH', error: 'the engine worker failed: boom' });
    expect(m.a.getSnapshot()).toMatchObject({ value: 'Failed', context: { error: 'the engine worker failed: boom' } });
  });
});
