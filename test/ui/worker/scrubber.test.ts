/**
 * The Timeline scrubber over the session's one command log: rewinding shows exactly the cluster
 * of the log's prefix, returning shows the newest moment again, a command given in the past
 * starts a branch and the old future stays reachable; `sim rewind` typed as a command moves the
 * same log, and the log never contains a rewind.
 */
import { describe, expect, it } from 'vitest';
import { EngineSession } from '../../../src/ui/worker/session.js';
import { emptyLog, rebuild } from '../../../src/ui/worker/session-log.js';
import { fingerprint } from './fingerprint.js';

function session(): EngineSession {
  const s = new EngineSession(emptyLog(5));
  s.run('sim node add a\nsim node add b\nsim advance 30s\nsim node add c', {});
  return s;
}

const lines = (s: EngineSession) => s.log.commands.map((c) => c.line);
const nodes = (s: EngineSession) => s.cluster.store.list('Node').map((n) => n.metadata.name);

describe('Scrubber', () => {
  it('rewinds to the prefix of the log and returns to the newest moment', () => {
    const s = session();
    const newest = fingerprint(s.cluster);
    const all = lines(s);
    s.scrubber.rewind(2);
    expect(fingerprint(s.cluster)).toBe(fingerprint(rebuild({ ...emptyLog(5), commands: s.log.commands.slice(0, 2) }).cluster));
    expect(s.scrubber.view()).toEqual({ length: 4, position: 2, lines: all, branches: [] });
    expect(s.scrubber.rewound).toBe(true);
    s.scrubber.rewind(0);
    expect(nodes(s)).toEqual([]);
    s.scrubber.rewind(4);
    expect(fingerprint(s.cluster)).toBe(newest);
    expect(s.scrubber.rewound).toBe(false);
    expect(lines(s)).toEqual(['sim node add a', 'sim node add b', 'sim advance 30s', 'sim node add c']);
    expect(s.log.branches).toBeUndefined();
  });

  it('starts a branch when a command runs in the past, and keeps the old future reachable', () => {
    const s = session();
    const oldFuture = fingerprint(s.cluster);
    s.scrubber.rewind(1);
    s.run('sim node add z', {});
    expect(lines(s)).toEqual(['sim node add a', 'sim node add z']);
    expect(nodes(s)).toEqual(['a', 'z']);
    expect(s.scrubber.view()).toMatchObject({ length: 2, position: 2, branches: [{ length: 4, last: 'sim node add c' }] });
    expect(fingerprint(rebuild(s.log).cluster)).toBe(fingerprint(s.cluster));

    s.scrubber.switchTo(0);
    expect(fingerprint(s.cluster)).toBe(oldFuture);
    expect(lines(s)).toHaveLength(4);
    expect(s.scrubber.view().branches).toEqual([{ length: 2, last: 'sim node add z' }]);
    expect(s.log.branches!.map((b) => b.map((c) => c.line))).toEqual([['sim node add a', 'sim node add z']]);
    const reopened = new EngineSession(JSON.parse(JSON.stringify(s.log)));
    expect(reopened.scrubber.view()).toEqual(s.scrubber.view());
    expect(fingerprint(reopened.cluster)).toBe(oldFuture);
  });

  it('follows a sim rewind typed as a command: the scrubber shows the moment, and the log has no rewind', () => {
    const s = session();
    const out = s.run('sim rewind --to 10s', {});
    expect(out).toMatchObject({ rewoundFrom: expect.any(Map), results: [{ exitCode: 0 }] });
    expect(s.scrubber.view()).toMatchObject({ length: 4, position: 3, partial: true });
    expect(nodes(s)).toEqual(['a', 'b']);
    expect(lines(s)).toEqual(['sim node add a', 'sim node add b', 'sim advance 30s']);
    expect(s.log.commands.at(-1)).toMatchObject({ cut: true });
    s.scrubber.rewind(4);
    expect(nodes(s)).toEqual(['a', 'b', 'c']);
    expect(s.scrubber.view()).toMatchObject({ length: 4, position: 4, branches: [] });
    expect(s.log.commands.some((c) => c.line.startsWith('sim rewind'))).toBe(false);
  });

  it('does not branch when a command runs at the newest moment, and refuses positions it does not have', () => {
    const s = session();
    s.scrubber.rewind(4);
    s.run('sim node add d', {});
    expect(s.scrubber.view().branches).toEqual([]);
    expect(() => s.scrubber.rewind(9)).toThrow('the branch has moments after 0 to 5 commands, not 9');
    expect(() => s.scrubber.switchTo(0)).toThrow('there is no branch 0 (0 branches)');
    expect(s.scrubber.view().position).toBe(5);
  });
});
