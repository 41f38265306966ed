/**
 * One playground's engine session, as the worker holds it: the cluster and the session log that
 * rebuilds it. Every command the page sends runs here and is logged with its stdin and the editor
 * files it read, so that replaying the log gives the same cluster; the timeline keeps the log's
 * branches and the moment shown.
 */
import { exec, type ExecResult } from '../../kubectl/exec.js';
import type { FieldDocs } from '../../kubectl/explain/field-docs.js';
import { parseScript } from '../../kubectl/script.js';
import { commandResult, type CommandResult } from '../../kubectl/session.js';
import type { Cluster } from '../../sim/engine/cluster.js';
import type { ScriptError } from './protocol.js';
import { logProblem, replay, type LoggedCommand, type SessionLog } from './session-log.js';
import { Timeline } from './timeline.js';

export class EngineSession {
  readonly cluster: Cluster;
  readonly timeline: Timeline;

  /**
   * Rebuilds the cluster from `log` (throws with the reason when the log cannot be read here),
   * or takes `cluster` as that replay already made (a lesson's run owns its cluster).
   */
  constructor(log: SessionLog, cluster?: Cluster) {
    const problem = logProblem(log);
    if (problem) throw new Error(problem);
    this.cluster = cluster ?? replay(log);
    this.timeline = new Timeline(log, this.cluster);
  }

  /** The log so far (a copy: the caller may keep it). */
  get log(): SessionLog {
    return this.timeline.log;
  }

  /**
   * Runs script text: each command in order, logged with its stdin and the files it read from
   * `files`. A script that does not parse runs nothing and logs nothing. `fieldDocs` are the
   * descriptions kubectl explain prints (they change nothing, so a replay needs none).
   */
  run(text: string, files: Readonly<Record<string, string>>, fieldDocs?: () => FieldDocs | undefined): CommandResult[] | ScriptError {
    const parsed = parseScript(text);
    if ('error' in parsed) return { error: parsed.error, line: parsed.line };
    const results: CommandResult[] = [];
    if (parsed.commands.length > 0) this.timeline.beforeCommand();
    for (const cmd of parsed.commands) {
      const read: Record<string, string> = {};
      const readFile = (name: string): string | undefined => {
        if (!Object.hasOwn(files, name)) return undefined;
        read[name] = files[name]!;
        return read[name];
      };
      const r = this.execute(cmd.text, cmd.stdin, readFile, fieldDocs);
      results.push(commandResult(cmd.text, r));
      this.timeline.record({
        line: cmd.text,
        ...(cmd.stdin !== undefined ? { stdin: cmd.stdin } : {}),
        ...(Object.keys(read).length > 0 ? { files: read } : {}),
      });
    }
    return results;
  }

  /** Runs one command on the cluster (a lesson's session runs it through its LessonRun). */
  protected execute(line: string, stdin: string | undefined, readFile: (name: string) => string | undefined, fieldDocs?: () => FieldDocs | undefined): ExecResult {
    return exec(this.cluster, line, stdin, { readFile, fieldDocs });
  }

  /** Appends a command that already ran outside `run` (a Play segment's `sim advance D`). */
  record(cmd: LoggedCommand): void {
    this.timeline.record(cmd);
  }
}
