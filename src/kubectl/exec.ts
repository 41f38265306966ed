/**
 * The single entry point every part of Everynode drives the cluster through:
 * `exec(cluster, line, stdin?) -> {exitCode, stdout, stderr}` for one `kubectl ...` or `sim ...`
 * line. After the verb has run, the cluster is settled at the same virtual instant (commands take
 * no virtual time; only `sim advance`, `sim settle` and `rollout status` move the clock).
 */
import type { Cluster } from '../sim/engine/cluster.js';
import type { VerbContext } from './context.js';
import { fail, type ExecResult } from './result.js';
import { splitArgs } from './script.js';
import { KUBECTL_VERBS } from './verbs/index.js';
import { SIM_VERBS } from './sim/index.js';

export type { ExecResult } from './result.js';

/** What the host offers commands besides the cluster: files for `-f NAME`. */
export interface ExecOptions {
  readonly readFile?: (path: string) => string | undefined;
}

export function exec(cluster: Cluster, line: string, stdin?: string, opts: ExecOptions = {}): ExecResult {
  const words = splitArgs(line);
  if (!Array.isArray(words)) return fail(words.error);
  if (words.length === 0) return { exitCode: 0, stdout: '', stderr: '' };
  const [program, verb, ...rest] = words as [string, string | undefined, ...string[]];
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
