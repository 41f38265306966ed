/**
 * A DaemonSet's revisions as the legend and the history panel show them: number, image,
 * change-cause, which one is live, and the colour slot its pods are filled with.
 *
 * - The live revision is the one with the highest number: the controller always renumbers the
 *   revision matching the current template to max+1 (`constructHistory` / `dedupCurHistories`),
 *   which is also how `kubectl rollout undo` shows up as renumbering.
 * - The colour slot is handed out once per revision, in creation order, and kept (`RevisionSlots`):
 *   a renumbered revision keeps its colour, and pruning old revisions never recolours pods.
 */
import type { ControllerRevision } from '../../sim/api/types.js';
import { HASH_LABEL } from '../../sim/controllers/daemonset/constants.js';
import { parseTime } from '../../sim/engine/time.js';
import { CHANGE_CAUSE } from '../../kubectl/print/history.js';

/** How many revision colours the palette has (`--rev-0` .. `--rev-7`). */
export const REVISION_SLOTS = 8;

export interface RevisionView {
  readonly name: string;
  readonly hash: string;
  readonly number: number;
  /** The containers' images, in template order. */
  readonly images: readonly string[];
  /** The `kubernetes.io/change-cause` annotation, if any. */
  readonly changeCause?: string;
  readonly live: boolean;
  /** Palette slot 0..REVISION_SLOTS-1. */
  readonly slot: number;
}

/** Colour slots of one DaemonSet's revisions, by hash, handed out in turn and never taken back. */
export class RevisionSlots {
  private readonly slots = new Map<string, number>();
  private next = 0;

  slotOf(hash: string): number {
    let s = this.slots.get(hash);
    if (s === undefined) {
      s = this.next++ % REVISION_SLOTS;
      this.slots.set(hash, s);
    }
    return s;
  }
}

/** The revisions of one DaemonSet, highest number first (the history panel's order). */
export function projectRevisions(revisions: Iterable<ControllerRevision>, slots: RevisionSlots): RevisionView[] {
  const byAge = [...revisions].sort((a, b) => parseTime(a.metadata.creationTimestamp) - parseTime(b.metadata.creationTimestamp) || a.metadata.name.localeCompare(b.metadata.name));
  const max = byAge.reduce((m, cr) => Math.max(m, cr.revision), -Infinity);
  return byAge
    .map((cr): RevisionView => {
      const cause = cr.metadata.annotations?.[CHANGE_CAUSE];
      const hash = cr.metadata.labels?.[HASH_LABEL] ?? cr.metadata.name;
      return {
        name: cr.metadata.name,
        hash,
        number: cr.revision,
        images: imagesOf(cr),
        ...(cause ? { changeCause: cause } : {}),
        live: cr.revision === max,
        slot: slots.slotOf(hash),
      };
    })
    .sort((a, b) => b.number - a.number);
}

function imagesOf(cr: ControllerRevision): string[] {
  const spec = (cr.data as { spec?: { template?: { spec?: { containers?: readonly { image?: string }[] } } } } | undefined)?.spec?.template?.spec;
  return (spec?.containers ?? []).map((c) => c.image ?? '');
}
