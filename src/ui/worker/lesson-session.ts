/**
 * A lesson's engine session: the session the host serves (terminal, editor, Play, Timeline) over
 * the LessonRun's own cluster, so every command a learner gives runs through the run (its log,
 * its checks, its steps) and the picture shows the very cluster the checks read.
 */
import type { ExecResult } from '../../kubectl/exec.js';
import type { Lesson } from '../../tutorial/model.js';
import type { LessonRun } from '../../tutorial/run.js';
import type { LogEntry } from '../../tutorial/run-progress.js';
import { EngineSession } from './session.js';
import { ENGINE_VERSION, LOG_FORMAT, type LoggedCommand, type SessionLog } from './session-log.js';

export class LessonSession extends EngineSession {
  constructor(private readonly lessonRun: LessonRun) {
    super(lessonLog(lessonRun.lesson, lessonRun.progress().log), lessonRun.clusterNow);
  }

  /** The learner's editor text goes into the run's buffers of the files the line names, then the run executes it. */
  protected override execute(line: string, stdin: string | undefined, readFile: (name: string) => string | undefined): ExecResult {
    for (const path of this.lessonRun.files().keys()) {
      if (!line.includes(path)) continue;
      const text = readFile(path);
      if (text !== undefined) this.lessonRun.setBuffer(path, text);
    }
    return this.lessonRun.exec(line, stdin);
  }
}

/** The lesson files a command line names (`-f start/x.yaml`), with their text. */
export function filesNamed(line: string, files: ReadonlyMap<string, string>): Record<string, string> | undefined {
  const named = [...files].filter(([path]) => line.includes(path));
  return named.length > 0 ? Object.fromEntries(named) : undefined;
}

function logged(text: string, stdin: string | undefined, files: Record<string, string> | undefined): LoggedCommand {
  return { line: text, ...(stdin === undefined ? {} : { stdin }), ...(files ? { files } : {}) };
}

/**
 * The session log of a run: the lesson's seed and setup, then what the run's own log did (a
 * step's Run is its commands; Solve starts over from the setup and runs the whole solution), so
 * the Timeline can rewind through it and replaying it gives the run's cluster.
 */
export function lessonLog(lesson: Lesson, entries: readonly LogEntry[]): SessionLog {
  const setup = lesson.setup.commands.map((c) => logged(c.text, c.stdin, filesNamed(c.text, lesson.files)));
  let commands: LoggedCommand[] = [...setup];
  for (const e of entries) {
    if ('exec' in e) commands.push(logged(e.exec, e.stdin, e.files));
    else if ('run' in e) {
      const step = lesson.steps.find((s) => s.id === e.run);
      for (const c of step?.run?.commands ?? []) commands.push(logged(c.text, c.stdin, e.files ? filesNamed(c.text, new Map(Object.entries(e.files))) : undefined));
    } else if ('solve' in e) {
      commands = [...setup];
      for (const s of lesson.steps) {
        for (const c of [...(s.solution?.commands ?? []), ...(s.run?.commands ?? [])]) commands.push(logged(c.text, c.stdin, filesNamed(c.text, lesson.files)));
      }
    }
  }
  return { format: LOG_FORMAT, engine: ENGINE_VERSION, seed: lesson.seed, commands };
}
