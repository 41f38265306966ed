/**
 * The single entry point every part of Everynode drives the cluster through:
 * `exec(cluster, line, stdin?) -> {exitCode, stdout, stderr, output?}` for one `kubectl ...` or
 * `sim ...` line (`outputOf` gives both streams in the order they were written), optionally piped through filters (`| grep web`, pipe/). After the verb has run,
 * the cluster is settled at the same virtual instant (commands take no virtual time; only the
 * verbs that wait, such as `sim advance`, `sim settle` and `rollout status`, move the clock).
 */
import type { Cluster } from '../sim/engine/cluster.js';
import type { VerbContext } from './context.js';
import { filterFirst, runFilters, unknownFilter } from './pipe/index.js';
import { fail, type ExecResult } from './result.js';
import { splitPipeline } from './shell-words.js';
import { KUBECTL_VERBS } from './verbs/index.js';
import { SIM_VERBS } from './sim/index.js';

export { outputOf, type ExecResult, type OutputChunk } from './result.js';

/** What the host offers commands besides the cluster: files for `-f NAME`. */
export interface ExecOptions {
  readonly readFile?: (path: string) => string | undefined;
}

export function exec(cluster: Cluster, line: string, stdin?: string, opts: ExecOptions = {}): ExecResult {
  const pipeline = splitPipeline(line);
  if ('error' in pipeline) return { exitCode: 2, stdout: '', stderr: `${pipeline.error}\n` };
  const [command, ...filters] = pipeline.stages;
  const refused = unknownFilter(pipeline.stages);
  if (refused) return refused;
  const result = run(cluster, command!.words, filters.length > 0 ? command!.text : line, stdin, opts);
  return filters.length > 0 ? runFilters(result, pipeline.stages) : result;
}

/** Runs one `kubectl ...` / `sim ...` command (`line` is its text, for causes and change-cause). */
function run(cluster: Cluster, words: readonly string[], line: string, stdin: string | undefined, opts: ExecOptions): ExecResult {
  if (words.length === 0) return { exitCode: 0, stdout: '', stderr: '' };
  const [program, verb, ...rest] = words as [string, string | undefined, ...string[]];
  const misplaced = filterFirst(program);
  if (misplaced) return misplaced;
  const table = program === 'kubectl' ? KUBECTL_VERBS : program === 'sim' ? SIM_VERBS : undefined;
  if (!table) {
    return { exitCode: 127, stdout: '', stderr: `${program}: command not found (this terminal runs kubectl and sim commands)\n` };
  }
  if (verb === undefined) return fail(`${program}: a command is required, e.g. "${program} ${program === 'kubectl' ? 'get nodes' : 'node add node-1'}"`);
  const run = Object.prototype.hasOwnProperty.call(table, verb) ? table[verb] : undefined;
  if (!run) {
    const close = suggestions(verb, Object.keys(table));
    const hint = close.length > 0 ? `\n\nDid you mean this?\n${close.map((n) => `\t${n}`).join('\n')}\n` : '';
    return { exitCode: 1, stdout: '', stderr: `error: unknown command "${verb}" for "${program}"${hint}\nRun '${program} --help' for usage.\n` };
  }
  const ctx: VerbContext = { cluster, client: cluster.clientFor(program), line, readFile: opts.readFile, ...(stdin !== undefined ? { stdin } : {}) };
  let result: ExecResult;
  try {
    result = run(ctx, rest);
  } finally {
    cluster.settle(line);
  }
  return result;
}

/** cobra's suggestions: names within edit distance 2, or starting with what was typed. */
function suggestions(word: string, names: readonly string[]): string[] {
  return names.filter((n) => n.startsWith(word) || editDistance(word, n) <= 2).sort();
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}
