/** The command history walks like a shell's and keeps what was being typed. */
import { describe, expect, it } from 'vitest';
import { CommandHistory, HISTORY_LIMIT } from '../../../src/ui/terminal/history.svelte.js';

describe('CommandHistory', () => {
  it('walks back and forth and returns the draft past the newest', () => {
    const h = new CommandHistory(['one', 'two']);
    expect(h.recall(-1, 'typing')).toBe('two');
    expect(h.recall(-1, 'two')).toBe('one');
    expect(h.recall(-1, 'one')).toBeUndefined();
    expect(h.recall(1, 'one')).toBe('two');
    expect(h.recall(1, 'two')).toBe('typing');
    expect(h.recall(1, 'typing')).toBeUndefined();
  });

  it('keeps a repeated command once, skips blanks and keeps the newest entries', () => {
    const h = new CommandHistory();
    h.add('a');
    h.add('a');
    h.add('  ');
    h.add('b');
    expect(h.entries).toEqual(['a', 'b']);
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) h.add(`c${i}`);
    expect(h.entries).toHaveLength(HISTORY_LIMIT);
    expect(h.entries.at(-1)).toBe(`c${HISTORY_LIMIT + 4}`);
    expect(h.recall(-1, '')).toBe(`c${HISTORY_LIMIT + 4}`);
  });
});
