/**
 * The Timeline: rewinding shows exactly the cluster of the log's prefix, returning shows the
 * newest moment again, a command given in the past starts a branch and the old future stays
 * reachable; the log never contains a rewind.
 */
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../../../src/ui/worker/session.js';
import { emptyLog, replay } from '../../../src/ui/worker/session-log.js';
import { fingerprint } from './fingerprint.js';

function session(): EngineSession {
  const s = new EngineSession(emptyLog(5));
  s.run('sim node add a\nsim node add b\nsim advance 30s\nsim node add c', {});
  return s;
}

const lines = (s: EngineSession) => s.log.commands.map((c) => c.line);

describe('Timeline', () => {
  it('rewinds to the prefix of the log and returns to the newest moment', () => {
    const s = session();
    const newest = fingerprint(s.cluster);
    s.timeline.rewind(2);
    expect(fingerprint(s.cluster)).toBe(fingerprint(replay({ ...emptyLog(5), commands: s.log.commands.slice(0, 2) })));
    expect(s.timeline.view()).toEqual({ length: 4, position: 2, lines: lines(s), branches: [] });
    s.timeline.rewind(0);
    expect(s.cluster.store.list('Node')).toEqual([]);
    s.timeline.rewind(4);
    expect(fingerprint(s.cluster)).toBe(newest);
    expect(s.timeline.rewound).toBe(false);
    expect(lines(s)).toEqual(['sim node add a', 'sim node add b', 'sim advance 30s', 'sim node add c']);
  });

  it('starts a branch when a command runs in the past, and keeps the old future reachable', () => {
    const s = session();
    const oldFuture = fingerprint(s.cluster);
    s.timeline.rewind(1);
    s.run('sim node add z', {});
    expect(lines(s)).toEqual(['sim node add a', 'sim node add z']);
    expect(s.cluster.store.list('Node').map((n) => n.metadata.name)).toEqual(['a', 'z']);
    expect(s.timeline.view().branches).toEqual([{ length: 4, last: 'sim node add c' }]);
    expect(fingerprint(replay(s.log))).toBe(fingerprint(s.cluster));

    s.timeline.switchTo(0);
    expect(fingerprint(s.cluster)).toBe(oldFuture);
    expect(lines(s)).toHaveLength(4);
    expect(s.timeline.view().branches).toEqual([{ length: 2, last: 'sim node add z' }]);
    expect(s.log.branches).toEqual([[{ line: 'sim node add a' }, { line: 'sim node add z' }]]);
    expect(new EngineSession(s.log).timeline.view().branches).toHaveLength(1);
  });

  it('does not branch when a command runs at the newest moment, and refuses positions it does not have', () => {
    const s = session();
    s.timeline.rewind(4);
    s.run('sim node add d', {});
    expect(s.timeline.view().branches).toEqual([]);
    expect(() => s.timeline.rewind(9)).toThrow('the timeline has positions 0 to 5, not 9');
    expect(() => s.timeline.switchTo(0)).toThrow('there is no branch 0 (0 branches)');
    expect(s.timeline.view().position).toBe(5);
  });
});
