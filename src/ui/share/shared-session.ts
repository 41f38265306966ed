/**
 * What a share link or a session file carries: the session log, the editor's files (one per
 * tab), the Timeline position shown and, on a lesson page, the lesson, its step and the run's
 * progress (what reopens the lesson at that step on the same cluster). Everything
 * from outside (a link, a file from disk) is checked here field by field before the page uses
 * it; nothing in it is ever executed as code: the log's lines are replayed through the one
 * script interface like any typed command.
 */
import type { LessonProgress, LogEntry, PredictionAnswer } from '../../tutorial/run-progress.js';
import { logProblem, type LoggedCommand, type SessionLog } from '../worker/session-log.js';

export interface SharedSession {
  readonly log: SessionLog;
  /** The editor's files by tab name. */
  readonly files: Readonly<Record<string, string>>;
  /** The Timeline position (commands applied); absent: the newest moment. */
  readonly position?: number;
  /** The lesson open when it was shared, its step (0-based) and its run's progress (older links have neither). */
  readonly lesson?: SharedLesson;
}

export interface SharedLesson {
  readonly id: string;
  readonly step?: number;
  /** The LessonRun's progress: replayed, it gives the same steps done and the same cluster. */
  readonly progress?: LessonProgress;
}

/** More commands than any session a learner types; a bigger log is refused, not replayed. */
const MAX_COMMANDS = 100_000;

