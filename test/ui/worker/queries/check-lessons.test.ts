import { describe, expect, it } from 'vitest';
import { readLessonTree } from '../../../../src/cli/files.js';
import { checkLessonsQuery } from '../../../../src/ui/worker/queries/check-lessons.js';
import type { EngineSession } from '../../../../src/ui/worker/session.js';

const session = {} as EngineSession;

describe('checkLessons query', () => {
  it('checks a folder sent as text and names the lessons that can open', () => {
    const files = Object.fromEntries([...readLessonTree('lessons/_template')].map(([p, t]) => [`mine/${p}`, t]));
    expect(checkLessonsQuery(session, { files, known: ['L1'] })).toEqual({ lines: ['ok T1 mine (5 checks)'], failed: 0, folders: [{ path: 'mine', lesson: { id: 'T1', title: 'Template: a DaemonSet covers every node' } }] });
  });

  it('reads only string files from what it is sent, and reports an empty folder as no lesson', () => {
    expect(checkLessonsQuery(session, { files: { 'lesson.md': 42 } })).toEqual({ lines: [], failed: 0, folders: [] });
    expect(checkLessonsQuery(session, undefined)).toEqual({ lines: [], failed: 0, folders: [] });
  });
});
