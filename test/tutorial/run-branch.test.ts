/**
 * A run's progress log follows the branch its Timeline shows: entries whose commands are all
 * shown stay as they were; from the first that is not, the branch's commands are logged one by
 * one (a cut command with where it was cut); a log that already leads there is returned as is.
 */
import { describe, expect, it } from 'vitest';
import type { LogEntry as Command } from '../../src/kubectl/timeline/log.js';
import { followBranch, type Logged } from '../../src/tutorial/run-branch.js';

const cmd = (line: string, start: number, end = start, more: Partial<Command> = {}): Command => ({ line, start, end, ...more });

describe('followBranch', () => {
  const a = cmd('kubectl apply -f ./start/a.yaml', 0, 0, { files: { './start/a.yaml': 'kind: A' } });
  const b = cmd('sim settle', 0, 5000);
  const c = cmd('sim advance 1m', 5000, 65_000);
  const log: Logged[] = [
    { entry: { run: 'one', files: { 'start/a.yaml': 'kind: A' } }, made: [a, b] },
    { entry: { next: 'two' }, made: [] },
    { entry: { exec: 'sim advance 1m' }, made: [c] },
  ];

  it('returns the log itself when it leads to the branch shown', () => {
    expect(followBranch(log, [a, b, c])).toBe(log);
  });

  it('drops what the branch no longer shows, and splits a Run cut halfway into its commands', () => {
    expect(followBranch(log, [a, b])).toEqual(log.slice(0, 2));
    expect(followBranch(log, [a]).map((l) => l.entry)).toEqual([{ exec: 'kubectl apply -f ./start/a.yaml', files: { './start/a.yaml': 'kind: A' } }]);
    expect(followBranch(log, [])).toEqual([]);
  });

  it('logs a command a rewind cut short with the instant it stopped at, and the commands of another branch', () => {
    const cutShort = { ...c, end: 20_000, cut: true as const };
    expect(followBranch(log, [a, b, cutShort]).map((l) => l.entry)).toEqual([log[0]!.entry, { next: 'two' }, { exec: 'sim advance 1m', until: 20_000 }]);
    const other = cmd('sim node add z', 5000, 5000, { stdin: 'x' });
    expect(followBranch(log, [a, b, other]).at(-1)).toEqual({ entry: { exec: 'sim node add z', stdin: 'x' }, made: [other] });
  });
});
