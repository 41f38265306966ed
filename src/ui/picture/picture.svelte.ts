/**
 * The picture's state for one playground: the view model fed from the LiveCluster's batches,
 * the engine facts asked of the worker after each change (one question in flight at a time),
 * the grouping label and the search. Components read `version` to re-derive; the drawing
 * subscribes with `onChange` to redraw only what changed.
 *
 * One per playground (`pictureOf`), shared by the picture, the Nodes list and the panels.
 */
import type { ApiObject } from '../../sim/api/types.js';
import type { EngineFacts } from '../../view/model/facts.js';
import { PictureModel, type Changed } from '../../view/model/picture-model.js';
import { matchNodes } from '../../view/model/search.js';
import type { WordContext } from '../../view/model/words.js';
import type { Playground } from '../playground/playground.svelte.js';

const KINDS = ['Node', 'Pod', 'DaemonSet', 'ControllerRevision'] as const;
/**
 * Real time between two `pictureFacts` questions. The answer walks every DaemonSet's nodes in the
 * worker (its rolling-update budget is the controller's dry run over the whole fleet), so a
 * cluster playing at 60 frames a second asks a few times a second, not every frame, and the
 * worker's time goes to the engine.
 */
const FACTS_GAP_MS = 250;
const states = new WeakMap<Playground, PictureState>();

/** The picture state of a playground (made on first use). */
export function pictureOf(playground: Playground): PictureState {
  let s = states.get(playground);
  if (!s) states.set(playground, (s = new PictureState(playground)));
  return s;
}

export class PictureState {
  readonly model = new PictureModel();
  /** Bumps after every change of the model. */
  version = $state(0);
  /** Bumps when revisions change (renumbering recolours nothing, but redraws legends and marks). */
  revisionsVersion = $state(0);
  groupBy = $state('pool');
  query = $state('');
  /** Nodes matching the search; undefined without a search. */
  matches = $state<ReadonlySet<string> | undefined>();
  private readonly listeners = new Set<(c: Changed) => void>();
  private asking = false;
  private askAgain = false;
  /** When the last question went out (performance.now), and the timer of a question waiting for the gap. */
  private askedAt = -Infinity;
  private waiting: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly playground: Playground) {
    const cluster = playground.cluster;
    const reset: ApiObject[] = KINDS.flatMap((k) => [...cluster.list(k)]);
    this.changed(this.model.apply({ reset, entries: [], now: cluster.now }));
    // A batch that brings its facts (a new moment, a command's) needs no question about them.
    cluster.onBatch((b) => this.changed(this.model.apply(b), b.facts === undefined));
  }

  /** Word lookups over the model, at the given time. */
  words(now: number): WordContext {
    return { daemonSet: (uid) => this.model.daemonSet(uid), revisionOf: (p) => this.model.revisionOf(p), now };
  }

  onChange(fn: (c: Changed) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  setGroupBy(label: string): void {
    this.groupBy = label;
    this.changed(this.model.setGroupBy(label), false);
  }

  setQuery(q: string): void {
    this.query = q;
    this.matches = q.trim() === '' ? undefined : matchNodes(this.model.nodeObjects(), q);
    this.notify({ nodes: new Set(), layout: false, daemonSets: false, marks: false, revisions: false, pending: false });
  }

  private changed(c: Changed, ask = true): void {
    if (c.revisions) this.revisionsVersion += 1;
    if (this.query.trim() !== '' && (c.layout || c.nodes.size > 0)) this.matches = matchNodes(this.model.nodeObjects(), this.query);
    this.notify(c);
    if (ask && (c.nodes.size > 0 || c.daemonSets || c.pending)) this.askFacts();
  }

  private notify(c: Changed): void {
    this.version += 1;
    for (const fn of this.listeners) fn(c);
  }

  /**
   * Asks the worker for the engine facts; a change while asking asks once more afterwards, and
   * questions are at least FACTS_GAP_MS of real time apart (a later one waits for the gap: the
   * last change is always asked about). A failed question leaves the last facts in place: the
   * engine failure itself is the shell's to show (Playground.failure), and the next change asks
   * again.
   */
  private askFacts(): void {
    if (this.waiting !== undefined) return;
    if (this.asking) {
      this.askAgain = true;
      return;
    }
    const wait = this.askedAt + FACTS_GAP_MS - performance.now();
    if (wait > 0) {
      this.waiting = setTimeout(() => {
        this.waiting = undefined;
        this.askFacts();
      }, wait);
      return;
    }
    this.askedAt = performance.now();
    this.asking = true;
    this.playground
      .query<EngineFacts>('pictureFacts')
      .then((facts) => this.changed(this.model.setFacts(facts), false))
      .catch(() => undefined)
      .finally(() => {
        this.asking = false;
        if (this.askAgain) {
          this.askAgain = false;
          this.askFacts();
        }
      });
  }
}
