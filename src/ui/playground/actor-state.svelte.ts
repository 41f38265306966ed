/**
 * A runes bridge to an xstate actor: reading `snapshot` in a component or derivation re-runs it
 * when the actor's snapshot changes. Built on Svelte's `createSubscriber` rather than
 * @xstate/svelte, which resolves to CommonJS under vitest and loads a second svelte.
 */
import { createSubscriber } from 'svelte/reactivity';
import type { AnyActorRef, SnapshotFrom } from 'xstate';

export class ActorState<A extends AnyActorRef> {
  private readonly subscribe: () => void;

  constructor(readonly actor: A) {
    this.subscribe = createSubscriber((update) => {
      const sub = actor.subscribe(() => update());
      return () => sub.unsubscribe();
    });
  }

  get snapshot(): SnapshotFrom<A> {
    this.subscribe();
    return this.actor.getSnapshot() as SnapshotFrom<A>;
  }
}
