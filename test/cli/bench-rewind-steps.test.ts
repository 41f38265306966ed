/**
 * The scrubbed hour both benches time (Node and Chromium): the fleet built through a timeline,
 * an image change every five virtual minutes, then rewinds to moments of that hour that land
 * where they were asked to and end back at the newest moment.
 */
import { describe, expect, it } from 'vitest';
import { registerAllParts } from '../../src/kubectl/parts/all.js';
import { playHour, rewindAround } from '../../src/cli/bench-rewind-steps.js';

registerAllParts();

describe('the benches’ scrubbed hour', () => {
  it('builds the fleet, then changes the image every five minutes with a minute per command', () => {
    const { session, hour } = playHour(3, 2);
    const lines = session.timeline!.entries.map((e) => e.line);
    expect(lines.slice(0, 4)).toEqual(['sim node add node-{1..3}', 'sim settle', 'kubectl apply -f -', 'sim settle --timeout=1h']);
    expect(lines.slice(4)).toEqual(['kubectl set image daemonset/agent agent=registry.example/agent:1.1', ...Array(5).fill('sim advance 1m'), 'kubectl set image daemonset/agent agent=registry.example/agent:1.2', ...Array(5).fill('sim advance 1m')]);
    expect(session.cluster.now - hour).toBe(10 * 60_000);
    expect(session.writes).toHaveLength(lines.length + 1);
    expect(session.cluster.store.list('Pod').map((p) => p.spec.containers[0]!.image)).toEqual(Array(3).fill('registry.example/agent:1.2'));
  });

  it('rewinds to each moment and back to the newest, with CPU times only when asked', () => {
    const { session, hour } = playHour(3);
    const newest = session.cluster.now;
    let cpu = 0;
    const r = rewindAround(session, hour, () => (cpu += 5));
    expect(Object.keys(r.restoreMs)).toEqual(['7.5', '22.5', '37.5', '52.5', 'newest']);
    expect(r.restoreCpuMs).toEqual({ '7.5': 5, '22.5': 5, '37.5': 5, '52.5': 5, newest: 5 });
    expect(r.replayed.newest).toBe(0);
    expect(session.cluster.now).toBe(newest);
    expect(session.timeline!.entries).toHaveLength(4 + 12 * 6);
    const again = rewindAround(session, hour);
    expect(again.restoreCpuMs).toBeUndefined();
    expect(again.replayed).toEqual(r.replayed);
  });
});
