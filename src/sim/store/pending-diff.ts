/**
 * The changes of the current engine pass, folded per object into one diff (`take`): what the
 * pass added, updated (from, to) and removed, by kind, then namespace, then object, each in the
 * order first touched in the pass.
 *
 * Most writes of a big cluster add an object the pass has not touched (two in three are new
 * Events), so the changes of a kind and namespace are kept as two parallel arrays (the object
 * before the pass, the object now) in first-touch order, and an addition is only appended: no
 * record object, no lookup by name. The array of objects before the pass is made only when one
 * comes (an update or a removal of an object the pass has not touched), so a kind and namespace
 * that the pass only adds to (its Events) keeps one array. The name index, which an update or a removal needs to find
 * the object's earlier change in the pass, is brought up to date only when one of them comes.
 * An addition can only be an object's first touch unless its name was removed earlier in the
 * pass (an object the pass wrote still exists, so writing it again is an update): after a
 * removal, additions look their name up too.
 *
 * A new Event the recorder wrote comes as its packed row (`putRow`, packed-events.ts), which the
 * pass copies into rows of its own (`Rows`, with the Event's namespace after each row): its
 * position holds the row's number rather than an object, and so does the diff's list of
 * additions until something first reads it (`PassDiff.added`), which makes the Events then. Most
 * diffs of a big cluster are never read (the trace keeps them for `sim why`, the page and the
 * lessons, which read some), and each Event object they held lived as long as the trace entry.
 */
import type { ApiObject, Kind } from '../api/types.js';
import { STRIDE, copyRow, unpack } from './packed-events.js';

/** The unit of change: what one engine pass added, updated (from, to) and removed. */
export interface Diff {
  readonly added: ApiObject[];
  readonly updated: [ApiObject, ApiObject][];
  readonly removed: ApiObject[];
}

/** Slots of a row in a pass's rows: the Event's packed row, then its namespace. */
const ROW = STRIDE + 1;
/** Rows per chunk of a pass's rows (a power of two): a row's chunk is `row >>> CHUNK_SHIFT`. */
const CHUNK_SHIFT = 6;
const CHUNK_MASK = (1 << CHUNK_SHIFT) - 1;
const CHUNK_SLOTS = ROW << CHUNK_SHIFT;

/**
 * A pass's Event rows, in chunks of `1 << CHUNK_SHIFT` rows: a pass that adds 5,000 nodes writes
 * 30,000 Events, and one list of their rows, grown as they came, was copied at every growth in
 * the large-object space.
 */
type Rows = unknown[][];

/**
 * A chunk with no rows, never written: new chunks are copies of it, so every chunk holds any
 * value from the start (`new Array(n)` holds small integers until its first other value, and
 * code optimised for that deoptimised at the first chunk of a fleet build).
 */
const EMPTY_CHUNK: readonly unknown[] = new Array<unknown>(CHUNK_SLOTS).fill(undefined);

/**
 * A pass's rows, none yet, as a list of lists from the start: an empty literal holds small
 * integers until its first push, and the optimised push of a chunk deoptimised at each new pass.
 */
function noRows(): Rows {
  const rows = [EMPTY_CHUNK as unknown[]];
  rows.length = 0;
  return rows;
}

/** The chunk of row number `row`. */
function chunkOf(rows: Rows, row: number): unknown[] {
  return rows[row >>> CHUNK_SHIFT]!;
}

/** Where row number `row` starts in its chunk. */
function rowStart(row: number): number {
  return (row & CHUNK_MASK) * ROW;
}

/** The name of the Event in row number `row`. */
function rowName(rows: Rows, row: number): string {
  return chunkOf(rows, row)[rowStart(row)] as string;
}

/** The namespace of the Event in row number `row`. */
function rowNamespace(rows: Rows, row: number): string {
  return chunkOf(rows, row)[rowStart(row) + STRIDE] as string;
}

/** The Event in row number `row`, made. */
function rowEvent(rows: Rows, row: number): ApiObject {
  const chunk = chunkOf(rows, row);
  const at = rowStart(row);
  return unpack(chunk, at, chunk[at + STRIDE] as string);
}

