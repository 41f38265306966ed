/** Each batch's changes in words for the aria-live region. */
import { describe, expect, it } from 'vitest';
import { describeBatch } from '../../../src/ui/status/announce.js';
import { Playground } from '../../../src/ui/playground/playground.svelte.js';
import type { DiffBatch } from '../../../src/ui/worker/protocol.js';
import { inProcessEngine } from '../worker/in-process.js';

async function batchesOf(...scripts: string[]): Promise<DiffBatch[]> {
  const pg = new Playground('words', inProcessEngine());
  await pg.load();
  const out: DiffBatch[] = [];
  pg.cluster.onBatch((b) => out.push(b));
  for (const s of scripts) await pg.run(s);
  return out;
}

describe('describeBatch', () => {
  it('names a few changed objects and counts many', async () => {
    const [few, many, gone] = await batchesOf('sim node add node-1 node-2', 'sim node add n-{1..5}', 'sim node remove node-2');
    expect(describeBatch(few!)).toBe('nodes node-1, node-2 joined.');
    expect(describeBatch(many!)).toBe('5 nodes joined.');
    expect(describeBatch(gone!)).toBe('node node-2 removed.');
  });

  it('says nothing for a batch that only moved the clock or wrote events, and names a reload', () => {
    expect(describeBatch({ entries: [], now: 1 })).toBeUndefined();
    expect(describeBatch({ reset: [], entries: [], now: 1 })).toBe('The cluster was loaded.');
  });
});
