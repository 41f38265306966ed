/**
 * The session log: everything needed to rebuild a playground's cluster exactly. A fresh cluster
 * with `seed`, then `commands` in order, each with its stdin and the editor files it read, gives
 * the same cluster byte for byte (the engine is deterministic). Play segments are logged as
 * `sim advance D`; read-only questions (validation, why) are never logged.
 */
import { exec } from '../../kubectl/exec.js';
import { commandResult, type CommandResult } from '../../kubectl/session.js';
import { createCluster } from '../../sim/index.js';
import type { Cluster } from '../../sim/engine/cluster.js';

/** The log format this page writes; a log of another format is refused, never guessed at. */
export const LOG_FORMAT = 1;

/** The engine that wrote a log (the package version, set at build time). */
export const ENGINE_VERSION = `everynode ${__ENGINE_VERSION__}`;

export interface LoggedCommand {
  /** The command line as it ran (`kubectl apply -f ds.yaml`). */
  readonly line: string;
  /** Its here-document body, if it had one. */
  readonly stdin?: string;
  /** The editor files it read through `-f NAME`, with the text they had then. */
  readonly files?: Readonly<Record<string, string>>;
}

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
  if (log.format !== LOG_FORMAT) return `this session log has format ${log.format}; this page reads format ${LOG_FORMAT}`;
  if (!Number.isSafeInteger(log.seed) || log.seed < 0) return `this session log's seed ${String(log.seed)} is not a non-negative integer`;
  return undefined;
}

/** Runs one logged command against `cluster`, reading `-f NAME` from the files it recorded. */
export function execLogged(cluster: Cluster, cmd: LoggedCommand): CommandResult {
  const files = cmd.files ?? {};
  const r = exec(cluster, cmd.line, cmd.stdin, { readFile: (name) => (Object.hasOwn(files, name) ? files[name] : undefined) });
  return commandResult(cmd.line, r);
}

/** A fresh cluster with the log's seed and every command of the log replayed into it. */
export function replay(log: SessionLog): Cluster {
  const cluster = createCluster({ seed: log.seed });
  for (const cmd of log.commands) execLogged(cluster, cmd);
  return cluster;
}
