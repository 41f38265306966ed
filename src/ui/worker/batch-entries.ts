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
 *   Additions and removals are all kept (the live region names what joined and left);
 * - of an updated object the page holds (not an Event: the page holds only some; not one added
 *   or removed in the batch), the parts the update kept as they were (the same objects, `held`
 *   paths, two levels deep): the message carries them as undefined and LiveCluster fills
 *   them in from its own copy before any reader sees the batch. A pod's status write keeps its
 *   spec, a Node's its machine's facts.
 * Then the batch's Event writes are cut to the events panel's window (events/window.ts).
 */
import type { TraceEntry } from '../../sim/engine/cluster.js';
import type { ApiObject } from '../../sim/api/types.js';
import { keyOf } from '../../sim/store/store.js';
import { windowEvents } from '../events/window.js';
import { readAdded, type AddedReader } from '../../sim/store/pending-diff.js';
import type { BatchEntry } from './protocol.js';

type Update = BatchEntry['diff']['updated'][number];

/** A kept update's object and the version of it the page holds (undefined if it may hold none). */
interface Kept {
  readonly to: ApiObject;
  base: ApiObject | undefined;
  readonly into: Update[];
  readonly at: number;
}

/** `entries` as the page reads them (see the file comment), oldest first. */
export function batchEntries(entries: readonly TraceEntry[]): BatchEntry[] {
  // Walking back from the newest write, in the order the page applies an entry (added, updated,
  // removed): an update is kept if no later update of its name came before a removal of it; the
  // page holds the object an update kept started from unless the batch added or removed its name
  // before it (`open`: the kept update of each name, until such a write is met).
  const open = new Map<string, Map<string, Kept>>();
  const kept: Kept[] = [];
  const out: BatchEntry[] = new Array(entries.length);
  // Each pass's additions, read without making its Events: the window keeps a few hundred of them.
  const additions: AddedReader[] = new Array(entries.length);
  const close = (o: ApiObject): void => {
    const byName = open.get(o.kind);
    if (byName === undefined || byName.size === 0) return;
    const key = keyOf(o.metadata.namespace, o.metadata.name);
    const k = byName.get(key);
    if (!k) return;
    k.base = undefined;
    byName.delete(key);
  };
  for (let i = entries.length - 1; i >= 0; i--) {
    const { seq, time, cause, diff } = entries[i]!;
    for (const o of diff.removed) close(o);
    const updated: Update[] = [];
    for (let j = diff.updated.length - 1; j >= 0; j--) {
      const [from, to] = diff.updated[j]!;
      if (to.kind !== 'Event') {
        let byName = open.get(to.kind);
        if (!byName) open.set(to.kind, (byName = new Map()));
        const key = keyOf(to.metadata.namespace, to.metadata.name);
        const later = byName.get(key);
        if (later) {
          later.base = from;
          continue;
        }
        const k: Kept = { to, base: from, into: updated, at: updated.length };
        byName.set(key, k);
        kept.push(k);
      }
      updated.push([undefined, to]);
    }
    const added = (additions[i] = readAdded(diff));
    // `open` holds no Events (no update of one is kept above): only the other additions close a name.
    for (let j = 0; j < added.length; j++) if (added.kind(j) !== 'Event') close(added.at(j));
    out[i] = { seq, time, cause, diff: { added: NO_ADDITIONS, updated, removed: diff.removed } };
  }
  const lists: HeldLists = new Map();
  for (const k of kept) if (k.base) k.into[k.at] = heldUpdate(k.base, k.to, lists);
  for (const e of out) (e.diff.updated as Update[]).reverse();
  return windowEvents(out, additions);
}

/** What an entry carries as `added` until the window gives it its own list: never read. */
const NO_ADDITIONS: readonly ApiObject[] = [];

/** The `held` lists of one message by what they name: updates alike hold the same paths (every pod's status write its spec), and the message then carries one list for them all. */
export type HeldLists = Map<string, string[][]>;

/**
 * The update from `from`, the version of an object the page holds, to `to` as a message carries
 * it: `to` without the parts it shares with `from` and their paths (`held`), in a list of
 * `lists` where an update before it held the same paths; `to` whole if it shares none.
 */
export function heldUpdate(from: ApiObject, to: ApiObject, lists: HeldLists): Update {
  const held: string[][] = [];
  const cut = withoutHeld(from, to, held);
  if (held.length === 0) return [undefined, to];
  const named = held.join(';');
  const list = lists.get(named);
  if (list === undefined) lists.set(named, held);
  return [undefined, cut as ApiObject, list ?? held];
}

/**
 * `to` with the parts it shares with `from` (the same objects, at its top level and one level
 * below) left undefined and their paths added to `held`; `to` itself if it shares none.
 */
function withoutHeld(from: object, to: object, held: string[][]): object {
  const f = from as Record<string, unknown>;
  const t = to as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key in t) {
    const v = t[key];
    if (v === null || typeof v !== 'object') continue;
    const was = f[key];
    if (v === was) {
      held.push([key]);
      (copy ??= { ...t })[key] = undefined;
      continue;
    }
    if (was === null || typeof was !== 'object' || Array.isArray(v)) continue;
    const vs = v as Record<string, unknown>;
    const ws = was as Record<string, unknown>;
    let inner: Record<string, unknown> | undefined;
    for (const k2 in vs) {
      const v2 = vs[k2];
      if (v2 === null || typeof v2 !== 'object' || v2 !== ws[k2]) continue;
      held.push([key, k2]);
      (inner ??= { ...vs })[k2] = undefined;
    }
    if (inner) (copy ??= { ...t })[key] = inner;
  }
  return copy ?? to;
}
