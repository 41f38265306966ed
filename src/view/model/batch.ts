/**
 * What the picture is fed: the objects of a fresh state (`reset`) and the engine's diffs since the
 * last batch, in order. The page's `DiffBatch` (the worker's stream) has this shape; the view
 * layer names only the part it reads, so it stays independent of the page's classes.
 */
import type { ApiObject } from '../../sim/api/types.js';
import type { EngineFacts } from './facts.js';

/**
 * One engine pass's changes as the page reads them: the store's `Diff` (added, updated as (from,
 * to), removed), of which nothing on the page reads an update's old side (`from`), so the worker
 * leaves it out of its batches (undefined there). As the worker posts it, an update may also name
 * the parts of `to` the page already holds (`held`, paths into it, left undefined in the message:
 * ui/worker/batch-entries.ts); the page's LiveCluster fills them in before any reader sees the
 * batch, so a reader always gets whole objects.
 */
export interface PageDiff {
  readonly added: readonly ApiObject[];
  readonly updated: readonly (readonly [from: ApiObject | undefined, to: ApiObject, held?: readonly (readonly string[])[]])[];
  readonly removed: readonly ApiObject[];
}

export interface ViewBatch {
  /** Every object, when the whole state was replaced (start, reset, rewind). */
  readonly reset?: readonly ApiObject[];
  /**
   * With `reset`, after a move on the timeline (the page's LiveCluster, ui/playground): how
   * `reset` differs from the objects of the previous batch, Events apart. Removed objects and
   * updates' old sides are the previous versions; an update keeps its uid (another uid under the
   * same name is a removal and an addition), and removals apply before additions, as uids are
   * reused across the timeline's branches. A reader that kept its state applies these instead
   * of rebuilding from every object.
   */
  readonly changes?: PageDiff;
  /**
   * The engine facts of the moment the batch shows (the worker's `pictureFacts` answer), so the
   * picture never shows a moment's objects with another moment's facts. The worker sends them
   * with every reset and after each command; a batch without them (a Play frame, the page's own
   * first reset) keeps the last ones until the page's next question is answered.
   */
  readonly facts?: EngineFacts;
  /** The engine passes since the previous batch, oldest first. */
  readonly entries: readonly { readonly diff: PageDiff }[];
  /** Virtual time after the batch (ms since the Unix epoch). */
  readonly now: number;
}
