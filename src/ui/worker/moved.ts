/**
 * A move of the worker's cluster to another moment (the Timeline scrubbed, a branch switched) as
 * a batch carries it to the page: how the moment's objects differ from those the page holds,
 * rather than every object. A rewind over a 5,000-node fleet posted some 10,000 objects for the
 * page to copy out of the message, though a restored checkpoint shares every object that did not
 * change with the moment shown before it.
 *
 * What the page holds is the store as it was at the last batch (LiveCluster's invariant), so
 * the host takes the store's tables just before the move (`heldTables`, which makes the store
 * copy a table before it next writes to it, so the tables taken stay as they were), and compares
 * them with the store after it (`movedBatch`) table by table, then object by object: a table or
 * an object the move left as it was costs one comparison and is not sent. Within one history (a
 * rewind: the moment shown and the one asked for both lead into the branch the scrubber spans)
 * an object with the uid and resourceVersion the page holds is the same write of it, though a
 * replay from a checkpoint made it again as a new object: that is not sent either. Across
 * branches (a switch) the same resourceVersion can be another write, so only identity counts.
 * Events are not compared: the page holds only the events panel's window on them, so a move
 * carries the new moment's window whole (events/window.ts).
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import type { Store, StoreData } from '../../sim/store/store.js';
import type { PageDiff } from '../../view/model/batch.js';
import { newestStoredEvents } from '../events/window.js';
import { heldUpdate, type HeldLists } from './batch-entries.js';
import type { MovedBatch } from './protocol.js';

/** The store's tables of every kind as the page holds them, taken just before a move. */
export type HeldTables = StoreData['objects'];

/** The store's tables as they are now, kept as they are from here on (the store copies a table before its next write). */
export function heldTables(store: Store): HeldTables {
  return store.snapshot().objects;
}

/**
 * How the store now differs from `held` (Events apart), and its Events as the page's window
 * shows them; `sameHistory` when the move stayed within one history (see the file comment).
 */
export function movedBatch(held: HeldTables, store: Store, sameHistory: boolean): MovedBatch {
  const added: ApiObject[] = [];
  const updated: PageDiff['updated'][number][] = [];
  const removed: ApiObject[] = [];
  const lists: HeldLists = new Map();
  held.forEach((before, kind: Kind) => {
    if (kind === 'Event') return;
    const now = store.tables(kind);
    now.forEach((names, table) => {
      const was = before.get(table);
      if (was === names) return;
      names.forEach((obj, name) => {
        const old = was?.get(name);
        if (old === undefined) added.push(obj);
        else if (old !== obj && !(sameHistory && sameWrite(old, obj))) updated.push(heldUpdate(old, obj, lists));
      });
    });
    before.forEach((names, table) => {
      const is = now.get(table);
      if (is === names) return;
      names.forEach((obj, name) => {
        if (is?.has(name) !== true) removed.push(obj);
      });
    });
  });
  return { diff: { added, updated, removed }, events: newestStoredEvents(store.tables('Event')) };
}

/** Whether two versions of an object are the same write of it: one uid, one resourceVersion. */
function sameWrite(a: ApiObject, b: ApiObject): boolean {
  return a.metadata.resourceVersion === b.metadata.resourceVersion && a.metadata.uid === b.metadata.uid;
}
