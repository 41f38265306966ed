/**
 * The session log a timeline keeps: every command that ran, in order, with what it needs to run
 * again exactly (its stdin and the files it read) and the virtual times it started and ended at.
 * A fresh cluster with the same seed, given the entries in order, ends up byte for byte where the
 * session is (the engine is deterministic). The log never holds a rewind: it is the branch shown.
 */
import type { Cluster } from '../../sim/engine/cluster.js';
import { exec, type ExecResult } from '../exec.js';

export interface LogEntry {
  /** The command line as it ran (`kubectl apply -f ds.yaml`, `sim advance 5m`). */
  readonly line: string;
  /** Its here-document body, if it had one. */
  readonly stdin?: string;
  /** The files it read through `-f NAME`, with the text they had then. */
  readonly files?: Readonly<Record<string, string>>;
  /** Virtual time (ms) when it started and when it ended. */
  readonly start: number;
  readonly end: number;
  /**
   * A rewind to a moment inside this command cut it short at `end`: it runs again with virtual
   * time stopping there, as if it had been interrupted (`Cluster.withHorizon`).
   */
  readonly cut?: true;
}

/**
 * Runs one entry again against `cluster`, reading `-f NAME` from the files it recorded. A command
 * that only reads is not run (exec.ts `onlyReads`): the cluster ends where it would, and nothing
 * shows a replay's output.
 */
export function replayEntry(cluster: Cluster, entry: LogEntry): void {
  const files = entry.files ?? {};
  const run = (): ExecResult => exec(cluster, entry.line, entry.stdin, { readFile: (name) => (Object.hasOwn(files, name) ? files[name] : undefined), replay: true });
  if (entry.cut) cluster.withHorizon(entry.end, run);
  else run();
}

/**
 * The entries that make up the moment `time` of `branch`: every command that started before it,
 * and those that started and ended at it (commands take no virtual time unless they wait). One
 * still running at `time` is cut short there. The branch is in time order.
 */
export function prefixAt(branch: readonly LogEntry[], time: number): LogEntry[] {
  const kept: LogEntry[] = [];
  for (const e of branch) {
    if (!(e.start < time || (e.start === time && e.end === time))) break;
    kept.push(e.end > time ? { ...e, end: time, cut: true } : e);
  }
  return kept;
}

/**
 * Whether branch `a` is `b` or leads into it: the same entries, the last perhaps `b`'s cut short.
 * Entries compare by identity, and one entry stands for all before it: an entry is only ever
 * appended to the branch it ran on.
 */
export function leadsInto(a: readonly LogEntry[], b: readonly LogEntry[]): boolean {
  if (a.length > b.length) return false;
  if (a.length === 0) return true;
  const i = a.length - 1;
  if (i > 0 && a[i - 1] !== b[i - 1]) return false;
  const x = a[i]!;
  const y = b[i]!;
  return x === y || (x.cut === true && x.line === y.line && x.stdin === y.stdin && x.start === y.start && x.end <= y.end);
}
