/**
 * The single entry point every part of Everynode drives the cluster through:
 * `exec(cluster, line, stdin?, opts?) -> {exitCode, stdout, stderr, output?}` for one `kubectl ...`
 * or `sim ...` line, optionally piped through filters (`| grep web`, pipe/); `outputOf` gives both
 * streams in the order they were written. After the verb has run, the cluster is settled at the
 * same virtual instant (commands take no virtual time; only the verbs that wait, such as
 * `sim advance`, `sim settle` and `rollout status`, move the clock). With a timeline in `opts`,
 * the line is logged there (kubectl/timeline), except the commands that act on the timeline.
 */
import type { Cluster } from '../sim/engine/cluster.js';
import type { VerbContext } from './context.js';
import type { FieldDocs } from './explain/field-docs.js';
import { helpFor } from './help/dispatch.js';
import { filterFirst, runFilters, unknownFilter } from './pipe/index.js';
import { fail, type ExecResult } from './result.js';
import { splitArgs, splitPipeline } from './shell-words.js';
import type { Timeline } from './timeline/timeline.js';
import { KUBECTL_VERBS } from './verbs/index.js';
import { SESSION_VERBS, SIM_VERBS } from './sim/index.js';

export { outputOf, type ExecResult, type OutputChunk } from './result.js';

/**
 * What the host offers commands besides the cluster: files for `-f NAME`, the session's timeline,
 * and the upstream field descriptions `kubectl explain` prints (explain/field-docs.ts; the host
 * builds or loads them).
 */
export interface ExecOptions {
  readonly readFile?: (path: string) => string | undefined;
  /**
   * The session's timeline, whose cluster is the one commands run on: every line is logged in it
   * with the files it read, and `sim checkpoint` / `sim rewind` act on it. Without one there is
   * nothing to rewind.
   */
  readonly timeline?: Timeline;
  readonly fieldDocs?: () => FieldDocs | undefined;
}

export function exec(cluster: Cluster, line: string, stdin?: string, opts: ExecOptions = {}): ExecResult {
  const timeline = opts.timeline;
  if (!timeline || actsOnTimeline(line)) return execLine(cluster, line, stdin, opts);
  if (timeline.cluster !== cluster) throw new Error('exec: the timeline given belongs to another cluster');
  const files: Record<string, string> = {};
  const readFile = opts.readFile;
  const recorded = readFile
    ? (path: string): string | undefined => {
        const text = readFile(path);
        if (text !== undefined) files[path] = text;
        return text;
      }
    : undefined;
  const start = cluster.now;
  const result = execLine(cluster, line, stdin, { ...opts, readFile: recorded });
  timeline.record({ line, ...(stdin !== undefined ? { stdin } : {}), ...(Object.keys(files).length > 0 ? { files } : {}), start, end: cluster.now });
  return result;
}

/** `sim checkpoint`, `sim rewind` ...: the commands that act on the log rather than the cluster (never logged). */
export function actsOnTimeline(line: string): boolean {
  const words = splitArgs(line);
  return Array.isArray(words) && words[0] === 'sim' && words[1] !== undefined && SESSION_VERBS.has(words[1]);
}

function execLine(cluster: Cluster, line: string, stdin: string | undefined, opts: ExecOptions): ExecResult {
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
  const misplaced = filterFirst(words[0]!);
  if (misplaced) return misplaced;
  words = words[0] === 'kubectl' ? namespaceFlagsAfterVerb(words) : words;
  const help = helpFor(words[0]!, words.slice(1));
  if (help) return help;
  const [program, verb, ...rest] = words as [string, string, ...string[]];
  const table = program === 'kubectl' ? KUBECTL_VERBS : program === 'sim' ? SIM_VERBS : undefined;
  if (!table) {
    return { exitCode: 127, stdout: '', stderr: `${program}: command not found (this terminal runs kubectl and sim commands; "help" lists them)\n` };
  }
  const run = Object.prototype.hasOwnProperty.call(table, verb) ? table[verb] : undefined;
  if (!run) {
    const close = suggestions(verb, Object.keys(table));
    const hint = close.length > 0 ? `\n\nDid you mean this?\n${close.map((n) => `\t${n}`).join('\n')}\n` : '';
    return { exitCode: 1, stdout: '', stderr: `error: unknown command "${verb}" for "${program}"${hint}\nRun '${program} --help' for usage.\n` };
  }
  const ctx: VerbContext = {
    cluster,
    client: cluster.clientFor(program),
    line,
    readFile: opts.readFile,
    fieldDocs: opts.fieldDocs,
    ...(stdin !== undefined ? { stdin } : {}),
    ...(opts.timeline ? { timeline: opts.timeline } : {}),
  };
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

/**
 * kubectl's namespace flags are persistent flags of the root command, so `kubectl -n kube-system
 * get pods` means `kubectl get pods -n kube-system` (cobra parses persistent flags wherever they
 * stand). The verbs parse their own flags, so the ones written before the verb move after it.
 */
function namespaceFlagsAfterVerb(words: readonly string[]): readonly string[] {
  const moved: string[] = [];
  let i = 1;
  for (;;) {
    const w = words[i];
    if (w === '-n' || w === '--namespace') {
      if (words[i + 1] === undefined) break;
      moved.push(w, words[i + 1]!);
      i += 2;
    } else if (w !== undefined && (/^--namespace=/.test(w) || /^-n./.test(w) || w === '-A' || w === '--all-namespaces')) {
      moved.push(w);
      i += 1;
    } else break;
  }
  return moved.length === 0 ? words : [words[0]!, ...words.slice(i), ...moved];
}
