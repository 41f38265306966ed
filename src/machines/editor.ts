/**
 * One editor tab (one file) as a machine: what the page shows about the file and what Apply may do.
 *
 * - idle.clean: the text is what this tab last applied successfully.
 * - idle.dirty: the text differs from it (or was never applied), and its last check found no error.
 * - idle.invalid: the last check of the text found errors (`context.diagnostics`, their count shown).
 * - idle.judging: a transient step that picks one of the three from the context, entered on
 *   every edit, finished check and Apply.
 * - applying: Apply is running `kubectl apply -f FILE`; edits are kept, Apply waits.
 *
 * Checking is debounced: every edit (or REVALIDATE, when the cluster changed under the file)
 * restarts a timer; when it fires, the `validate` actor checks the text as it is then (the
 * worker's unlogged dry run) and a check still running is dropped. Apply is allowed in every
 * state but applying: with errors, kubectl applies the valid documents and reports the others.
 * The clock and both actors are provided by the host (xstate `provide`, a SimulatedClock in tests).
 */
import { assign, enqueueActions, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from 'xstate';
import type { FileDiagnostic } from '../kubectl/apply/diagnose.js';

export interface EditorContext {
  /** The text as it is now. */
  readonly text: string;
  /** The text last applied with exit code 0, if any. */
  readonly applied: string | undefined;
  /** The text an Apply in flight sent. */
  readonly sending: string | undefined;
  /** The findings of the last finished check, and the text it checked. */
  readonly diagnostics: readonly FileDiagnostic[];
  readonly checked: string | undefined;
  /** The text the check in flight is checking. */
  readonly checking: string | undefined;
}

export interface EditorInput {
  readonly text: string;
  readonly applied?: string;
}

/** What an Apply did: `ok` when every command exited 0. */
export interface ApplyOutcome {
  readonly ok: boolean;
}

export type EditorEvent =
  | { readonly type: 'EDIT'; readonly text: string }
  | { readonly type: 'APPLY' }
  | { readonly type: 'REVALIDATE' }
  | { readonly type: 'CHECK' };

/** How long typing must pause before the text is checked. */
export const CHECK_DEBOUNCE_MS = 300;

/** The number of errors (not warnings) the last check found. */
/** The state's name without its parent: clean, dirty, invalid or applying. */
export type EditorStateName = 'clean' | 'dirty' | 'invalid' | 'applying';

export function stateName(value: SnapshotFrom<typeof editorMachine>['value']): EditorStateName {
  if (typeof value === 'string') return value;
  return value.idle === 'judging' ? 'dirty' : value.idle; // judging never lasts: only for the types
}

export const errorCount = (c: EditorContext): number => c.diagnostics.filter((d) => d.severity === 'error').length;

const CHECK_ID = 'check';
const DEBOUNCE_ID = 'debounce';

export const editorMachine = setup({
  types: {
    context: {} as EditorContext,
    events: {} as EditorEvent,
    input: {} as EditorInput,
    children: {} as { check: 'validate' },
  },
  actors: {
    validate: fromPromise<readonly FileDiagnostic[], { text: string }>(async () => []),
    apply: fromPromise<ApplyOutcome, { text: string }>(async () => ({ ok: true })),
  },
  guards: {
    hasErrors: ({ context }) => errorCount(context) > 0,
    isApplied: ({ context }) => context.applied === context.text,
  },
  actions: {
    setText: assign({ text: ({ context, event }) => (event.type === 'EDIT' ? event.text : context.text) }),
    scheduleCheck: enqueueActions(({ enqueue }) => {
      enqueue.stopChild(CHECK_ID);
      enqueue.cancel(DEBOUNCE_ID);
      enqueue.raise({ type: 'CHECK' }, { id: DEBOUNCE_ID, delay: CHECK_DEBOUNCE_MS });
    }),
    startCheck: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild(CHECK_ID);
      enqueue.assign({ checking: context.text });
      enqueue.spawnChild('validate', { id: CHECK_ID, input: { text: context.text } });
    }),
    recordCheck: assign(({ context, event }) => ({
      diagnostics: (event as unknown as DoneActorEvent<readonly FileDiagnostic[]>).output,
      checked: context.checking,
      checking: undefined,
    })),
    dropCheck: assign({ checking: undefined }),
    startApply: assign({ sending: ({ context }) => context.text }),
    markApplied: assign(({ context, event }) => ({
      applied: (event as unknown as DoneActorEvent<ApplyOutcome>).output.ok ? context.sending : context.applied,
      sending: undefined,
    })),
    dropApply: assign({ sending: undefined }),
  },
}).createMachine({
  id: 'editor',
  context: ({ input }) => ({ text: input.text, applied: input.applied, sending: undefined, diagnostics: [], checked: undefined, checking: undefined }),
  entry: 'scheduleCheck',
  initial: 'idle',
  on: {
    CHECK: { actions: 'startCheck' },
    REVALIDATE: { actions: 'scheduleCheck' },
    // a check that failed (the worker could not answer) leaves the last findings standing
    'xstate.error.actor.check': { actions: 'dropCheck' },
  },
  states: {
    idle: {
      initial: 'judging',
      on: {
        EDIT: { actions: ['setText', 'scheduleCheck'], target: '.judging' },
        APPLY: { target: 'applying' },
        'xstate.done.actor.check': { actions: 'recordCheck', target: '.judging' },
      },
      states: {
        judging: {
          always: [{ guard: 'hasErrors', target: 'invalid' }, { guard: 'isApplied', target: 'clean' }, { target: 'dirty' }],
        },
        clean: {},
        dirty: {},
        invalid: {},
      },
    },
    applying: {
      entry: 'startApply',
      invoke: {
        src: 'apply',
        input: ({ context }) => ({ text: context.text }),
        onDone: { actions: ['markApplied', 'scheduleCheck'], target: 'idle' },
        onError: { actions: ['dropApply', 'scheduleCheck'], target: 'idle' },
      },
      on: {
        EDIT: { actions: ['setText', 'scheduleCheck'] },
        'xstate.done.actor.check': { actions: 'recordCheck' },
      },
    },
  },
});
