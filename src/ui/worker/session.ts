/**
 * One playground's engine session, as the worker holds it: a `Timeline` (src/kubectl/timeline),
 * the one command log, over the cluster. Every command the page sends runs through `exec` with
 * that timeline, which logs it with its stdin and the editor files it read and serves
 * `sim checkpoint` / `sim rewind`; the scrubber and the saved log are views of the same timeline.
 */
import { exec, movesTimeline, type ExecResult } from '../../kubectl/exec.js';
import type { FieldDocs } from '../../kubectl/explain/field-docs.js';
import { parseScript } from '../../kubectl/script.js';
import { commandResult, type CommandResult } from '../../kubectl/session.js';
import { SparseCheckpoints } from '../../kubectl/timeline/checkpoints.js';
import type { Timeline } from '../../kubectl/timeline/timeline.js';
import type { Cluster } from '../../sim/engine/cluster.js';
import type { ScriptError } from './protocol.js';
import { heldTables, type HeldTables } from './moved.js';
import { Scrubber } from './scrubber.js';
import { logOf, logProblem, rebuild, type SessionLog } from './session-log.js';

/** What a script did: each command's result, the files it wrote, and where it started from if it rewound. */
export interface RunOutcome {
  readonly results: CommandResult[];
  /** The editor files its lines wrote (`CMD > FILE`), by name, with their new text. */
  readonly written?: Readonly<Record<string, string>>;
  /**
   * The store's tables as they were before the script, when it has a `sim rewind`, which may put
   * the cluster back to another moment rather than change it step by step: what the page held
   * (the host posts every change before it serves the next request), for the host to send how
   * the moment reached differs from it (moved.ts), as it does for the scrubber's rewinds.
   * `sim checkpoint` and `sim checkpoints` leave the cluster as it is.
   */
  readonly rewoundFrom?: HeldTables;
}

/** The editor files a script's lines read (`-f NAME`) and write (`> NAME`). */
export interface FileAccess {
  readonly readFile: (name: string) => string | undefined;
  readonly writeFile: (name: string, text: string) => void;
}

export class EngineSession {
  readonly timeline: Timeline;
  readonly scrubber: Scrubber;
  private readonly seed: number;

  /**
   * Rebuilds the timeline from `log` (throws with the reason when the log cannot be read here),
   * or takes `timeline` as that rebuild already made it (a lesson's run keeps its own). A timeline
   * it rebuilds leaves the bookkeeping of its checkpoints to `timeline.tidy()`, which the host
   * calls once a command's reply is out.
   */
  constructor(log: SessionLog, timeline?: Timeline) {
    const problem = logProblem(log);
    if (problem) throw new Error(problem);
    this.seed = log.seed;
    this.timeline = timeline ?? rebuild(log, new SparseCheckpoints({ deferTidy: true }));
    this.scrubber = new Scrubber(this.timeline);
  }

  get cluster(): Cluster {
    return this.timeline.cluster;
  }

  /** The log to save (a copy: the caller may keep it). */
  get log(): SessionLog {
    return logOf(this.seed, this.timeline);
  }

  /**
   * Runs script text: each command in order through `exec` with the timeline, reading `-f NAME`
   * from `files` and writing `> NAME` into them (a later line reads what an earlier one wrote;
   * the page puts what was written in its editor). A script that does not parse runs nothing and
   * logs nothing. `fieldDocs` are the descriptions kubectl explain prints (they change nothing,
   * so a replay needs none).
   */
  run(text: string, files: Readonly<Record<string, string>>, fieldDocs?: () => FieldDocs | undefined): RunOutcome | ScriptError {
    const parsed = parseScript(text);
    if ('error' in parsed) return { error: parsed.error, line: parsed.line };
    const current: Record<string, string> = { ...files };
    const written: Record<string, string> = {};
    const access: FileAccess = {
      readFile: (name) => (Object.hasOwn(current, name) ? current[name] : undefined),
      writeFile: (name, text) => {
        current[name] = text;
        written[name] = text;
      },
    };
    const rewoundFrom = parsed.commands.some((cmd) => movesTimeline(cmd.text)) ? heldTables(this.cluster.store) : undefined;
    const results = parsed.commands.map((cmd) => commandResult(cmd.text, this.execute(cmd.text, cmd.stdin, access, fieldDocs)));
    return { results, ...(Object.keys(written).length > 0 ? { written } : {}), ...(rewoundFrom ? { rewoundFrom } : {}) };
  }

  /** Logs a command that already ran outside `run` (a Play segment's `sim advance D`, from `start`). */
  record(line: string, start: number): void {
    this.timeline.record({ line, start, end: this.cluster.now });
  }

  /** Runs one command through `exec` with the timeline (a lesson's session runs it through its LessonRun). */
  protected execute(line: string, stdin: string | undefined, files: FileAccess, fieldDocs?: () => FieldDocs | undefined): ExecResult {
    return exec(this.cluster, line, stdin, { readFile: files.readFile, writeFile: files.writeFile, timeline: this.timeline, ...(fieldDocs ? { fieldDocs } : {}) });
  }
}
