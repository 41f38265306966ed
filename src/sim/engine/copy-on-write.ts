/**
 * Copy-on-write for a control loop's records, so that a snapshot shares them instead of copying
 * them: a checkpoint then costs the records that changed since the one before, not all of them.
 *
 * A loop that changes its records in place (the kubelet's machines and pod runtimes) hands its
 * snapshot shallow copies of the tables that hold them, and from then on copies a record the
 * first time it takes it for writing (`own`); a restore shares the snapshot's records the same
 * way. Which records the live side may write is kept here: every record made since the last
 * snapshot or restore, and every copy made since, up to OWNED_LIMIT of them.
 *
 * Why a Set and not a WeakSet: a WeakSet's entries are ephemerons, dearer to add (a fleet's
 * machines and pod runtimes are made by the ten thousand) and traced apart by every major
 * collection. A Set holds its records strongly, so a record its loop dropped stays alive until
 * the next snapshot or restore, or until the Set reaches its bound and is emptied: from then on
 * each record is copied once more before it is written, which is always safe.
 *
 * Invariant: a record a snapshot holds is never written again, so a checkpoint stays as it was
 * however long it is kept, and restoring it twice gives the same state twice.
 */
export class CopyOnWrite {
  private owned = new Set<object>();

  /**
   * `record` if this side may write to it, else a copy it may (`copy`), which `replace` puts
   * where the record was.
   */
  own<T extends object>(record: T, copy: (r: T) => T, replace: (c: T) => void): T {
    if (this.owned.has(record)) return record;
    const c = copy(record);
    this.mark(c);
    replace(c);
    return c;
  }

  /** A record this side just made: no snapshot holds it yet. */
  made<T extends object>(record: T): T {
    this.mark(record);
    return record;
  }

  /** After a snapshot or a restore: every record is shared, until copied by `own`. */
  shareAll(): void {
    this.owned = new Set();
  }

  /** Notes `record` as this side's own, first forgetting every record when the Set is full. */
  private mark(record: object): void {
    if (this.owned.size >= OWNED_LIMIT) this.owned.clear();
    this.owned.add(record);
  }
}

/**
 * Records a CopyOnWrite keeps as its own at most: a fleet of 10,000 nodes with three DaemonSets
 * makes about 50,000 (a machine and a runtime per node, a runtime per pod) between snapshots.
 */
const OWNED_LIMIT = 1 << 17;
