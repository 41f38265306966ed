/**
 * A lesson's engine session: the session the host serves (terminal, editor, Play, Timeline) over
 * the LessonRun's own Timeline and cluster, so every command a learner gives runs through the run
 * (its progress log, its checks, its steps), `sim rewind` and the scrubber move the very cluster
 * the checks read, and the picture shows it. There is one command log: the run's Timeline.
 */
import type { ExecResult } from '../../kubectl/exec.js';
import type { LessonRun } from '../../tutorial/run.js';
import { EngineSession, type FileAccess } from './session.js';
import { emptyLog, type LoggedCommand, type SessionLog } from './session-log.js';

export class LessonSession extends EngineSession {
  constructor(private readonly lessonRun: LessonRun) {
    super(emptyLog(lessonRun.lesson.seed), lessonRun.timeline);
  }

  /**
   * The log to save or report: the lesson's setup (where the run's Timeline starts), then the
   * Timeline's commands; replaying it gives the run's cluster.
   */
  override get log(): SessionLog {
    const { lesson } = this.lessonRun;
    const setup: LoggedCommand[] = lesson.setup.commands.map((c) => ({ line: c.text, ...(c.stdin === undefined ? {} : { stdin: c.stdin }), ...filesNamed(c.text, lesson.files) }));
    const log = super.log;
    return { ...log, commands: [...setup, ...log.commands], ...(log.branches ? { branches: log.branches.map((b) => [...setup, ...b]) } : {}) };
  }

  /** A Play segment ended: the run logs it in its Timeline and reads the progress. */
  override record(line: string, start: number): void {
    this.lessonRun.observe({ line, start });
  }

  /**
   * The learner's editor text goes into the run's buffers of the files the line names, then the
   * run executes it. A lesson reads only its own files, so its lines write none (`> FILE` is
   * refused: redirect.ts).
   */
  protected override execute(line: string, stdin: string | undefined, files: FileAccess): ExecResult {
    for (const path of this.lessonRun.files().keys()) {
      if (!line.includes(path)) continue;
      const text = files.readFile(path);
      if (text !== undefined) this.lessonRun.setBuffer(path, text);
    }
    return this.lessonRun.exec(line, stdin);
  }
}

/** The lesson files a setup line names (`-f start/x.yaml`), with their text. */
function filesNamed(line: string, files: ReadonlyMap<string, string>): { files?: Record<string, string> } {
  const named = [...files].filter(([path]) => line.includes(path));
  return named.length > 0 ? { files: Object.fromEntries(named) } : {};
}