type Check<T> = { ok: T } | { error: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function strings(v: unknown, where: string): Check<Record<string, string>> {
  if (!isRecord(v)) return { error: `${where} must be an object of file names to texts` };
  for (const [k, t] of Object.entries(v)) if (typeof t !== 'string') return { error: `${where}["${k}"] must be text` };
  return { ok: { ...v } as Record<string, string> };
}

function commands(v: unknown, where: string): Check<LoggedCommand[]> {
  if (!Array.isArray(v)) return { error: `${where} must be a list of commands` };
  if (v.length > MAX_COMMANDS) return { error: `${where} has ${v.length} commands; at most ${MAX_COMMANDS} are read` };
  const out: LoggedCommand[] = [];
  for (const [i, c] of v.entries()) {
    const at = `${where}[${i}]`;
    if (!isRecord(c) || typeof c.line !== 'string') return { error: `${at} must have a "line" of text` };
    if (c.stdin !== undefined && typeof c.stdin !== 'string') return { error: `${at}.stdin must be text` };
    let files: Record<string, string> | undefined;
    if (c.files !== undefined) {
      const f = strings(c.files, `${at}.files`);
      if ('error' in f) return f;
      files = f.ok;
    }
    for (const t of ['start', 'end'] as const) if (c[t] !== undefined && typeof c[t] !== 'number') return { error: `${at}.${t} must be a number` };
    if (c.cut !== undefined && c.cut !== true) return { error: `${at}.cut must be true when present` };
    const times = { ...(c.start !== undefined ? { start: c.start as number } : {}), ...(c.end !== undefined ? { end: c.end as number } : {}), ...(c.cut ? { cut: true as const } : {}) };
    out.push({ line: c.line, ...(c.stdin !== undefined ? { stdin: c.stdin as string } : {}), ...(files ? { files } : {}), ...times });
  }
  return { ok: out };
}

/** The session log in `v`, checked and copied (only the known fields), or what is wrong with it. */
export function checkLog(v: unknown, where = 'log'): Check<SessionLog> {
  if (!isRecord(v)) return { error: `${where} must be an object` };
  if (typeof v.format !== 'number') return { error: `${where}.format must be a number` };
  if (typeof v.engine !== 'string') return { error: `${where}.engine must be text` };
  if (typeof v.seed !== 'number') return { error: `${where}.seed must be a number` };
  const cmds = commands(v.commands, `${where}.commands`);
  if ('error' in cmds) return cmds;
  let branches: LoggedCommand[][] | undefined;
  if (v.branches !== undefined) {
    if (!Array.isArray(v.branches)) return { error: `${where}.branches must be a list` };
    branches = [];
    for (const [i, b] of v.branches.entries()) {
      const c = commands(b, `${where}.branches[${i}]`);
      if ('error' in c) return c;
      branches.push(c.ok);
    }
  }
  const log: SessionLog = { format: v.format, engine: v.engine, seed: v.seed, commands: cmds.ok, ...(branches ? { branches } : {}) };
  const problem = logProblem(log);
  return problem ? { error: problem } : { ok: log };
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isAnswer = (v: unknown): v is PredictionAnswer => isText(v) || (typeof v === 'number' && Number.isFinite(v)) || (Array.isArray(v) && v.every(isText));

function optionalFiles(v: unknown, where: string): Check<{ files?: Record<string, string> }> {
  if (v === undefined) return { ok: {} };
  const f = strings(v, where);
  return 'error' in f ? f : { ok: { files: f.ok } };
}

function logEntry(e: unknown, at: string): Check<LogEntry> {
  if (!isRecord(e)) return { error: `${at} must be an object` };
  if (e.solve === true) return { ok: { solve: true } };
  if (isText(e.next)) return { ok: { next: e.next } };
  const files = optionalFiles(e.files, `${at}.files`);
  if ('error' in files) return files;
  if (isText(e.run)) return { ok: { run: e.run, ...files.ok } };
  if (!isText(e.exec)) return { error: `${at} must have "exec", "run" or "next" text, or "solve": true` };
  if (e.stdin !== undefined && !isText(e.stdin)) return { error: `${at}.stdin must be text` };
  if (e.until !== undefined && !(typeof e.until === 'number' && Number.isFinite(e.until))) return { error: `${at}.until must be a virtual time in milliseconds` };
  return { ok: { exec: e.exec, ...(isText(e.stdin) ? { stdin: e.stdin } : {}), ...files.ok, ...(typeof e.until === 'number' ? { until: e.until } : {}) } };
}

/** A lesson run's progress in `v` for lesson `id`, checked and copied (only the known fields). */
export function checkProgress(v: unknown, id: string, where = 'lesson.progress'): Check<LessonProgress> {
  if (!isRecord(v)) return { error: `${where} must be an object` };
  if (v.format !== 1) return { error: `${where}.format must be 1` };
  if (v.lesson !== id) return { error: `${where}.lesson must be the lesson's id, "${id}"` };
  if (!Array.isArray(v.stepsDone) || !v.stepsDone.every(isText)) return { error: `${where}.stepsDone must be a list of step ids` };
  if (!Array.isArray(v.hintsShown) || !v.hintsShown.every((n) => Number.isInteger(n) && n >= 0)) return { error: `${where}.hintsShown must be a list of whole numbers` };
  if (typeof v.solved !== 'boolean' || typeof v.completed !== 'boolean') return { error: `${where}.solved and .completed must be true or false` };
  if (!isRecord(v.predictions)) return { error: `${where}.predictions must be an object` };
  const predictions: [string, { answer: PredictionAnswer; correct: boolean }][] = [];
  for (const [k, p] of Object.entries(v.predictions)) {
    if (!isRecord(p) || !isAnswer(p.answer) || typeof p.correct !== 'boolean') return { error: `${where}.predictions["${k}"] must have an "answer" and "correct"` };
    predictions.push([k, { answer: Array.isArray(p.answer) ? [...(p.answer as string[])] : p.answer, correct: p.correct }]);
  }
  const buffers = strings(v.buffers, `${where}.buffers`);
  if ('error' in buffers) return buffers;
  let stash: Record<string, string> | undefined;
  if (v.stash !== undefined) {
    const s = strings(v.stash, `${where}.stash`);
    if ('error' in s) return s;
    stash = s.ok;
  }
  if (!Array.isArray(v.log)) return { error: `${where}.log must be a list` };
  if (v.log.length > MAX_COMMANDS) return { error: `${where}.log has ${v.log.length} entries; at most ${MAX_COMMANDS} are read` };
  const log: LogEntry[] = [];
  for (const [i, e] of v.log.entries()) {
    const entry = logEntry(e, `${where}.log[${i}]`);
    if ('error' in entry) return entry;
    log.push(entry.ok);
  }
  return {
    ok: { format: 1, lesson: id, stepsDone: [...(v.stepsDone as string[])], predictions: Object.fromEntries(predictions), hintsShown: [...(v.hintsShown as number[])], solved: v.solved, completed: v.completed, buffers: buffers.ok, ...(stash ? { stash } : {}), log },
  };
}

function checkLesson(v: unknown): Check<SharedLesson> {
  if (!isRecord(v) || typeof v.id !== 'string') return { error: 'lesson must have an "id" of text' };
  if (v.step !== undefined && (!Number.isInteger(v.step) || (v.step as number) < 0)) return { error: 'lesson.step must be a whole number from 0' };
  let progress: LessonProgress | undefined;
  if (v.progress !== undefined) {
    const p = checkProgress(v.progress, v.id);
    if ('error' in p) return p;
    progress = p.ok;
  }
  return { ok: { id: v.id, ...(v.step !== undefined ? { step: v.step as number } : {}), ...(progress ? { progress } : {}) } };
}

/** A whole shared session in `v`, checked and copied, or what is wrong with it. */
export function checkShared(v: unknown): Check<SharedSession> {
  if (!isRecord(v)) return { error: 'the session must be an object' };
  const log = checkLog(v.log);
  if ('error' in log) return log;
  const files = strings(v.files ?? {}, 'files');
  if ('error' in files) return files;
  const { position } = v;
  if (position !== undefined && (!Number.isInteger(position) || (position as number) < 0 || (position as number) > log.ok.commands.length)) {
    return { error: `position must be a whole number from 0 to ${log.ok.commands.length}` };
  }
  const lesson = v.lesson === undefined ? undefined : checkLesson(v.lesson);
  if (lesson && 'error' in lesson) return lesson;
  return {
    ok: {
      log: log.ok,
      files: files.ok,
      ...(position !== undefined ? { position: position as number } : {}),
      ...(lesson ? { lesson: lesson.ok } : {}),
    },
  };
}
