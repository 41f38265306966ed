/**
 * One editor tab: a file name, its text and its editor machine (clean, dirty, invalid,
 * applying). The machine checks the text through the worker's `validate` query and applies it
 * with `kubectl apply -f NAME`, the file handed to the worker with the command.
 */
import { createActor, fromPromise, type Actor } from 'xstate';
import type { FileDiagnostic } from '../../kubectl/apply/diagnose.js';
import { editorMachine, errorCount, stateName, type EditorStateName } from '../../machines/editor.js';
import { statePath } from '../lifecycle/page-machines.js';
import { ActorState } from '../playground/actor-state.svelte.js';
import { VALIDATE_QUERY, type EditorHost, type RunResult, type ValidateArgs } from './host.js';

/** True when every command of a run exited 0. */
export function succeeded(result: RunResult): boolean {
  return Array.isArray(result) && result.every((r) => r.exitCode === 0);
}

export class EditorTab {
  name = $state('');
  private readonly machine: ActorState<Actor<typeof editorMachine>>;

  constructor(name: string, text: string, private readonly host: EditorHost, applied?: string) {
    this.name = name;
    const machine = editorMachine.provide({
      actors: {
        // The first check waits for the session to load: asked earlier, it would be answered
        // against the worker's empty cluster, and the worker (serving requests in order) would
        // load the checker's chunk before it draws the first picture.
        validate: fromPromise(async ({ input }: { input: { text: string } }) => {
          await host.cluster.loaded;
          return host.query<readonly FileDiagnostic[]>(VALIDATE_QUERY, { name: this.name, text: input.text } satisfies ValidateArgs);
        }),
        apply: fromPromise(async ({ input }: { input: { text: string } }) => {
          const files = { ...host.files, [this.name]: input.text };
          return { ok: succeeded(await host.run(`kubectl apply -f ${this.name}`, { files, source: 'editor' })) };
        }),
      },
    });
    this.machine = new ActorState(createActor(machine, { input: { text, ...(applied !== undefined ? { applied } : {}) } }));
    this.machine.actor.start();
  }

  private get snapshot() {
    return this.machine.snapshot;
  }

  get text(): string {
    return this.snapshot.context.text;
  }

  /** The text last applied successfully, if any (kept with the tab across reloads). */
  get applied(): string | undefined {
    return this.snapshot.context.applied;
  }

  /** The machine's atomic state path (`idle.dirty`), as the lifecycle view names states. */
  get path(): string {
    return statePath(this.snapshot.value);
  }

  get state(): EditorStateName {
    return stateName(this.snapshot.value);
  }

  get diagnostics(): readonly FileDiagnostic[] {
    return this.snapshot.context.diagnostics;
  }

  get errors(): number {
    return errorCount(this.snapshot.context);
  }

  /** Changes not yet applied (what closing the tab would lose from the cluster's view). */
  get unapplied(): boolean {
    return this.snapshot.context.applied !== this.snapshot.context.text;
  }

  edit(text: string): void {
    if (text !== this.text) this.machine.actor.send({ type: 'EDIT', text });
  }

  apply(): void {
    this.machine.actor.send({ type: 'APPLY' });
  }

  /** The cluster changed: check the text again (debounced by the machine). */
  revalidate(): void {
    this.machine.actor.send({ type: 'REVALIDATE' });
  }

  stop(): void {
    this.machine.actor.stop();
  }
}
