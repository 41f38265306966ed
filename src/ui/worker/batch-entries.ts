/**
 * A command's trace entries as a batch carries them to the page (protocol.ts BatchEntry): the
 * page reads only each write's new object, and only the object an update leaves, so a batch
 * carries no more than that. A fleet's settle writes each of 5,000 Nodes twice and a pod's
 * status several times; every version, and every update's old side, was copied to the page by
 * the worker and back out of the message by the page, for nothing it shows.
 *
 * What is cut, and why the page shows exactly what it showed with every write:
 * - an update's old side (`from`): nothing on the page reads it;
 * - an update of an object that a later update in the batch writes again, with no removal of
 *   its name between them: every reader on the page (LiveCluster, the picture's object index,
 *   the events feed, the lifecycle trail) keeps the newest object by name or uid and, where it
 *   keeps an order, the order of last writes; so each object's last write is kept in its place.
 *   Additions and removals are all kept (the live region names what joined and left).
 * Then the batch's Event writes are cut to the events panel's window (events/window.ts).
 */
import type { TraceEntry } from '../../sim/engine/cluster.js';
import type { ApiObject } from '../../sim/api/types.js';
import { windowEvents } from '../events/window.js';
import type { BatchEntry } from './protocol.js';

const keyOf = (o: ApiObject): string => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** `entries` as the page reads them (see the file comment), oldest first. */
export function batchEntries(entries: readonly TraceEntry[]): BatchEntry[] {
  // Walking back from the newest write, in the order the page applies an entry (added, updated,
  // removed): an update is kept if no later update of its name came before a removal of it.
  const updatedLater = new Set<string>();
  const out: BatchEntry[] = new Array(entries.length);
  for (let i = entries.length - 1; i >= 0; i--) {
    const { seq, time, cause, diff } = entries[i]!;
    for (const o of diff.removed) updatedLater.delete(keyOf(o));
    const updated: (readonly [undefined, ApiObject])[] = [];
    for (let j = diff.updated.length - 1; j >= 0; j--) {
      const to = diff.updated[j]![1];
      const key = keyOf(to);
      if (updatedLater.has(key)) continue;
      updatedLater.add(key);
      updated.push([undefined, to]);
    }
    out[i] = { seq, time, cause, diff: { added: diff.added, updated: updated.reverse(), removed: diff.removed } };
  }
  return windowEvents(out);
}
