/**
 * A playground session's root modes, one xstate machine (drawn by the lifecycle view like the
 * others):
 *
 * - Loading: the worker is building the cluster from a session log (a first visit's starter, a
 *   restored session, or a new cluster).
 * - Ready: the playground takes commands; Play and the Timeline run (the playback machine).
 * - Confirming: the learner asked for a new cluster (or to restore the one it last replaced);
 *   the current one stays until they confirm, and is then kept restorable.
 * - Failed: the engine failed; the page shows what failed and offers the report, never a blank
 *   page. Reloading starts Loading again.
 *
 * Effects are provided by the playground: the `load` actor and `keepPrevious`.
 */
import { assign, fromPromise, setup } from 'xstate';

/** What a new cluster starts from (the "New cluster" menu). */
export type ClusterPreset = 'empty' | 'starter' | 'pools-10' | 'nodes-100' | 'nodes-1000';

/** A preset, or the session a new cluster last replaced (kept restorable). */
export type SessionSource = ClusterPreset | 'previous';

export interface SessionContext {
  /** The choice waiting for confirmation, or being loaded. */
  readonly preset: SessionSource | undefined;
  /** What failed, while Failed. */
  readonly error: string | undefined;
}

export type SessionEvent =
  /** Asks for a new cluster (or, while confirming, changes the choice). */
  | { readonly type: 'NEW_CLUSTER'; readonly preset: SessionSource }
  | { readonly type: 'CONFIRM' }
  | { readonly type: 'CANCEL' }
  /** The engine failed outside a load (a command threw, the worker died). */
  | { readonly type: 'CRASH'; readonly error: string }
  | { readonly type: 'RELOAD' };

/** The message of whatever a failed load rejected with. */
function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const session = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    /** Provided: keep the current session restorable before it is replaced. */
    keepPrevious: () => {},
    choose: assign({ preset: (_, params: { preset: SessionSource }) => params.preset }),
    clearChoice: assign({ preset: undefined }),
    fail: assign({ error: (_, params: { error: string }) => params.error }),
    clearError: assign({ error: undefined }),
  },
  actors: {
    /** Provided: loads the choice (undefined: the saved session, or the starter on a first visit). */
    load: fromPromise<void, { preset: SessionSource | undefined }>(async () => {}),
  },
}).createMachine({
  id: 'session',
  context: { preset: undefined, error: undefined },
  initial: 'Loading',
  on: {
    CRASH: { target: '.Failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
  },
  states: {
    Loading: {
      invoke: {
        src: 'load',
        input: ({ context }) => ({ preset: context.preset }),
        onDone: { target: 'Ready', actions: 'clearChoice' },
        onError: { target: 'Failed', actions: { type: 'fail', params: ({ event }) => ({ error: messageOf(event.error) }) } },
      },
    },
    Ready: {
      on: {
        NEW_CLUSTER: { target: 'Confirming', actions: { type: 'choose', params: ({ event }) => ({ preset: event.preset }) } },
      },
    },
    Confirming: {
      on: {
        NEW_CLUSTER: { actions: { type: 'choose', params: ({ event }) => ({ preset: event.preset }) } },
        CONFIRM: { target: 'Loading', actions: 'keepPrevious' },
        CANCEL: { target: 'Ready', actions: 'clearChoice' },
      },
    },
    Failed: {
      exit: 'clearError',
      on: { RELOAD: 'Loading' },
    },
  },
});
