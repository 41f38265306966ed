/**
 * What the picture is fed: the objects of a fresh state (`reset`) and the engine's diffs since the
 * last batch, in order. The page's `DiffBatch` (the worker's stream) has this shape; the view
 * layer names only the part it reads, so it stays independent of the page's classes.
 */
import type { ApiObject } from '../../sim/api/types.js';
import type { Diff } from '../../sim/store/store.js';

export interface ViewBatch {
  /** Every object, when the whole state was replaced (start, reset, rewind). */
  readonly reset?: readonly ApiObject[];
  /** The engine passes since the previous batch, oldest first. */
  readonly entries: readonly { readonly diff: Diff }[];
  /** Virtual time after the batch (ms since the Unix epoch). */
  readonly now: number;
}