/** An addition as the pass keeps it: the object, or the number of its Event's row in the pass's rows. */
type Added = ApiObject | number;

/** Addition `x` as an object: itself, or the Event of its row in `rows`, made. */
function addedObject(rows: Rows | undefined, x: Added): ApiObject {
  return typeof x === 'number' ? rowEvent(rows!, x) : x;
}

/**
 * A pass's diff (`PendingDiff.take`): its additions as the pass kept them, the recorder's Events
 * made from their rows when `added` is first read. `added` is an own enumerable accessor (a
 * getter every diff shares, `ADDED`), so a copy by spread, a structured clone or a deep
 * comparison reads it as the plain list; what it is made from is private.
 */
class PassDiff implements Diff {
  // Declared, not class fields: each is defined in the constructor, in the order of a plain diff's keys.
  declare readonly added: ApiObject[];
  declare readonly updated: [ApiObject, ApiObject][];
  declare readonly removed: ApiObject[];
  /** What the diff holds, counted without making its Events (the trace's `traceChangeLimit`). */
  readonly #changes: number;
  /** The additions in order, in the lists the pass kept them in, until `made` joins them. */
  #segments: readonly Added[][] | undefined;
  #rows: Rows | undefined;
  #added: ApiObject[] | undefined;

  constructor(segments: readonly Added[][], added: number, rows: Rows | undefined, updated: [ApiObject, ApiObject][], removed: ApiObject[]) {
    Object.defineProperty(this, 'added', ADDED);
    this.updated = updated;
    this.removed = removed;
    this.#segments = segments;
    this.#rows = rows;
    this.#changes = added + updated.length + removed.length;
  }

  get changes(): number {
    return this.#changes;
  }

