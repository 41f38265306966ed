/**
 * What a kept checkpoint holds that the one kept before it does not, measured rather than
 * guessed: the parts of its snapshot that are not the very same part in the other one.
 *
 * Snapshots share what did not change (docs/timeline.md, "What a checkpoint costs"): stored
 * objects are never mutated and the store's name tables are shared until written; the
 * controllers that say `sharesSnapshots` share their records; only the rest is copied. So two
 * snapshots are walked side by side, key by key, and a part that is the same object in both
 * (a table, a record, a stored object, the spec inside a pod) is shared and not walked further:
 * the walk costs what changed, and what it counts is what dropping the newer snapshot would free
 * (or rather what it frees once the live cluster moved on).
 *
 * Stored Events are left out: the live cluster keeps every one of the last hour anyway (and the
 * recorders' caches point at them), so a checkpoint holds few of its own while they last.
 * Those it holds once the live cluster let them expire are counted apart, against the live
 * store itself (`expiredEventBytes`).
 */
import type { ApiObject } from '../../sim/api/types.js';
import { EventTable, eventVersion, forEachEventVersion } from '../../sim/store/event-tables.js';
import type { ClusterSnapshot } from '../../sim/engine/cluster.js';

/**
 * Rough heap sizes in bytes, as V8 lays data out on 64 bits without pointer compression (Node;
 * a browser compresses pointers and needs less): an object's header, a property or array slot,
 * an entry of a Map's or Set's hash table. Strings count as their slot alone: most of those in
 * a new object are shared with others (namespaces, images, label values, Event names).
 */
export const OBJECT_BYTES = 24;
export const SLOT_BYTES = 8;
const ENTRY_BYTES = 24;

/**
 * Of a collection's items that differ from the other side's, this many are walked and the rest
 * counted at their mean: a rollout's 5,000 new pods are alike, and walking each would cost a
 * good part of the rollout itself.
 */
const SAMPLE = 32;

/** Deeper than any state the engine keeps: a guard against walking a cycle for ever. */
const MAX_DEPTH = 64;

/**
 * About how many bytes `snapshot` holds that `before` does not (all of it when there is none),
 * nor `live` (parts the live cluster holds, such as its Pod tables, which stay whoever else holds
 * them).
 */
export function bytesApart(snapshot: ClusterSnapshot, before: ClusterSnapshot | undefined, live: Iterable<object> = []): number {
  return walk(snapshot, before, 0, new Set(live));
}

/** Sums the walks of a collection's differing items, the first `SAMPLE` of them walked. */
class Items {
  private differing = 0;
  private walked = 0;
  private sum = 0;

  constructor(
    private readonly depth: number,
    private readonly seen: Set<object>,
  ) {}

  add(value: unknown, old: unknown): void {
    if (typeof value !== 'object' || value === null || value === old) return;
    this.differing++;
    if (this.walked === SAMPLE) return;
    this.walked++;
    this.sum += walk(value, old, this.depth, this.seen);
  }

  get bytes(): number {
    return this.walked === 0 ? 0 : this.sum + ((this.differing - this.walked) * this.sum) / this.walked;
  }
}

/**
 * `value`'s bytes that `old` (what the other snapshot holds at the same place) does not share.
 * A part reached twice (pods share their tolerations, machines a host-path table) counts once:
 * `seen`.
 */
