/**
 * The single entry point every part of Everynode drives the cluster through:
 * `exec(cluster, line, stdin?, opts?) -> {exitCode, stdout, stderr, output?}` for one `kubectl ...`
 * or `sim ...` line (or a `cat` / `echo` line making text for them: pipe/line-programs.ts),
 * optionally piped through filters (`| grep web`, pipe/); `outputOf` gives both streams in the
 * order they were written. After the verb has run, the cluster is settled at the
 * same virtual instant (commands take no virtual time; only the verbs that wait, such as
 * `sim advance`, `sim settle` and `rollout status`, move the clock). With a timeline in `opts`,
 * the line is logged there (kubectl/timeline), except the commands that act on the timeline.
 * The verbs are those registered so far (verb-registry.ts): a line whose part (parts/part.ts) a
 * host has not loaded is refused with a message naming it, and changes nothing.
 */
import type { Cluster } from '../sim/engine/cluster.js';
import type { VerbContext } from './context.js';
import { mayAskForHelp, namespaceFlagsAfterVerb } from './command-words.js';
import type { FieldDocs } from './explain/field-docs.js';
import { programNotFound } from './other-programs.js';
import { PART_OF_VERB, type PartName } from './parts/part.js';
import { filterFirst, isProgram, runFilters, unknownFilter } from './pipe/index.js';
import { lineProgram } from './pipe/line-programs.js';
import { errorsGo, redirected, redirectProblem } from './redirect.js';
import { outputOf, type ExecResult } from './result.js';
import { splitArgs, splitPipeline, type Stage } from './shell-words.js';
import { SESSION_VERBS } from './sim/start.js';
import type { Timeline } from './timeline/timeline.js';
import { unmodelledCommand } from './unmodelled-commands.js';
import { VERBS, verbNames, type VerbRegistry } from './verb-registry.js';

export { outputOf, type ExecResult, type OutputChunk } from './result.js';

/**
 * What the host offers commands besides the cluster: files for `-f NAME`, the session's timeline,
 * the upstream field descriptions `kubectl explain` prints (explain/field-docs.ts; the host
 * builds or loads them), and the verbs registered so far (verb-registry.ts).
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
  /** The verbs to run from; `VERBS` (what the host registered) when left out. */
  readonly verbs?: VerbRegistry;
  /**
   * A logged command run again (kubectl/timeline `replayEntry`): a command that only reads
   * (`onlyReads`) is not run, only the settle every verb ends with, and its result is empty.
   * It changed nothing, and nothing shows a replay's output; over a fleet a `kubectl get nodes
   * -o yaml` or a `describe nodes` in the log took a reload or a rewind half a second or more.
   */
  readonly replay?: boolean;
  /** Writes an editor file (`CMD > FILE`, redirect.ts); without it a line with `> FILE` is refused. */
  readonly writeFile?: (name: string, text: string) => void;
}

/**
 * The verbs that only read the cluster: no write, no draw from its random numbers, no move of
 * its clock (a `get` or `events` that watches and a `logs` that follows run the clock: `watches`,
 * `logsOnlyReads`), whatever their flags and arguments. `rollout` only reads with `history`; `sim why`
 * asks the controllers' dry runs.
 */
const READ_VERBS: Readonly<Record<'kubectl' | 'sim', ReadonlySet<string>>> = {
  kubectl: new Set(['get', 'describe', 'explain', 'api-resources', 'version', 'events']),
  sim: new Set(['why', 'now']),
};

/** Whether `program verb args...` only reads the cluster (`READ_VERBS`). */
export function onlyReads(program: 'kubectl' | 'sim', verb: string, args: readonly string[]): boolean {
  if (program === 'kubectl' && verb === 'logs') return logsOnlyReads(args);
  if (program === 'kubectl' && (verb === 'get' || verb === 'events') && watches(args)) return false;
  return READ_VERBS[program].has(verb) || (program === 'kubectl' && verb === 'rollout' && args[0] === 'history');
}

const POD_TYPES: ReadonlySet<string> = new Set(['po', 'pod', 'pods']);

/**
 * `kubectl logs` of a pod only reads; of a controller (`ds/agent`) it may wait, advancing the
 * clock, for the first pod to appear (`--pod-running-timeout`), and `-f` runs the clock while it
 * follows, so a replay must run those. Any `TYPE/NAME` word not of a pod counts (a flag's value
 * with a `/` is not such a word); any word of short flags with an `f` in it might be `-f`.
 */
function logsOnlyReads(args: readonly string[]): boolean {
  if (args.some((a) => a.startsWith('--follow') || (/^-[^-]/.test(a) && a.includes('f')))) return false;
  return args.every((a) => a.startsWith('-') || !a.includes('/') || POD_TYPES.has(a.slice(0, a.indexOf('/'))));
}

/**
 * Whether a `get` or `events` may watch (`-w`, `--watch`, `--watch-only`), read from its words without its
 * flag table: any `--watch...` word, or a word of short flags with a `w` in it (`-Aw`; `-owide`
 * counts too, and is only run again when it need not be).
 */
function watches(args: readonly string[]): boolean {
  return args.some((a) => a.startsWith('--watch') || (/^-[^-]/.test(a) && a.includes('w')));
}

/** What a replay gives for a command it did not run (`ExecOptions.replay`). */
const NOT_RUN: ExecResult = { exitCode: 0, stdout: '', stderr: '' };

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

/** The `sim` verb of `line` when it is one that acts on the log (`SESSION_VERBS`). */
function sessionVerb(line: string): string | undefined {
  const words = splitArgs(line);
  return Array.isArray(words) && words[0] === 'sim' && words[1] !== undefined && SESSION_VERBS.has(words[1]) ? words[1] : undefined;
}

