/**
 * Tab completion at the terminal prompt: programs, verbs, flags, resource kinds and the names of
 * live objects. Verbs and flags come from the tables kubectl parses with (KUBECTL_VERBS,
 * SIM_VERBS, and each command's flag table as help lists it), so completion never offers what
 * the parser would reject.
 *
 * After a pipe it completes the stage the caret is in (the programs and filters that may stand
 * there); where a file goes (`-f NAME`, `--filename=NAME`, `cat NAME`, `> NAME`) it offers the
 * editor's file names.
 *
 * Assumptions:
 * - Completion looks only at the text before the caret of the current line, split on blanks
 *   (quoting does not matter for the words it completes), and a `|` anywhere in it starts a stage.
 */
import { acceptedFlags } from '../../kubectl/help/dispatch.js';
import { FILTERS } from '../../kubectl/pipe/index.js';
import { KUBECTL_VERBS } from '../../kubectl/verbs/index.js';
import { SIM_VERBS } from '../../kubectl/sim/index.js';
import type { Kind } from '../../sim/api/types.js';
import { RESOURCES } from '../../sim/apiserver/resources.js';

/** What the words complete from besides the static tables: live object names of a kind, and the editor's file names. */
export interface CompletionSource {
  names(kind: Kind): readonly string[];
  files?(): readonly string[];
}

/** Replace `[start, end)` of the text with one of `candidates` (sorted; empty when none fit). */
export interface Completion {
  readonly start: number;
  readonly end: number;
  readonly candidates: readonly string[];
}

const PROGRAMS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = { kubectl: KUBECTL_VERBS, sim: SIM_VERBS };

/** The programs a line may start with besides kubectl and sim (kubectl/pipe/line-programs.ts). */
const LINE_PROGRAMS = ['cat', 'echo'];

/** A kubectl word that ends in where a file name goes: `--filename=`, `-f=`, or `-f` glued to the name (`-fagent.yaml`). */
const FILE_FLAG_PREFIX = /^(?:--filename=|-f=|-f(?=[^-=]))/;

/** kubectl verbs whose first argument is a resource type (or TYPE/NAME). */
const TYPED_VERBS = new Set(['get', 'describe', 'delete', 'label', 'annotate', 'patch', 'scale', 'wait', 'replace', 'rollout', 'set']);

/** Verbs whose arguments are node names with no type word before them. */
const NODE_VERBS: Readonly<Record<string, ReadonlySet<string>>> = {
  kubectl: new Set(['cordon', 'uncordon', 'drain']),
  sim: new Set(['why']),
};

/** `sim node SUB NAME`: the sub-commands whose argument is an existing node. */
const NODE_SUBCOMMANDS_ON_NODES = new Set(['fail', 'recover', 'remove', 'condition']);

/** Every word naming a resource type (plural, singular, short name), with its kind. */
const TYPE_WORDS: ReadonlyMap<string, Kind> = new Map(RESOURCES.flatMap((r) => [r.resource, r.singular, ...r.shortNames].map((w) => [w, r.kind] as const)));

export function complete(text: string, caret: number, source: CompletionSource): Completion {
  const lineStart = text.lastIndexOf('\n', caret - 1) + 1;
  const before = text.slice(lineStart, caret);
  const start = lineStart + before.search(/\S*$/);
  const word = text.slice(start, caret);
  // The stage the caret is in: the words after the last pipe before the word.
  const pipe = before.lastIndexOf('|', start - lineStart - 1);
  const words = before.slice(pipe + 1, start - lineStart).trim().split(/\s+/).filter((w) => w !== '');
  const pick = (options: Iterable<string>): Completion => ({ start, end: caret, candidates: [...new Set(options)].filter((o) => o.startsWith(word)).sort() });
  const files = (prefix = ''): Completion => pick((source.files?.() ?? []).map((f) => `${prefix}${f}`));

  if (words.length === 0) return pick([...Object.keys(PROGRAMS), ...LINE_PROGRAMS, ...(pipe < 0 ? ['clear'] : Object.keys(FILTERS))]);
  const [program, verb] = words as [string, string | undefined];
  const last = words.at(-1)!;
  if (last === '>' || last === '>>' || (program === 'kubectl' && (last === '-f' || last === '--filename'))) return files();
  const fileFlag = program === 'kubectl' ? FILE_FLAG_PREFIX.exec(word) : null;
  if (fileFlag) return files(fileFlag[0]);
  if (program === 'cat') return word.startsWith('-') ? pick([]) : files();
  const verbs = PROGRAMS[program];
  if (!verbs) return pick([]);
  if (words.length === 1) return pick(Object.keys(verbs));
  if (word.startsWith('-')) return pick(acceptedFlags(program, words.slice(1)).flatMap((f) => [`--${f.name}`, ...(f.short ? [`-${f.short}`] : [])]));

  const args = words.slice(2).filter((w) => !w.startsWith('-'));
  if (NODE_VERBS[program]?.has(verb!)) return pick(source.names('Node'));
  if (program === 'sim' && verb === 'node') return pick(args.length >= 1 && NODE_SUBCOMMANDS_ON_NODES.has(args[0]!) ? source.names('Node') : []);
  if (program === 'kubectl' && verb === 'taint') return args.length === 0 ? pick(['nodes', 'node', 'no']) : pick(source.names('Node'));
  if (program !== 'kubectl' || !TYPED_VERBS.has(verb!)) return pick([]);

  // `rollout SUB` and `set SUB` take the type after their sub-command.
  const hasSubcommand = verb === 'rollout' || verb === 'set';
  if (hasSubcommand && args.length === 0) return pick([]);
  const typed = hasSubcommand ? args.slice(1) : args;
  const slash = word.indexOf('/');
  if (slash >= 0) {
    const kind = TYPE_WORDS.get(word.slice(0, slash).toLowerCase());
    return kind ? pick(source.names(kind).map((n) => `${word.slice(0, slash)}/${n}`)) : pick([]);
  }
  const typeArg = typed.find((a) => TYPE_WORDS.has(a.toLowerCase()));
  if (typeArg) return pick(source.names(TYPE_WORDS.get(typeArg.toLowerCase())!));
  return pick(TYPE_WORDS.keys());
}
