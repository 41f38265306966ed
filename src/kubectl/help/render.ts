/**
 * Help pages in kubectl's layout: kubectl `pkg/util/templates` (`MainHelpTemplate`,
 * `MainUsageTemplate` and its sections, `flagsUsages`, `getFlagFormat`, `cmdGroupsString`,
 * `normalizers.go` `LongDesc`/`Examples`) as kubectl prints them when its output is not a
 * terminal: nothing is wrapped.
 *
 *   summary line, then each paragraph of the description on one line led by a space
 *   Aliases:, Examples: (indented two spaces), Available Commands:, Options:, Usage:
 *   the "<command> --help" and "kubectl options" tips
 */
import type { FlagSpec } from '../flags.js';
import { SHARED_FLAG_DOCS } from './flag-docs.js';
import type { CommandHelp, FlagDoc, ProgramHelp } from './types.js';

/** cobra's `minNamePadding`: command names are padded to at least this width. */
const MIN_NAME_PADDING = 11;

/** The description of `spec` for `cmd`: its own, else the shared one. */
export function flagDoc(cmd: CommandHelp | undefined, spec: FlagSpec): FlagDoc | undefined {
  const own = cmd?.flagDocs;
  if (own && Object.hasOwn(own, spec.name)) return own[spec.name];
  return Object.hasOwn(SHARED_FLAG_DOCS, spec.name) ? SHARED_FLAG_DOCS[spec.name] : undefined;
}

