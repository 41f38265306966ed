/**
 * Which command lines ask for help, answered before any verb runs (cobra's `Find` plus its help
 * flag and help command, kubectl's `runHelp` and `options`):
 *
 *   kubectl | kubectl -h | kubectl --help | kubectl help      the command groups
 *   kubectl help VERB [SUBVERB]                              that command's page
 *   kubectl VERB [SUBVERB] ... -h|--help                     the same (flags before `--` only)
 *   kubectl rollout | kubectl set                            the page on stderr, exit 1 (DefaultSubCommandRun)
 *   kubectl options                                          the global flags
 *   sim, sim help [VERB], sim VERB ... -h|--help              the same for sim
 *   help                                                     a pointer to both (and to cat and echo)
 *
 * Help is text on stdout with exit 0. A flag value that happens to be `-h` (`-l -h`) is a value,
 * as pflag reads it: the command's flag table says which flags take one.
 */
import type { FlagSpec } from '../flags.js';
import type { ExecResult } from '../result.js';
import { SIM_HELP } from '../sim/help.js';
import { KUBECTL_HELP } from './kubectl/index.js';
import { renderCommand, renderOptions, renderProgram } from './render.js';
import type { CommandHelp, ProgramHelp } from './types.js';

/** The answer to a bare `help` line. */
const HELP_PROGRAM =
  'This terminal runs two programs:\n\n' +
  '  kubectl   the Kubernetes command line, talking to the playground\'s cluster\n' +
  '  sim       what no kubectl command can do: machines join and fail, images crash, time moves\n\n' +
  'Use "kubectl --help" or "sim --help" for their commands, "kubectl <command> --help" or "sim <command> --help" for one command.\n\n' +
  'Two more make text for them: cat prints editor files or a here-document (cat agent.yaml,\n' +
  'cat <<EOF | kubectl apply -f -; cat --help), and echo prints its words.\n\n' +
  'A line reads as bash reads it: quotes, brace ranges (kubectl cordon node-{1..3}), a pipe into\n' +
  'grep, sed, head, tail, wc, sort, uniq, cut (each knows --help), cat or kubectl, and "> FILE" to\n' +
  'send the output to an editor file (kubectl get ds NAME -o yaml > ds.yaml). Tab completes; Up and\n' +
  'Down recall lines.\n';

/** The flags a command accepts: its own and its program's global ones. */
const flagsOf = (program: ProgramHelp, cmd: CommandHelp): FlagSpec[] => [...(cmd.flags ?? []), ...program.globalFlags];

/** The subcommand of `cmd` that `word` names, by name or alias. */
function subcommand(cmd: CommandHelp, word: string): [string, CommandHelp] | undefined {
  const subs = cmd.subcommands ?? {};
  if (Object.hasOwn(subs, word)) return [word, subs[word]!];
  return Object.entries(subs).find(([, c]) => c.aliases?.includes(word));
}

/**
 * Reads `words` as pflag would against `flags`: the index of the first positional word (-1 if
 * none) and whether `-h`/`--help` is among the flags. A value flag's value (`-l -h`) is neither,
 * and nothing after `--` is a flag.
 */
function scan(words: readonly string[], flags: readonly FlagSpec[]): { positional: number; help: boolean } {
  const byLong = new Map(flags.map((s) => [s.name, s]));
  const byShort = new Map(flags.filter((s) => s.short).map((s) => [s.short!, s]));
  let positional = -1;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    if (w === '--') break;
    if (!w.startsWith('-') || w === '-') {
      if (positional < 0) positional = i;
      continue;
    }
    if (w === '-h' || w === '--help' || w === '--help=true') return { positional, help: true };
    const spec = w.startsWith('--') ? byLong.get(w.slice(2)) : w.length === 2 ? byShort.get(w[1]!) : undefined;
    if (spec && spec.type !== 'bool') i++;
  }
  return { positional, help: false };
}

/**
 * cobra's `Find`: the command the words name, walking subcommands while the first positional
 * word is one. `rest` holds the other words.
 */
function find(program: ProgramHelp, words: readonly string[]): { path: string[]; cmd: CommandHelp; rest: string[] } | undefined {
  const [first, ...rest] = words;
  if (first === undefined || !Object.hasOwn(program.commands, first)) return undefined;
  const path = [first];
  let cmd = program.commands[first]!;
  for (;;) {
    const i = scan(rest, flagsOf(program, cmd)).positional;
    const next = i >= 0 ? subcommand(cmd, rest[i]!) : undefined;
    if (!next) return { path, cmd, rest };
    path.push(next[0]);
    cmd = next[1];
    rest.splice(i, 1);
  }
}

/**
 * The flags the command `words` name accepts (`['rollout', 'status', ...]` for kubectl rollout
 * status): its own table and its program's global flags. Empty for an unknown command.
 */
export function acceptedFlags(programName: string, words: readonly string[]): FlagSpec[] {
  const program = programName === 'kubectl' ? KUBECTL_HELP : programName === 'sim' ? SIM_HELP : undefined;
  const found = program ? find(program, words) : undefined;
  return found ? flagsOf(program!, found.cmd) : [];
}

const page = (text: string): ExecResult => ({ exitCode: 0, stdout: text, stderr: '' });

/** The help `words` (after the program name) ask for, or undefined when the line is not a help request. */
export function helpFor(programName: string, words: readonly string[]): ExecResult | undefined {
  if (programName === 'help') return page(HELP_PROGRAM);
  const program = programName === 'kubectl' ? KUBECTL_HELP : programName === 'sim' ? SIM_HELP : undefined;
  if (!program) return undefined;
  const [first] = words;
  if (first === undefined || first === '-h' || first === '--help') return page(renderProgram(program));
  if (first === 'options' && program.name === 'kubectl') return page(renderOptions(program));
  if (first === 'help') {
    const topic = words.slice(1).filter((w) => !w.startsWith('-'));
    if (topic.length === 0) return page(renderProgram(program));
    const found = find(program, topic);
    if (found) return page(renderCommand(program, found.path, found.cmd));
    return { exitCode: 0, stdout: '', stderr: `Unknown help topic [\`${topic.join(' ')}\`]\n${renderProgram(program, true)}` };
  }
  const found = find(program, words);
  if (!found) return undefined;
  if (scan(found.rest, flagsOf(program, found.cmd)).help) return page(renderCommand(program, found.path, found.cmd));
  // A kubectl command that only groups subcommands prints its help on stderr and fails.
  if (program.name === 'kubectl' && found.cmd.subcommands && !found.cmd.flags && found.rest.every((w) => w.startsWith('-'))) {
    return { exitCode: 1, stdout: '', stderr: renderCommand(program, found.path, found.cmd) };
  }
  return undefined;
}
