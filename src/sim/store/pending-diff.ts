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
 */
import type { ApiObject, Kind } from '../api/types.js';

/** The unit of change: what one engine pass added, updated (from, to) and removed. */
export interface Diff {
  readonly added: ApiObject[];
  readonly updated: [ApiObject, ApiObject][];
  readonly removed: ApiObject[];
}

/**
 * One kind's and namespace's changes, position by position: `from[i]` the object before the
 * pass (absent if it was added, and for every position past the end of `from`), `to[i]` the
 * object now (absent if it was removed); both absent when it was added and removed again (no
 * change).
 */
class Changes {
  /** Absent until a position has an object before the pass. */
  from: (ApiObject | undefined)[] | undefined;
  readonly to: (ApiObject | undefined)[] = [];
  /** Position by name, for the positions below `indexed`. */
  private readonly byName = new Map<string, number>();
  /** Positions from here on were appended by `added` and are not in `byName` yet; their `to` is set. */
  private indexed = 0;
  /** Whether some name was removed in this pass (see the file comment). */
  private removals = false;

  added(name: string, obj: ApiObject): void {
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
    const { byName, to } = this;
    for (let i = this.indexed; i < to.length; i++) byName.set(to[i]!.metadata.name, i);
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
const UNWRITTEN = new Changes();

export class PendingDiff {
  /** Changes by kind, then namespace, each level in first-touch order. */
  private byKind = new Map<Kind, Map<string, Changes>>();
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

  /** `old`, stored under `name`, was removed. */
  remove(kind: Kind, namespace: string, name: string, old: ApiObject): void {
    this.changesOf(kind, namespace).removed(name, old);
  }

  /**
   * The changes since the last call, as one diff (undefined if there were none), and a fresh
   * start. The diff's lists are counted first and made at their length: the trace keeps them
   * (up to `traceChangeLimit` changes), and grown by pushes they were made several times over, and kept
   * with up to half their room spare.
   */
  take(): Diff | undefined {
    let added = 0;
    let updated = 0;
    let removed = 0;
    for (const byNamespace of this.byKind.values()) {
      for (const { from: froms, to: tos } of byNamespace.values()) {
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
    const diff: Diff = { added: new Array<ApiObject>(added), updated: new Array<[ApiObject, ApiObject]>(updated), removed: new Array<ApiObject>(removed) };
    added = updated = removed = 0;
    for (const byNamespace of this.byKind.values()) {
      for (const { from: froms, to: tos } of byNamespace.values()) {
        const known = froms === undefined ? 0 : froms.length;
        for (let i = 0; i < tos.length; i++) {
          const from = i < known ? froms![i] : undefined;
          const to = tos[i];
          if (from === undefined) {
            if (to !== undefined) diff.added[added++] = to;
          } else if (to === undefined) diff.removed[removed++] = from;
          else diff.updated[updated++] = [from, to];
        }
      }
    }
    this.clear();
    return diff;
  }

  /** Forgets the changes (a restore: the pass's writes are not a change from the restored state). */
  clear(): void {
    this.byKind = new Map();
    this.lastKind = undefined;
    this.last = UNWRITTEN;
  }

  private changesOf(kind: Kind, namespace: string): Changes {
    if (kind === this.lastKind && namespace === this.lastNamespace) return this.last;
    let byNamespace = this.byKind.get(kind);
    if (!byNamespace) this.byKind.set(kind, (byNamespace = new Map()));
    let changes = byNamespace.get(namespace);
    if (!changes) byNamespace.set(namespace, (changes = new Changes()));
    this.lastKind = kind;
    this.lastNamespace = namespace;
    return (this.last = changes);
  }
}
