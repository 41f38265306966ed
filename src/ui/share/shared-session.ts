/**
 * What a share link or a session file carries: the session log, the editor's files (one per
 * tab), the Timeline position shown and, on a lesson page, the lesson and its step. Everything
 * from outside (a link, a file from disk) is checked here field by field before the page uses
 * it; nothing in it is ever executed as code: the log's lines are replayed through the one
 * script interface like any typed command.
 */
import { logProblem, type LoggedCommand, type SessionLog } from '../worker/session-log.js';

export interface SharedSession {
  readonly log: SessionLog;
  /** The editor's files by tab name. */
  readonly files: Readonly<Record<string, string>>;
  /** The Timeline position (commands applied); absent: the newest moment. */
  readonly position?: number;
  /** The lesson open when it was shared, and its step (0-based). */
  readonly lesson?: { readonly id: string; readonly step?: number };
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
    out.push({ line: c.line, ...(c.stdin !== undefined ? { stdin: c.stdin as string } : {}), ...(files ? { files } : {}) });
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

/** A whole shared session in `v`, checked and copied, or what is wrong with it. */
export function checkShared(v: unknown): Check<SharedSession> {
  if (!isRecord(v)) return { error: 'the session must be an object' };
  const log = checkLog(v.log);
  if ('error' in log) return log;
  const files = strings(v.files ?? {}, 'files');
  if ('error' in files) return files;
  const { position, lesson } = v;
  if (position !== undefined && (!Number.isInteger(position) || (position as number) < 0 || (position as number) > log.ok.commands.length)) {
    return { error: `position must be a whole number from 0 to ${log.ok.commands.length}` };
  }
  if (lesson !== undefined) {
    if (!isRecord(lesson) || typeof lesson.id !== 'string') return { error: 'lesson must have an "id" of text' };
    if (lesson.step !== undefined && (!Number.isInteger(lesson.step) || (lesson.step as number) < 0)) return { error: 'lesson.step must be a whole number from 0' };
  }
  return {
    ok: {
      log: log.ok,
      files: files.ok,
      ...(position !== undefined ? { position: position as number } : {}),
      ...(isRecord(lesson) ? { lesson: { id: lesson.id as string, ...(lesson.step !== undefined ? { step: lesson.step as number } : {}) } } : {}),
    },
  };
}
