/**
 * The lifecycle of the selected pod or node: the state its driver records (the `lifecycle`
 * query), asked when the selection changes and again after each batch whose diffs touch the
 * object, so the trail is the path it took while selected.
 */
import type { TransitionTable } from '../../sim/machines/table.js';
import type { LifecycleState } from '../worker/queries/lifecycle.js';
import type { DiffBatch } from '../playground/live-cluster.svelte.js';
import type { Playground, Selection } from '../playground/playground.svelte.js';
import { extendTrail } from './page-machines.js';

export class LifecycleTrail {
  machine = $state<'pod' | 'node' | undefined>();
  /** The machine's transition table, as the worker sent it. */
  table = $state.raw<TransitionTable | undefined>();
  visited = $state<string[]>([]);
  private key = '';

  constructor(private readonly playground: Playground) {}

  /** Starts a new trail for `sel` (or clears it). */
  follow(sel: Selection | undefined): void {
    this.key = sel ? `${sel.kind}/${sel.namespace ?? 'default'}/${sel.name}` : '';
    this.visited = [];
    this.machine = sel ? (sel.kind === 'Pod' ? 'pod' : 'node') : undefined;
    this.table = undefined;
    if (sel) this.ask(sel);
  }

  /** Asks again when the batch changed the followed object. */
  onBatch(b: DiffBatch, sel: Selection | undefined): void {
    if (!sel || !this.key) return;
    const ns = sel.kind === 'Pod' ? (sel.namespace ?? 'default') : undefined;
    const hit = (o: { kind: string; metadata: { name: string; namespace?: string } }) => o.kind === sel.kind && o.metadata.name === sel.name && (ns === undefined || o.metadata.namespace === ns);
    const touched = b.reset !== undefined || b.entries.some((e) => e.diff.added.some(hit) || e.diff.removed.some(hit) || e.diff.updated.some(([, o]) => hit(o)));
    if (touched) this.ask(sel);
  }

  private ask(sel: Selection): void {
    const key = this.key;
    void this.playground
      .query<LifecycleState | { error: string }>('lifecycle', { kind: sel.kind, name: sel.name, ...(sel.namespace ? { namespace: sel.namespace } : {}) })
      .then((r) => {
        // answers come in the order asked; one for an earlier selection is dropped
        if (key !== this.key || 'error' in r) return;
        this.machine = r.machine;
        this.table = r.table;
        this.visited = [...extendTrail(this.visited, r.state)];
      })
      .catch(() => undefined);
  }
}
