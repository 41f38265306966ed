/**
 * The events panel lists events newest last by kubectl's event time, those of one instant in the
 * order they were written, kept from batches or sorted once when it starts.
 */
import { describe, expect, it } from 'vitest';
import { EventFeed, FEED_LIMIT } from '../../../src/ui/events/feed.svelte.js';
import { Playground } from '../../../src/ui/playground/playground.svelte.js';
import { inProcessEngine } from '../worker/in-process.js';

async function playground(): Promise<Playground> {
  const pg = new Playground('events', inProcessEngine());
  await pg.load();
  return pg;
}

const lines = (feed: EventFeed) => feed.events.map((e) => `${e.reason} ${e.involvedObject.name}`);

describe('EventFeed', () => {
  it('lists what kubectl events -A lists, by time, each instant in write order', async () => {
    const pg = await playground();
    const feed = new EventFeed(pg.cluster);
    await pg.run('sim node add node-b');
    await pg.run('sim advance 30s\nsim node add node-a\nsim settle');
    const out = await pg.run('kubectl events -A --no-headers');
    const printed: string[] = Array.isArray(out) ? out[0]!.stdout.trim().split('\n') : [];
    expect(printed.length).toBeGreaterThan(4);
    const kubectl = printed.map((l) => l.split(/\s{2,}/)).map((c: string[]) => `${c[3]} ${c[4]!.split('/')[1]}`);
    expect([...lines(feed)].sort()).toEqual([...kubectl].sort());
    expect(lines(feed).slice(0, 3)).toEqual(['RegisteredNode node-b', 'Starting node-b', 'NodeHasSufficientMemory node-b']);
    expect(lines(feed).at(-1)).toBe('NodeReady node-a');
    expect(lines(new EventFeed(pg.cluster))).toEqual(lines(feed));
  });

  it('starts from the events already there, and drops the oldest past its limit', async () => {
    const pg = await playground();
    await pg.run('sim node add node-{1..40}');
    const feed = new EventFeed(pg.cluster);
    expect(feed.events.length).toBe(Math.min(FEED_LIMIT, pg.cluster.list('Event').length));
    await pg.run('sim node add extra-{1..20}');
    expect(feed.events).toHaveLength(FEED_LIMIT);
    expect(lines(feed).at(-1)).toMatch(/extra-/);
    feed.close();
    await pg.run('sim node add late');
    expect(lines(feed).some((l) => l.endsWith(' late'))).toBe(false);
  });
});
