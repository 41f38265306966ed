/**
 * Copy-on-write for a control loop's records, so that a snapshot shares them instead of copying
 * them: a checkpoint then costs the records that changed since the one before, not all of them.
 *
 * A loop that changes its records in place (the kubelet's machines and pod runtimes) hands its
 * snapshot shallow copies of the tables that hold them, and from then on copies a record the
 * first time it takes it for writing (`own`); a restore shares the snapshot's records the same
 * way. Which records the live side may write is kept here: every record made since the last
 * snapshot or restore, and every copy made since.
 *
 * Invariant: a record a snapshot holds is never written again, so a checkpoint stays as it was
 * however long it is kept, and restoring it twice gives the same state twice.
 */
export class CopyOnWrite {
  private owned = new WeakSet<object>();

  /**
   * `record` if this side may write to it, else a copy it may (`copy`), which `replace` puts
   * where the record was.
   */
  own<T extends object>(record: T, copy: (r: T) => T, replace: (c: T) => void): T {
    if (this.owned.has(record)) return record;
    const c = copy(record);
    this.owned.add(c);
    replace(c);
    return c;
  }

  /** A record this side just made: no snapshot holds it yet. */
  made<T extends object>(record: T): T {
    this.owned.add(record);
    return record;
  }

  /** After a snapshot or a restore: every record is shared, until copied by `own`. */
  shareAll(): void {
    this.owned = new WeakSet();
  }
}
