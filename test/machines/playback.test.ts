/** The time bar's machine: Play toggles, Step waits for its command, the Timeline rewinds and returns. */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { playback } from '../../src/machines/playback.js';

function actor(step: () => Promise<void> = async () => {}) {
  const calls: string[] = [];
  const a = createActor(
    playback.provide({
      actions: {
        startClock: ({ context }) => void calls.push(`start ${context.speed}`),
        stopClock: () => void calls.push('stop'),
        rewind: (_, params) => void calls.push(`rewind ${params.to}`),
        returnToHead: () => void calls.push('head'),
      },
      actors: { step: fromPromise<void, { wave: boolean }>(async ({ input }) => (calls.push(`step ${input.wave}`), step())) },
    }),
  ).start();
  return { a, calls, state: () => a.getSnapshot().value };
}

describe('playback machine', () => {
  it('starts paused; one toggle plays, the next pauses, and the clock follows', () => {
    const m = actor();
    expect(m.state()).toBe('Paused');
    m.a.send({ type: 'TOGGLE' });
    expect(m.state()).toBe('Playing');
    m.a.send({ type: 'SPEED', speed: 10 });
    m.a.send({ type: 'TOGGLE' });
    expect(m.state()).toBe('Paused');
    expect(m.calls).toEqual(['start 1', 'stop', 'start 10', 'stop']);
  });

  it('keeps a speed chosen while paused, and pauses when the worker settled', () => {
    const m = actor();
    m.a.send({ type: 'SPEED', speed: 'settle' });
    expect(m.calls).toEqual([]);
    m.a.send({ type: 'TOGGLE' });
    m.a.send({ type: 'SETTLED' });
    expect(m.state()).toBe('Paused');
    expect(m.calls).toEqual(['start settle', 'stop']);
  });

  it('steps from Playing by ending the segment first, and waits in Stepping until the step answered', async () => {
    let finish: () => void = () => {};
    const m = actor(() => new Promise<void>((resolve) => (finish = resolve)));
    m.a.send({ type: 'TOGGLE' });
    m.a.send({ type: 'STEP', wave: true });
    expect(m.state()).toBe('Stepping');
    m.a.send({ type: 'TOGGLE' });
    expect(m.state()).toBe('Stepping');
    await Promise.resolve();
    finish();
    await new Promise((r) => setTimeout(r, 0));
    expect(m.state()).toBe('Paused');
    expect(m.calls).toEqual(['start 1', 'stop', 'step true']);
  });

  it('is Rewound where a sim rewind typed in the terminal went, from Paused or Playing, rewinding nothing again', () => {
    const m = actor();
    m.a.send({ type: 'REWOUND', to: 2 });
    expect(m.state()).toBe('Rewound');
    expect(m.a.getSnapshot().context.at).toBe(2);
    m.a.send({ type: 'REWOUND', to: 1 });
    expect(m.a.getSnapshot().context.at).toBe(1);
    m.a.send({ type: 'HEAD' });
    expect(m.state()).toBe('Paused');
    m.a.send({ type: 'TOGGLE' });
    m.a.send({ type: 'REWOUND', to: 0 });
    expect(m.state()).toBe('Rewound');
    expect(m.calls).toEqual(['head', 'start 1', 'stop']);
  });

  it('rewinds on the Timeline, moves within the past, and leaves it by returning, a command or Play', () => {
    const m = actor();
    m.a.send({ type: 'SCRUB', to: 3 });
    expect(m.state()).toBe('Rewound');
    expect(m.a.getSnapshot().context.at).toBe(3);
    m.a.send({ type: 'SCRUB', to: 1 });
    expect(m.a.getSnapshot().context.at).toBe(1);
    m.a.send({ type: 'HEAD' });
    expect(m.state()).toBe('Paused');
    expect(m.a.getSnapshot().context.at).toBeUndefined();
    m.a.send({ type: 'SCRUB', to: 2 });
    m.a.send({ type: 'COMMAND' });
    expect(m.state()).toBe('Paused');
    m.a.send({ type: 'COMMAND' });
    expect(m.state()).toBe('Paused');
    m.a.send({ type: 'SCRUB', to: 0 });
    m.a.send({ type: 'TOGGLE' });
    expect(m.state()).toBe('Playing');
    expect(m.calls).toEqual(['rewind 3', 'rewind 1', 'head', 'rewind 2', 'rewind 0', 'start 1']);
  });
});
