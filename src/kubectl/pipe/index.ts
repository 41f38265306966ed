/**
 * Pipelines: `CMD | FILTER [| FILTER ...]`. The command's standard output flows through the
 * filters in turn; what each writes to standard error reaches the terminal directly, in the order
 * the commands ran; the line's exit status is the last stage's (as bash without `pipefail`).
 * A `kubectl` or `sim` stage after a pipe reads what flows in as its standard input
 * (`kubectl get ds agent -o yaml | kubectl apply -f -`), run by the caller (`RunStage`); so does
 * `cat` (`| cat -A`, and the editor's files it names), while `echo` prints its words and drops it
 * (line-programs.ts: both may start a line too).
 *
 * The filters are small GNU tools in the C locale, one file each. Every stage is checked before
 * anything runs, so a line naming a program this terminal does not have changes nothing.
 */
import { OutputWriter, outputOf, type ExecResult } from '../result.js';
import type { Stage } from '../shell-words.js';
import { CUT, cut } from './cut.js';
import type { Filter, FilterResult } from './filter.js';
import { GREP, grep } from './grep.js';
import { HEAD, head } from './head.js';
import { lineProgram, type ReadFile } from './line-programs.js';
import { instead } from '../other-programs.js';
import { asksForHelp, helpText, type Program } from './options.js';
import { SED, sed } from './sed.js';
import { SORT, sort } from './sort.js';
import { TAIL, tail } from './tail.js';
import { UNIQ, uniq } from './uniq.js';
import { WC, wc } from './wc.js';

export const FILTERS: Readonly<Record<string, Filter>> = { grep, head, tail, wc, sort, uniq, cut, sed };

/** Each filter's identity and options, for `--help`. */
const PROGRAMS: Readonly<Record<string, Program>> = { grep: GREP, head: HEAD, tail: TAIL, wc: WC, sort: SORT, uniq: UNIQ, cut: CUT, sed: SED };

const NAMES = 'kubectl, sim, cat, echo, grep, sed, head, tail, wc, sort, uniq and cut';

function isFilter(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FILTERS, name);
}

/** The failure for a filter named where a command must come (the start of a line), if it is one. */
export function filterFirst(name: string): ExecResult | undefined {
  if (!isFilter(name)) return undefined;
  return { exitCode: 2, stdout: '', stderr: `${name} reads the output of a command: use it after a pipe, e.g. "kubectl get pods | ${name} ..."\n` };
}

/** Whether `stage` runs kubectl or sim (which the caller runs), rather than a filter. */
export function isProgram(stage: Stage): boolean {
  const name = stage.words[0];
  return name === 'kubectl' || name === 'sim';
}

/** The failure for a stage after a pipe that is neither a filter, kubectl, sim, cat nor echo, if any: command not found, as bash. */
export function unknownFilter(stages: readonly Stage[]): ExecResult | undefined {
  const bad = stages.slice(1).find((s) => !isFilter(s.words[0]!) && !isProgram(s) && !lineProgram(s.words[0]!));
  if (!bad) return undefined;
  const name = bad.words[0]!;
  return { exitCode: 127, stdout: '', stderr: `${name}: command not found (after a pipe this terminal runs ${NAMES})\n${instead(name)}` };
}

/** Runs a `kubectl` or `sim` stage after a pipe with what flows in as its standard input. */
export type RunStage = (stage: Stage, stdin: string) => ExecResult;

/** Runs the stages of `stages` after the first on the first command's result; `cat` reads the editor's files through `readFile`. */
export function runFilters(first: ExecResult, stages: readonly Stage[], runStage: RunStage, readFile?: ReadFile): ExecResult {
  const w = new OutputWriter();
  for (const chunk of outputOf(first)) if (chunk.stream === 'stderr') w.warn(chunk.text);
  let data = first.stdout;
  let exitCode = first.exitCode;
  for (const stage of stages.slice(1)) {
    const r = runAfterPipe(stage, data, runStage, readFile);
    w.warn(r.stderr);
    data = r.stdout;
    exitCode = r.exitCode;
  }
  w.print(data);
  return w.result(exitCode);
}

/** One stage after a pipe, reading `data`: kubectl or sim (the caller's), cat or echo, a filter's `--help`, or the filter. */
function runAfterPipe(stage: Stage, data: string, runStage: RunStage, readFile: ReadFile | undefined): FilterResult {
  if (isProgram(stage)) return runStage(stage, data);
  const [name, ...args] = stage.words as [string, ...string[]];
  const other = lineProgram(name);
  if (other) return other(args, data, readFile);
  return asksForHelp(PROGRAMS[name]!, args) ? { exitCode: 0, stdout: helpText(PROGRAMS[name]!), stderr: '' } : FILTERS[name]!(args, data);
}
