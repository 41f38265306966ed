/**
 * The time bar's modes, one xstate machine: the single source of truth for what Play, Step, Next
 * wave and the Timeline do, and the definition the lifecycle view draws.
 *
 * - Paused: the clock stands still; commands run at this instant.
 * - Playing: the clock runs in the worker at `speed` (or "settle": moment to moment until
 *   nothing is pending). Leaving Playing ends the segment, which the worker logs as `sim advance D`.
 * - Stepping: a `sim step` (or `sim step --wave`) is running; the buttons wait for it.
 * - Rewound: the Timeline shows an earlier moment of the log, because it was dragged there or
 *   because a `sim rewind` typed in the terminal went there (REWOUND). Playing, stepping or
 *   running a command from here starts a branch; going back to the newest moment is Paused again.
 *
 * Effects are named here and provided by the playground (every effect is injected,
 * docs/architecture.md): `startClock`,
 * `stopClock`, `rewind`, `returnToHead` and the `step` actor.
 */
import { assign, fromPromise, setup } from 'xstate';

/** Virtual seconds per real second, or "settle": from moment to moment until nothing is pending. */
export type PlaybackSpeed = number | 'settle';

/** The speeds the time bar offers (0.5x to 50x, or until settled). */
export const SPEEDS: readonly PlaybackSpeed[] = [0.5, 1, 2, 5, 10, 50, 'settle'];

export interface PlaybackContext {
  readonly speed: PlaybackSpeed;
  /** The log position shown while Rewound (commands before it have run). */
  readonly at: number | undefined;
}

export type PlaybackEvent =
  | { readonly type: 'TOGGLE' }
  | { readonly type: 'PAUSE' }
  | { readonly type: 'SPEED'; readonly speed: PlaybackSpeed }
  | { readonly type: 'STEP'; readonly wave: boolean }
  /** The worker stopped Play by itself: nothing more is pending. */
  | { readonly type: 'SETTLED' }
  /** The Timeline moved to log position `to`. */
  | { readonly type: 'SCRUB'; readonly to: number }
  /** The Timeline returned to the newest moment. */
  | { readonly type: 'HEAD' }
  /** A command moved the Timeline to log position `to` by itself (`sim rewind` typed in the terminal). */
  | { readonly type: 'REWOUND'; readonly to: number }
  /** A command ran (terminal, editor, toolbox, lesson). */
  | { readonly type: 'COMMAND' };

/** To Rewound where a command already took the Timeline: nothing to rewind, only the position to remember. */
const rewound = {
  target: 'Rewound',
  reenter: true,
  actions: { type: 'rememberPosition', params: ({ event }: { event: PlaybackEvent }) => ({ to: event.type === 'REWOUND' ? event.to : 0 }) },
} as const;

/** To Rewound at the scrubbed position (re-entered when already there). */
function scrub(reenter: boolean) {
  const to = ({ event }: { event: PlaybackEvent }) => ({ to: event.type === 'SCRUB' ? event.to : 0 });
  return { target: 'Rewound', reenter, actions: [{ type: 'rememberPosition', params: to }, { type: 'rewind', params: to }] } as const;
}

export const playback = setup({
  types: {
    context: {} as PlaybackContext,
    events: {} as PlaybackEvent,
  },
  actions: {
    /** Provided: ask the worker to run the clock at the context's speed. */
    startClock: () => {},
    /** Provided: ask the worker to stop the clock (it logs the segment). */
    stopClock: () => {},
    /** Provided: show log position `to` (`sim rewind --to`). */
    rewind: (_, _params: { to: number }) => {},
    /** Provided: show the newest moment of the log again. */
    returnToHead: () => {},
    setSpeed: assign({ speed: (_, params: { speed: PlaybackSpeed }) => params.speed }),
    rememberPosition: assign({ at: (_, params: { to: number }) => params.to }),
    forgetPosition: assign({ at: undefined }),
  },
  actors: {
    /** Provided: runs `sim step` (`--wave` for Next wave) and resolves when it answered. */
    step: fromPromise<void, { wave: boolean }>(async () => {}),
  },
}).createMachine({
  id: 'playback',
  context: { speed: 1, at: undefined },
  initial: 'Paused',
  on: {
    SPEED: { actions: { type: 'setSpeed', params: ({ event }) => ({ speed: event.speed }) } },
  },
  states: {
    Paused: {
      on: {
        TOGGLE: 'Playing',
        STEP: 'Stepping',
        SCRUB: scrub(false),
        REWOUND: rewound,
      },
    },
    Playing: {
      entry: 'startClock',
      exit: 'stopClock',
      on: {
        TOGGLE: 'Paused',
        PAUSE: 'Paused',
        SETTLED: 'Paused',
        SPEED: { target: 'Playing', reenter: true, actions: { type: 'setSpeed', params: ({ event }) => ({ speed: event.speed }) } },
        STEP: 'Stepping',
        SCRUB: scrub(false),
        REWOUND: rewound,
      },
    },
    Stepping: {
      invoke: {
        src: 'step',
        input: ({ event }) => ({ wave: event.type === 'STEP' && event.wave }),
        onDone: 'Paused',
        onError: 'Paused',
      },
    },
    Rewound: {
      exit: 'forgetPosition',
      on: {
        SCRUB: scrub(true),
        REWOUND: rewound,
        HEAD: { target: 'Paused', actions: 'returnToHead' },
        TOGGLE: 'Playing',
        STEP: 'Stepping',
        COMMAND: 'Paused',
      },
    },
  },
});