  /** The additions read one at a time (`readAdded`): joined into one list, Events left as rows until `added` is read. */
  reader(): AddedReader {
    if (this.#added !== undefined) return new AddedItems(this.#added, undefined);
    const segments = this.#segments!;
    const items = segments.length === 1 ? segments[0]! : segments.flat();
    this.#segments = [items];
    return new AddedItems(items, this.#rows);
  }

  /** The additions, joined into one list and each Event kept as a row made, at the first call. */
  made(): ApiObject[] {
    if (this.#added === undefined) {
      const segments = this.#segments!;
      const rows = this.#rows;
      // One list holding no rows is the additions as they are.
      if (segments.length === 1 && rows === undefined) this.#added = segments[0] as ApiObject[];
      else {
        const added: ApiObject[] = [];
        for (const segment of segments) for (const x of segment) added.push(addedObject(rows, x));
        this.#added = added;
      }
      this.#segments = this.#rows = undefined;
    }
    return this.#added;
  }
}

/** `PassDiff.added`: one descriptor (one getter) for every diff, so that all share one hidden class. */
const ADDED: PropertyDescriptor = {
  get(this: PassDiff): ApiObject[] {
    return this.made();
  },
  enumerable: true,
};

/**
 * A diff's additions read one at a time without making the Events among them: each one's kind,
 * namespace and name, and each made on its own (`at`). The page's batches carry only the newest
 * few hundred of a fleet build's tens of thousands of Events (ui/events/window.ts): reading
 * `added` made every one of them, to keep those few.
 */
export interface AddedReader {
  readonly length: number;
  kind(i: number): string;
  namespace(i: number): string | undefined;
  name(i: number): string;
  /** Addition `i`: an Event the pass kept as a row is made afresh at each call. */
  at(i: number): ApiObject;
}

/** The additions of `diff` as an `AddedReader`, without reading its `added` when it is a pass's diff. */
export function readAdded(diff: { readonly added: readonly ApiObject[] }): AddedReader {
  return diff instanceof PassDiff ? diff.reader() : new AddedItems(diff.added, undefined);
}

/** `AddedReader` of additions as a pass keeps them (objects, or row numbers in `rows`). */
class AddedItems implements AddedReader {
  constructor(
    private readonly items: readonly Added[],
    private readonly rows: Rows | undefined,
  ) {}

  get length(): number {
    return this.items.length;
  }

  kind(i: number): string {
    const x = this.items[i]!;
    return typeof x === 'number' ? 'Event' : x.kind;
  }

  namespace(i: number): string | undefined {
    const x = this.items[i]!;
    return typeof x === 'number' ? rowNamespace(this.rows!, x) : x.metadata.namespace;
  }

  name(i: number): string {
    const x = this.items[i]!;
    return typeof x === 'number' ? rowName(this.rows!, x) : x.metadata.name;
  }

  at(i: number): ApiObject {
    return addedObject(this.rows, this.items[i]!);
  }
}

/** How many changes `diff` holds, without making the Events it keeps as rows. */
export function changeCount(diff: Diff): number {
  return diff instanceof PassDiff ? diff.changes : diff.added.length + diff.updated.length + diff.removed.length;
}

/**
 * One kind's and namespace's changes, position by position: `from[i]` the object before the
 * pass (absent if it was added, and for every position past the end of `from`), `to[i]` the
 * object now, or the number of its Event's row in the pass's rows (absent if it was removed); both
 * absent when it was added and removed again (no change).
 */
class Changes {
  /** Absent until a position has an object before the pass. */
  from: (ApiObject | undefined)[] | undefined;
  readonly to: (Added | undefined)[] = [];
  /** Position by name, for the positions below `indexed`. */
  private readonly byName = new Map<string, number>();
  /** Positions from here on were appended by `added` and are not in `byName` yet; their `to` is set. */
  private indexed = 0;
  /** Whether some name was removed in this pass (see the file comment). */
  private removals = false;

  /** `rows`: the pass's Event rows, which `to` may point into. */
  constructor(private readonly rows: Rows) {}

  /** Whether every position is an addition (no object before the pass, none removed): `to` is then the additions as they are. */
  get onlyAdded(): boolean {
    return this.from === undefined && !this.removals;
  }

  added(name: string, obj: Added): void {
    if (!this.removals) this.to.push(obj);
    else this.to[this.positionOf(name, undefined)] = obj;
  }

  updated(name: string, old: ApiObject, obj: ApiObject): void {
    this.to[this.positionOf(name, old)] = obj;
  }

  removed(name: string, old: ApiObject): void {
    this.removals = true;
    this.to[this.positionOf(name, old)] = undefined;
  }

  /** The name's position, or a new one whose object before the pass was `old`. */
  private positionOf(name: string, old: ApiObject | undefined): number {
    const { byName, to, rows } = this;
    for (let i = this.indexed; i < to.length; i++) {
      const x = to[i]!;
      byName.set(typeof x === 'number' ? rowName(rows, x) : x.metadata.name, i);
    }
    let i = byName.get(name);
    if (i === undefined) {
      i = to.length;
      if (old !== undefined) {
        // Filled up to here first: an array written far past its end would turn into a dictionary.
        const from = (this.from ??= []);
        while (from.length < i) from.push(undefined);
        from.push(old);
      }
      to.push(undefined);
      byName.set(name, i);
    }
    this.indexed = to.length;
    return i;
  }
}

/**
 * The changes `PendingDiff` names as its last before its first write of a pass: never returned,
 * as no kind is the last kind then. Kept for good, it keeps the hidden class of every `Changes`
 * alive: the changes of a pass are dropped when it ends, and a full collection between passes
 * with none alive (as after a warm-up's cluster is dropped) freed that class, cleared the
 * feedback that named it and threw away the optimised code of `put` and `take`, which were then
 * optimised again on a new class.
 */
const UNWRITTEN = new Changes([]);

export class PendingDiff {
  /** Changes by kind, then namespace, each level in first-touch order. */
  private byKind = new Map<Kind, Map<string, Changes>>();
  /** The rows of the Events `putRow` was given, and how many. */
  private rows: Rows = noRows();
  private rowCount = 0;
  /** The changes written last: a pass writes one kind and namespace many times in a row. */
  private lastKind: Kind | undefined;
  private lastNamespace = '';
  private last: Changes = UNWRITTEN;

  /** `obj` was stored under a name that held `old` (absent: a new name). */
  put(namespace: string, old: ApiObject | undefined, obj: ApiObject): void {
    const changes = this.changesOf(obj.kind, namespace);
    if (old === undefined) changes.added(obj.metadata.name, obj);
    else changes.updated(obj.metadata.name, old, obj);
  }

  /** A new Event of `namespace`, given as its row (packed-events.ts `draft`), was stored. */
  putRow(namespace: string, row: readonly unknown[]): void {
    const n = this.rowCount++;
    const at = rowStart(n);
    if (at === 0) this.rows.push(EMPTY_CHUNK.slice());
    const chunk = chunkOf(this.rows, n);
    copyRow(row, 0, chunk, at);
    chunk[at + STRIDE] = namespace;
    this.changesOf('Event', namespace).added(row[0] as string, n);
  }

  /** `old`, stored under `name`, was removed. */
  remove(kind: Kind, namespace: string, name: string, old: ApiObject): void {
    this.changesOf(kind, namespace).removed(name, old);
  }

  /**
   * The changes since the last call, as one diff (undefined if there were none), and a fresh
   * start. The lists of updates and removals are counted first and made at their length: the
   * trace keeps them (up to `traceChangeLimit` changes), and grown by pushes they were made
   * several times over, and kept with up to half their room spare. The additions of a kind and
   * namespace that only added (a pass's Events, most of a big pass's changes) are the list the
   * pass appended them to, kept as it is: walking and copying 35,000 positions, to be read by
   * no one most of the time, cost more than the spare room.
   */
  take(): Diff | undefined {
    let added = 0;
    let updated = 0;
    let removed = 0;
    for (const byNamespace of this.byKind.values()) {
      for (const c of byNamespace.values()) {
        const { from: froms, to: tos } = c;
        if (c.onlyAdded) {
          added += tos.length;
          continue;
        }
        const known = froms === undefined ? 0 : froms.length;
        for (let i = 0; i < tos.length; i++) {
          if (i >= known || froms![i] === undefined) {
            if (tos[i] !== undefined) added++;
          } else if (tos[i] === undefined) removed++;
          else updated++;
        }
      }
    }
    if (added + updated + removed === 0) {
      this.clear();
      return undefined;
    }
    // The additions of a kind and namespace that only added are kept as the pass listed them
    // (most of a big pass's: its Events), the rest gathered in order.
    const segments: Added[][] = [];
    const diffUpdated = new Array<[ApiObject, ApiObject]>(updated);
    const diffRemoved = new Array<ApiObject>(removed);
    const rows = this.rows;
    updated = removed = 0;
    for (const byNamespace of this.byKind.values()) {
      for (const c of byNamespace.values()) {
        const { from: froms, to: tos } = c;
        if (c.onlyAdded) {
          if (tos.length > 0) segments.push(tos as Added[]);
          continue;
        }
        const kept: Added[] = [];
        const known = froms === undefined ? 0 : froms.length;
        for (let i = 0; i < tos.length; i++) {
          const from = i < known ? froms![i] : undefined;
          const to = tos[i];
          if (from === undefined) {
            if (to !== undefined) kept.push(to);
          } else if (to === undefined) diffRemoved[removed++] = from;
          // A row is only ever a new name's (the recorder never names two Events alike).
          else diffUpdated[updated++] = [from, addedObject(rows, to)];
        }
        if (kept.length > 0) segments.push(kept);
      }
    }
    const diff = new PassDiff(segments, added, this.rowCount > 0 ? rows : undefined, diffUpdated, diffRemoved);
    this.clear();
    return diff;
  }

  /** Forgets the changes (a restore: the pass's writes are not a change from the restored state). */
  clear(): void {
    this.byKind = new Map();
    if (this.rowCount > 0) {
      this.rows = noRows();
      this.rowCount = 0;
    }
    this.lastKind = undefined;
    this.last = UNWRITTEN;
  }

  private changesOf(kind: Kind, namespace: string): Changes {
    if (kind === this.lastKind && namespace === this.lastNamespace) return this.last;
    let byNamespace = this.byKind.get(kind);
    if (!byNamespace) this.byKind.set(kind, (byNamespace = new Map()));
    let changes = byNamespace.get(namespace);
    if (!changes) byNamespace.set(namespace, (changes = new Changes(this.rows)));
    this.lastKind = kind;
    this.lastNamespace = namespace;
    return (this.last = changes);
  }
}