/** `sim checkpoint`, `sim rewind` ...: the commands that act on the log rather than the cluster (never logged). */
export function actsOnTimeline(line: string): boolean {
  return sessionVerb(line) !== undefined;
}

/** `sim rewind`: of the commands that act on the log, the one that may put the cluster back to another moment. */
export function movesTimeline(line: string): boolean {
  return sessionVerb(line) === 'rewind';
}

function execLine(cluster: Cluster, line: string, stdin: string | undefined, opts: ExecOptions): ExecResult {
  const pipeline = splitPipeline(line);
  if ('error' in pipeline) return { exitCode: 2, stdout: '', stderr: `${pipeline.error}\n` };
  const [command, ...filters] = pipeline.stages;
  const { redirect } = pipeline;
  const refused = unknownFilter(pipeline.stages) ?? sessionVerbAfterPipe(filters) ?? (redirect && redirectProblem(redirect, opts));
  if (refused) return refused;
  // A replay leaves out a command that only reads, unless a kubectl or sim stage reads its output.
  const feeds = filters.some(isProgram);
  const ran = run(cluster, command!.words, command!.text, stdin, feeds ? { ...opts, replay: false } : opts);
  const result = pipeline.errorsTo ? errorsGo(ran, pipeline.errorsTo) : ran;
  const runStage = (stage: Stage, input: string): ExecResult => run(cluster, stage.words, stage.text, input, opts);
  const piped = filters.length > 0 ? runFilters(result, pipeline.stages, runStage, opts.readFile) : result;
  return redirect ? redirected(piped, redirect, opts) : piped;
}

/** `sim rewind` and the other verbs that act on the session's log cannot read a pipe: the whole line is logged. */
function sessionVerbAfterPipe(stages: readonly Stage[]): ExecResult | undefined {
  const s = stages.find((x) => x.words[0] === 'sim' && SESSION_VERBS.has(x.words[1] ?? ''));
  return s ? { exitCode: 2, stdout: '', stderr: `sim ${s.words[1]} acts on the session's timeline: run it on a line of its own\n` } : undefined;
}

/** Runs one `kubectl ...` / `sim ...` command (`line` is its text, for causes and change-cause), or a `cat` / `echo`. */
function run(cluster: Cluster, words: readonly string[], line: string, stdin: string | undefined, opts: ExecOptions): ExecResult {
  if (words.length === 0) return { exitCode: 0, stdout: '', stderr: '' };
  const misplaced = filterFirst(words[0]!);
  if (misplaced) return misplaced;
  // cat and echo only read: a replay runs one only when a kubectl or sim stage reads its output (`feeds`), and neither settles the cluster.
  const other = lineProgram(words[0]!);
  if (other) return opts.replay ? NOT_RUN : other(words.slice(1), stdin ?? '', opts.readFile);
  words = words[0] === 'kubectl' ? namespaceFlagsAfterVerb(words) : words;
  const verbs = opts.verbs ?? VERBS;
  if (mayAskForHelp(words)) {
    if (!verbs.help) return notLoaded(words.slice(0, 2).join(' '), 'help');
    const help = verbs.help(words[0]!, words.slice(1));
    if (help) return help;
  }
  const [program, verb, ...rest] = words as [string, string, ...string[]];
  if (program !== 'kubectl' && program !== 'sim') {
    return { exitCode: 127, stdout: '', stderr: programNotFound(program) };
  }
  const run = verbs.verb(program, verb);
  if (!run) {
    const part = Object.hasOwn(PART_OF_VERB[program], verb) ? PART_OF_VERB[program][verb] : undefined;
    if (part) return notLoaded(`${program} ${verb}`, part);
    const unmodelled = program === 'kubectl' ? unmodelledCommand(verb) : undefined;
    if (unmodelled) return { exitCode: 1, stdout: '', stderr: unmodelled };
    const close = suggestions(verb, verbNames(program));
    const hint = close.length > 0 ? `\n\nDid you mean this?\n${close.map((n) => `\t${n}`).join('\n')}\n` : '';
    return { exitCode: 1, stdout: '', stderr: `error: unknown command "${verb}" for "${program}"${hint}\nRun '${program} --help' for usage.\n` };
  }
  const logged: string[] = [];
  const ctx: VerbContext = {
    cluster,
    client: cluster.clientFor(program),
    line,
    klog: (text) => logged.push(text),
    readFile: opts.readFile,
    fieldDocs: opts.fieldDocs,
    ...(stdin !== undefined ? { stdin } : {}),
    ...(opts.timeline ? { timeline: opts.timeline } : {}),
  };
  let result: ExecResult;
  try {
    result = opts.replay && onlyReads(program, verb, rest) ? NOT_RUN : run(ctx, rest);
  } finally {
    cluster.settle(line);
  }
  return logged.length > 0 ? loggedFirst(logged.join(''), result) : result;
}

/** `result` with the klog lines the verb logged (`VerbContext.klog`) written to stderr before its own output. */
function loggedFirst(klog: string, result: ExecResult): ExecResult {
  return { ...result, stderr: klog + result.stderr, output: [{ stream: 'stderr', text: klog }, ...outputOf(result)] };
}

/**
 * A command whose part the host has not loaded (the page's worker could not fetch its chunk:
 * offline before the page kept it). Nothing ran; the same line works once the part is there.
 */
function notLoaded(command: string, part: PartName): ExecResult {
  return {
    exitCode: 1,
    stdout: '',
    stderr: `error: "${command}" is not available yet: this page could not load its ${part} part (offline, and not kept from an earlier visit). Nothing was changed; run it again once the network is back.\n`,
  };
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
