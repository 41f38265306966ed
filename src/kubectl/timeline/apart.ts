/**
 * What a kept checkpoint holds that the one kept before it does not, measured rather than
 * guessed: the stored objects (Events aside) that are not the very same object in both.
 *
 * Stored objects are never mutated and the store shares its name tables with snapshots until it
 * first writes to one (src/sim/store/store.ts), so an object that did not change is the same
 * object in both snapshots, and a table that did not change is the same table: only the tables
 * written in between are walked. The API writes between two moments are a poor stand-in: a
 * rollout writes each pod several times and never touches the nodes, so they count every object
 * stored where the pods alone changed. Events are left out: the live cluster keeps every one of
 * the last hour anyway, so a checkpoint holds few of its own.
 */
import type { StoreData } from '../../sim/store/store.js';

/** How many objects (Events aside) `data` holds that `before` does not hold as the same object. */
export function objectsApart(data: StoreData, before: StoreData): number {
  let apart = 0;
  for (const [kind, tables] of data.objects) {
    if (kind === 'Event') continue;
    const was = before.objects.get(kind);
    for (const [table, names] of tables) {
      const old = was?.get(table);
      if (old === names) continue;
      for (const [name, obj] of names) if (old?.get(name) !== obj) apart++;
    }
  }
  return apart;
}
