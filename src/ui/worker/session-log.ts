/**
 * The session log as the page saves it: everything needed to rebuild a playground's timeline
 * exactly. A fresh cluster with `seed`, then `commands` in order (each with its stdin, the editor
 * files it read and the virtual times it ran at), gives the same cluster byte for byte (the
 * engine is deterministic). It is written from the session's `Timeline` (src/kubectl/timeline),
 * the one command log: Play segments are in it as `sim advance D`; read-only questions
 * (validation, why), rewinds and checkpoints never are.
 *
 * Formats: 2 (this page) saves each command as the Timeline's `LogEntry` (times, and `cut` for a
 * command a rewind interrupted); 1 (earlier pages) saved lines, stdin and files only. Both open:
 * a command without times runs at the present, as a preset's script does.
 */
import type { LogEntry } from '../../kubectl/timeline/log.js';
import type { CheckpointStore } from '../../kubectl/timeline/checkpoints.js';
import { Timeline } from '../../kubectl/timeline/timeline.js';
import { createCluster } from '../../sim/index.js';

/** The log format this page writes. */
export const LOG_FORMAT = 2;

/** The formats this page reads; a log of another is refused, never guessed at. */
const READABLE = new Set([1, LOG_FORMAT]);

/** The engine that wrote a log (the package version, set at build time). */
export const ENGINE_VERSION = `everynode ${__ENGINE_VERSION__}`;

/** A saved command: a `LogEntry`, whose times a format 1 log or a preset's script leaves out. */
export type LoggedCommand = Omit<LogEntry, 'start' | 'end'> & { readonly start?: number; readonly end?: number };

export interface SessionLog {
  readonly format: number;
  readonly engine: string;
  readonly seed: number;
  /** The commands of the branch shown, in order: the replay. */
  readonly commands: readonly LoggedCommand[];
  /** Other futures the Timeline keeps reachable (each a whole branch from the start). */
  readonly branches?: readonly (readonly LoggedCommand[])[];
}

export function emptyLog(seed = 1): SessionLog {
  return { format: LOG_FORMAT, engine: ENGINE_VERSION, seed, commands: [] };
}

/** Why a log cannot be replayed here, or undefined when it can. */
export function logProblem(log: SessionLog): string | undefined {
  if (!READABLE.has(log.format)) return `this session log has format ${log.format}; this page reads formats ${[...READABLE].join(' and ')}`;
  if (!Number.isSafeInteger(log.seed) || log.seed < 0) return `this session log's seed ${String(log.seed)} is not a non-negative integer`;
  const cutWithoutEnd = [log.commands, ...(log.branches ?? [])].flat().find((c) => c.cut && c.end === undefined);
  if (cutWithoutEnd) return `this session log's command "${cutWithoutEnd.line}" was cut short but says not when`;
  return undefined;
}

/** The log of `timeline`'s session (started with `seed`): the branch shown and the others. */
export function logOf(seed: number, timeline: Timeline): SessionLog {
  const branches = timeline.branches;
  return { ...emptyLog(seed), commands: timeline.entries, ...(branches.length > 0 ? { branches } : {}) };
}

/**
 * A timeline on a fresh cluster with the log's seed, every command of the log run into it, and
 * every saved branch run again from where it leaves the shown one (so it stays reachable); the
 * branch shown at the end is the log's. `checkpoints`: the timeline's checkpoint store (the
 * Timeline's default when not given).
 */
export function rebuild(log: SessionLog, checkpoints?: CheckpointStore): Timeline {
  const timeline = new Timeline(createCluster({ seed: log.seed }), checkpoints);
  for (const c of log.commands) timeline.append(asEntry(c));
  const shown = timeline.entries;
  let moved = false;
  for (const branch of log.branches ?? []) {
    let shared = 0;
    while (shared < branch.length && shared < log.commands.length && sameCommand(branch[shared]!, log.commands[shared]!)) shared++;
    if (shared === branch.length) continue;
    timeline.rewindAfter(shared, shown);
    for (const c of branch.slice(shared)) timeline.append(asEntry(c));
    moved = true;
  }
  if (moved) timeline.switchTo(shown);
  return timeline;
}

/** A saved command as `Timeline.append` takes it: only a cut command's end is read. */
function asEntry(c: LoggedCommand): LogEntry {
  return { ...c, start: c.start ?? 0, end: c.end ?? 0 };
}

/** Whether two saved commands are the same step (times aside: format 1 has none). */
function sameCommand(a: LoggedCommand, b: LoggedCommand): boolean {
  return a.line === b.line && a.stdin === b.stdin && a.cut === b.cut && (!a.cut || a.end === b.end) && JSON.stringify(a.files ?? {}) === JSON.stringify(b.files ?? {});
}