/** pflag's `SortFlags`: by long name. */
function byName(specs: readonly FlagSpec[]): FlagSpec[] {
  return [...specs].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The flags help lists for `cmd`: all but the deprecated (hidden) ones. */
export function visibleFlags(cmd: CommandHelp): FlagSpec[] {
  return byName((cmd.flags ?? []).filter((s) => !flagDoc(cmd, s)?.deprecated));
}

/** pflag's `DefValue` as `getFlagFormat` shows it: quoted for strings. */
function defaultText(spec: FlagSpec, doc: FlagDoc | undefined): string {
  if (doc?.value !== undefined) return spec.type === 'string' ? `'${doc.value}'` : doc.value;
  switch (spec.type) {
    case 'bool':
      return spec.default === true ? 'true' : 'false';
    case 'int':
      return String(spec.default ?? '0');
    case 'duration':
      return String(spec.default ?? '0s');
    case 'stringArray':
      return '[]';
    case 'string':
      return `'${spec.default ?? ''}'`;
  }
}

/** `flagsUsages`: each flag, its default, then its description on a tab-indented line. */
export function flagUsages(cmd: CommandHelp | undefined, specs: readonly FlagSpec[]): string {
  return specs
    .map((s) => {
      const doc = flagDoc(cmd, s);
      const head = s.short ? `    -${s.short}, --${s.name}=${defaultText(s, doc)}:` : `    --${s.name}=${defaultText(s, doc)}:`;
      return `${head}\n\t${(doc?.usage ?? '').replace(/\n/g, ' ')}\n\n`;
    })
    .join('');
}

/** `LongDesc`: the summary, then every paragraph on one line, led by a space. */
function description(cmd: CommandHelp): string {
  const first = cmd.summary ?? `${cmd.short}.`;
  const paragraphs = (cmd.long ?? '').split(/\n\s*\n/).map((p) => p.split('\n').map((l) => l.trim()).filter((l) => l).join(' ')).filter((p) => p);
  return [first, ...paragraphs.map((p) => ` ${p}`)].join('\n\n');
}

/** `Examples`: every line trimmed and indented two spaces (blank lines too). */
function examples(text: string): string {
  return text.trim().split('\n').map((l) => `  ${l.trim()}`).join('\n');
}

/** `cmdGroupsString` for one group: `  name<padding>   short`. */
function commandLines(names: readonly string[], commands: Readonly<Record<string, CommandHelp>>, padding: number): string {
  return names.map((n) => `  ${n.padEnd(padding)}   ${commands[n]!.short}`).join('\n');
}

function namePadding(names: readonly string[]): number {
  return Math.max(MIN_NAME_PADDING, ...names.map((n) => n.length));
}

/** The `Use "kubectl options" ...` tip, which only kubectl has. */
function optionsTip(program: ProgramHelp): string {
  return program.name === 'kubectl' ? `Use "${program.name} options" for a list of global command-line options (applies to all commands).\n` : '';
}

/** The help page of `program path...` (e.g. `kubectl rollout status`). */
export function renderCommand(program: ProgramHelp, path: readonly string[], cmd: CommandHelp): string {
  const name = path[path.length - 1]!;
  let out = `${description(cmd)}\n\n`;
  if (cmd.aliases && cmd.aliases.length > 0) out += `Aliases:\n${[name, ...cmd.aliases].join(', ')}\n\n`;
  if (cmd.examples) out += `Examples:\n${examples(cmd.examples).trimEnd()}\n\n`;
  const subs = Object.keys(cmd.subcommands ?? {}).sort();
  if (subs.length > 0) out += `Available Commands:\n${commandLines(subs, cmd.subcommands!, namePadding(subs))}\n\n`;
  const flags = visibleFlags(cmd);
  if (flags.length > 0) out += `Options:\n${flagUsages(cmd, flags).trimEnd()}\n\n`;
  out += `Usage:\n  ${usageLine(program, path, cmd)}\n\n`;
  if (subs.length > 0) out += `Use "${[program.name, ...path].join(' ')} <command> --help" for more information about a given command.\n`;
  out += optionsTip(program);
  // Without a tip (a sim command without subcommands) the page ends with the usage line.
  return out.endsWith('\n\n') ? out.slice(0, -1) : out;
}

/** cobra's `UseLine` plus kubectl's ` [options]`. */
function usageLine(program: ProgramHelp, path: readonly string[], cmd: CommandHelp): string {
  let line = [program.name, ...path.slice(0, -1), cmd.use].join(' ');
  const hasFlags = (cmd.flags ?? []).length > 0 || program.globalFlags.length > 0;
  if (cmd.flagsInUseLine && (cmd.flags ?? []).length > 0 && !line.includes('[flags]')) line += ' [flags]';
  if (hasFlags && !line.includes('[options]')) line += ' [options]';
  return line;
}

/** The command groups of the top-level page; a group with none of our commands is left out. */
function groups(program: ProgramHelp): string {
  const listed = new Set(program.groups.flatMap((g) => g.commands));
  const present = (names: readonly string[]) => names.filter((n) => Object.hasOwn(program.commands, n));
  const all = [
    ...program.groups.map((g) => ({ message: g.message, commands: present(g.commands) })),
    { message: program.otherMessage, commands: Object.keys(program.commands).filter((n) => !listed.has(n)).sort() },
  ].filter((g) => g.commands.length > 0);
  const padding = namePadding(Object.keys(program.commands));
  return all.map((g) => `${g.message}\n${commandLines(g.commands, program.commands, padding)}`).join('\n\n');
}

/** `kubectl --help` (and bare `kubectl`): the groups of commands; `usageOnly` leaves the intro out. */
export function renderProgram(program: ProgramHelp, usageOnly = false): string {
  const usage =
    `\n\n${groups(program)}\n\n` +
    `Usage:\n  ${program.use}\n\n` +
    `Use "${program.name} <command> --help" for more information about a given command.\n${optionsTip(program)}`;
  return usageOnly ? usage : program.intro.trim() + usage;
}

/** `kubectl options`: kubectl's `OptionsUsageTemplate` over the global flags we honour. */
export function renderOptions(program: ProgramHelp): string {
  return `The following options can be passed to any command:\n\n${flagUsages(undefined, byName(program.globalFlags))}`;
}
