/**
 * What `--help` knows about a command. One entry per command, in a table next to the verbs
 * (kubectl/*.ts here, sim/help.ts): adding a verb is adding one entry, and the completeness test
 * fails for a verb without one.
 *
 * The flags are never listed here by hand: `flags` is the very table the verb's parser reads, so
 * help cannot drift from what the command accepts. Only their descriptions live in help
 * (flag-docs.ts, or `flagDocs` for a meaning particular to one command).
 */
import type { FlagSpec } from '../flags.js';

/** A flag's line in help: our description, and what to show as its default when the spec's is not it. */
export interface FlagDoc {
  readonly usage: string;
  /** pflag's DefValue text when the spec's default is not what kubectl shows (`kubectl-create`). */
  readonly value?: string;
  /** Deprecated upstream: pflag hides it from help, and so does this. */
  readonly deprecated?: true;
}

export interface CommandHelp {
  /** cobra's `Short`, word for word as `kubectl --help` lists it: the words a learner searches for. */
  readonly short: string;
  /** The first line of the help page when it is not `short` followed by a full stop. */
  readonly summary?: string;
  /** Our own description of what the command does here, paragraphs apart by blank lines. */
  readonly long?: string;
  /** `# what it does` lines, each followed by the command, examples apart by blank lines. */
  readonly examples?: string;
  /** cobra's `Use` after the command path of the parent: `get [(-o|--output=)...] (TYPE ...)`. */
  readonly use: string;
  /** cobra appends ` [flags]` to a usage line that does not set `DisableFlagsInUseLine`. */
  readonly flagsInUseLine?: true;
  readonly aliases?: readonly string[];
  /** The table the command's parser reads (kubectl's global flags are `kubectl options`). */
  readonly flags?: readonly FlagSpec[];
  /** Descriptions particular to this command, over the shared ones. */
  readonly flagDocs?: Readonly<Record<string, FlagDoc>>;
  readonly subcommands?: Readonly<Record<string, CommandHelp>>;
}

/** A program's top level: `kubectl --help`, `sim --help`. */
export interface ProgramHelp {
  readonly name: 'kubectl' | 'sim';
  /** The first lines of the page (already formatted). */
  readonly intro: string;
  /** The usage line of the program itself. */
  readonly use: string;
  /** Headed groups of command names, in the order the page lists them. */
  readonly groups: readonly { readonly message: string; readonly commands: readonly string[] }[];
  /** The heading of the commands no group names, sorted by name (cobra's "Other Commands:"). */
  readonly otherMessage: string;
  readonly commands: Readonly<Record<string, CommandHelp>>;
  /** The flags every command accepts, listed by `kubectl options`. */
  readonly globalFlags: readonly FlagSpec[];
}
