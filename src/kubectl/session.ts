/**
 * Running a whole session script: parse it, make a fresh cluster, exec each command in order and
 * collect the results. The one runner the CLI, lesson checks and behaviour tests share. A fresh
 * cluster comes with a timeline (kubectl/timeline), so a script may checkpoint and rewind.
 */
import { createCluster, type CreateClusterOptions } from '../sim/index.js';
import type { Cluster } from '../sim/engine/cluster.js';
import { exec, outputOf, type ExecOptions, type ExecResult, type OutputChunk } from './exec.js';
import { parseScript } from './script.js';
import { Timeline } from './timeline/timeline.js';

export interface CommandResult {
  readonly command: string;
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
  /** Both streams in the order the command wrote them (what a terminal shows). */
  readonly output: readonly OutputChunk[];
}

/** One command's line and its result, both streams also in written order. */
export function commandResult(command: string, r: ExecResult): CommandResult {
  return { command, exitCode: r.exitCode, stdout: r.stdout, stderr: r.stderr, output: outputOf(r) };
}

/**
 * Files the script writes (`CMD > FILE`) kept for the rest of the run, read before the host's
 * own: the CLI never writes next to a script, and a later line reads what an earlier one wrote.
 */
function writtenInMemory(readFile: ExecOptions['readFile']): Pick<ExecOptions, 'readFile' | 'writeFile'> {
  const written = new Map<string, string>();
  return { readFile: (name) => written.get(name) ?? readFile?.(name), writeFile: (name, text) => void written.set(name, text) };
}

/**
 * Runs `text` against the cluster of `opts.timeline`, or `opts.cluster` (which then has no
 * timeline), or a fresh one with a fresh timeline. A parse error runs nothing.
 */
export function runScript(
  text: string,
  opts: CreateClusterOptions & ExecOptions & { cluster?: Cluster } = {},
): { results: CommandResult[]; cluster: Cluster; timeline?: Timeline } | { error: string; line: number } {
  const parsed = parseScript(text);
  if ('error' in parsed) return { error: parsed.error, line: parsed.line };
  const timeline = opts.timeline ?? (opts.cluster ? undefined : new Timeline(createCluster(opts)));
  const cluster = timeline?.cluster ?? opts.cluster!;
  // Every exec option reaches exec as given (a new one needs no line here); the timeline may be the fresh one.
  const execOpts: ExecOptions = { ...opts, ...(timeline ? { timeline } : {}), ...(opts.writeFile ? {} : writtenInMemory(opts.readFile)) };
  const results: CommandResult[] = [];
  for (const cmd of parsed.commands) results.push(commandResult(cmd.text, exec(cluster, cmd.text, cmd.stdin, execOpts)));
  return timeline ? { results, cluster, timeline } : { results, cluster };
}
