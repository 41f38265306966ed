import { describe, expect, it } from 'vitest';
import { CopyOnWrite } from '../../../src/sim/engine/copy-on-write.js';

describe('CopyOnWrite', () => {
  const copy = (r: { n: number }) => ({ ...r });

  it('copies a record once after sharing it, and hands the copy back from then on', () => {
    const cow = new CopyOnWrite();
    const table = new Map([['a', { n: 1 }]]);
    const shared = table.get('a')!;
    cow.shareAll();
    const mine = cow.own(shared, copy, (c) => table.set('a', c));
    mine.n = 2;
    expect(shared.n).toBe(1);
    expect(table.get('a')).toBe(mine);
    expect(cow.own(mine, copy, () => expect.unreachable('copied twice'))).toBe(mine);
    // A new snapshot shares the copy too.
    cow.shareAll();
    expect(cow.own(mine, copy, (c) => table.set('a', c))).not.toBe(mine);
  });

  it('writes in place to a record made since the last snapshot', () => {
    const cow = new CopyOnWrite();
    const made = cow.made({ n: 1 });
    expect(cow.own(made, copy, () => expect.unreachable('copied'))).toBe(made);
  });
});