function walk(value: unknown, old: unknown, depth: number, seen: Set<object>): number {
  if (typeof value !== 'object' || value === null || value === old || depth > MAX_DEPTH || seen.has(value)) return 0;
  seen.add(value);
  if (isStoredEvent(value)) return 0;
  // A table of stored Events: its entries, whose Events count nothing here (above), read without
  // rebuilding the packed ones.
  if (value instanceof EventTable) return OBJECT_BYTES + ENTRY_BYTES * value.size;
  const items = new Items(depth + 1, seen);
  let bytes = OBJECT_BYTES;
  if (Array.isArray(value)) {
    const was = Array.isArray(old) ? old : undefined;
    bytes += SLOT_BYTES * value.length;
    let elsewhere: Set<unknown> | undefined;
    for (let i = 0; i < value.length; i++) {
      const v: unknown = value[i];
      const o: unknown = was?.[i];
      // A list that dropped or gained items at the front (a queue of chunks) shares them at other places.
      if (v !== o && was && typeof v === 'object' && v !== null && (elsewhere ??= new Set(was)).has(v)) continue;
      items.add(v, o);
    }
  } else if (value instanceof Map) {
    const was = old instanceof Map ? (old as Map<unknown, unknown>) : undefined;
    bytes += ENTRY_BYTES * value.size;
    // forEach: a for-of makes an entry array per entry, and the tables walked hold every pod, node and Event.
    (value as Map<unknown, unknown>).forEach((v, k) => items.add(v, was?.get(k)));
  } else if (value instanceof Set) {
    bytes += ENTRY_BYTES * value.size;
  } else {
    const was = typeof old === 'object' && old !== null && !Array.isArray(old) && !(old instanceof Map) ? (old as Record<string, unknown>) : undefined;
    for (const key in value) {
      bytes += SLOT_BYTES;
      items.add((value as Record<string, unknown>)[key], was?.[key]);
    }
  }
  return bytes + items.bytes;
}

/** A stored Event (the recorders' caches hold them too): the live store keeps it for its TTL. */
function isStoredEvent(value: object): boolean {
  return (value as { kind?: unknown }).kind === 'Event' && (value as { metadata?: unknown }).metadata !== undefined;
}

/** Name tables of stored Events, by table (`Store.tables('Event')`). */
export type EventTables = ReadonlyMap<string, ReadonlyMap<string, ApiObject>>;

/**
 * The heap an Event takes once only checkpoints hold it, about: the Event with its references
 * and strings, and its entry in a name table. Measured on the rewind bench's hour, whose kept
 * moments hold 61,020 Events the live cluster let expire by its end: dropping them from the
 * snapshots frees 20.7 MB, 356 bytes each.
 */
export const EVENT_BYTES = 360;

/**
 * About how many bytes of stored Events `snapshots` hold that none of `holders` (Event tables:
 * the live store's, and the newest snapshot's) does: the Events the cluster let expire (or wrote
 * again) since, which only older checkpoints keep alive. Each Event counts once however many
 * snapshots hold it; a table that is the very table a holder has costs nothing.
 *
 * The tables are taken by key (an Event's name decides its key, so one Event is only ever in
 * tables of one key): a key whose tables no holder has, and which every snapshot holding it
 * shares as one table (a span of time whose Events all expired, untouched since), counts that
 * table's size without a walk. A checkpoint store asks at every offer, and those spans hold most
 * of what it counts (an hour's old Events), so a walk there would cost every command.
 */
export function expiredEventBytes(snapshots: Iterable<ClusterSnapshot>, holders: readonly EventTables[]): number {
  const byKey = new Map<string, Set<ReadonlyMap<string, ApiObject>>>();
  for (const s of snapshots) {
    const held = s.store.objects.get('Event');
    if (!held) continue;
    for (const [key, names] of held) {
      const tables = byKey.get(key);
      if (tables) tables.add(names);
      else byKey.set(key, new Set([names]));
    }
  }
  let count = 0;
  for (const [key, tables] of byKey) {
    const now: ReadonlyMap<string, ApiObject>[] = [];
    for (const h of holders) {
      const t = h.get(key);
      if (t) now.push(t);
    }
    for (const t of now) tables.delete(t);
    if (tables.size === 0) continue;
    if (now.length === 0 && tables.size === 1) {
      for (const t of tables) count += t.size;
      continue;
    }
    // By version (`EventTable.versionOf`: a packed row's resourceVersion, else the object): the
    // packed Events a table gives are rebuilt at each read, so never the same object twice.
    const counted = new Set<unknown>();
    for (const names of tables)
      forEachEventVersion(names, (name, version) => {
        if (!now.some((t) => eventVersion(t, name) === version)) counted.add(version);
      });
    count += counted.size;
  }
  return count * EVENT_BYTES;
}
