import { describe, expect, it } from 'vitest';
import { checkPassedDetail, checksTurnedGreen } from '../../src/embed/check-passed.js';
import type { CheckView } from '../../src/tutorial/run-view.js';
import type { LessonMessage } from '../../src/ui/worker/lesson-protocol.js';

const check = (id: string, passed: boolean, extra: object = {}): CheckView => ({ id, title: `the title of ${id}`, kind: 'podsOnNodes', passed, reason: passed ? '' : 'not yet', hint: '', ...extra });
const view = (lesson: string, checks: CheckView[]) => ({ status: { checks }, progress: { lesson } }) as unknown as LessonMessage;

describe('checksTurnedGreen', () => {
  it('names the checks that pass now and did not before', () => {
    const before = view('L1', [check('a', true), check('b', false), check('c', false)]);
    const after = view('L1', [check('a', true), check('b', true), check('c', false)]);
    expect(checksTurnedGreen(before, after).map((c) => c.id)).toEqual(['b']);
    expect(checksTurnedGreen(after, after)).toEqual([]);
  });

  it('counts a check passing in the first view, and again after it went back to not yet (Reset)', () => {
    expect(checksTurnedGreen(undefined, view('L1', [check('a', true), check('b', false)])).map((c) => c.id)).toEqual(['a']);
    const reset = view('L1', [check('a', false)]);
    expect(checksTurnedGreen(reset, view('L1', [check('a', true)])).map((c) => c.id)).toEqual(['a']);
  });

  it('compares nothing across lessons, and reports nothing when the lesson closed', () => {
    expect(checksTurnedGreen(view('L1', [check('a', true)]), view('L2', [check('a', true)])).map((c) => c.id)).toEqual(['a']);
    expect(checksTurnedGreen(view('L1', [check('a', false)]), undefined)).toEqual([]);
  });
});

describe('checkPassedDetail', () => {
  it('carries the lesson, the check, its title and the virtual time', () => {
    const at = Date.UTC(2026, 0, 1, 0, 0, 30);
    expect(checkPassedDetail('L1', check('l1-status', true), at)).toEqual({ lesson: 'L1', check: 'l1-status', title: 'the title of l1-status', time: '2026-01-01T00:00:30.000Z' });
    expect(checkPassedDetail('L1', check('l1-status', true, { title: 'Every node runs one pod' }), at).title).toBe('Every node runs one pod');
  });
});
