/**
 * Strings that a big cluster keeps by the hundred thousand (Event names and messages, container
 * IDs), stored flat and, where they repeat, once.
 *
 * V8 keeps `a + b` and template literals of 13 characters or more as a rope: one 32-byte node per
 * concatenation, pointing at the pieces. Hashing or comparing a rope flattens it, but the rope's
 * node stays in front of the flat copy. A string kept for an hour (an Event's) is cheaper built
 * flat from the start (`Array.prototype.join` builds flat strings) or copied flat once.
 */

/** A flat string equal to `s` (`s` itself when it already is flat). */
export function flat(s: string): string {
  // normalize() returns a sequential string. It would change text that is not in NFC (rare
  // user text); then `s` is kept as it is.
  const f = s.normalize();
  return f === s ? f : s;
}

/**
 * A bounded table of strings seen before: `intern(s)` gives the first string equal to `s`, flat.
 * Pods made from one template write the same messages ("Created container: agent"), so one copy
 * serves all of them. The table is dropped whole at `limit` entries, so memory stays bounded.
 */
export class Interner {
  private readonly table = new Map<string, string>();

  constructor(private readonly limit = 4096) {}

  intern(s: string): string {
    let kept = this.table.get(s);
    if (kept === undefined) {
      kept = flat(s);
      if (this.table.size >= this.limit) this.table.clear();
      this.table.set(kept, kept);
    }
    return kept;
  }
}
