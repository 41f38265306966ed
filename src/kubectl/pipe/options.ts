/**
 * GNU `getopt_long` as the filters after a pipe parse their arguments: short options cluster
 * (`-iv`), a short option's argument is the rest of its word or the next word (`-n5`, `-n 5`), long
 * options take `--name=value` or `--name value` and may be abbreviated to a unique prefix, options
 * and operands mix in any order (GNU permutes them), `--` ends the options and a lone `-` is an
 * operand (standard input).
 *
 * Errors are the tools' own words in the C locale (`option requires an argument -- 'n'`). An
 * option this playground's tool does not know says "unsupported" and lists the ones it does,
 * since it may well be a real option the learner remembers from GNU; a tool that knows every
 * option GNU's does (`Program.complete`) says what GNU's says (`invalid option -- 'x'`).
 */

export interface OptionSpec {
  /** What the filter calls it. */
  readonly name: string;
  readonly short?: string;
  readonly long?: string;
  /** Whether the option takes an argument. */
  readonly arg?: boolean;
  /** How `--help` names the argument (`NUM`). */
  readonly argName?: string;
  /** What `--help` says the option does. */
  readonly help: string;
}

/** A filter program's identity for its messages: name, exit status on trouble, usage lines. */
export interface Program {
  readonly name: string;
  /** `--help`'s first line after `Usage: `, and the line that says what the tool does. */
  readonly synopsis: string;
  readonly summary: string;
  /** GNU grep and sort exit 2 on trouble; head, tail, wc, uniq and cut exit 1. */
  readonly troubleStatus: number;
  /** What follows a usage error: `Try 'head --help' for more information.` (grep adds its Usage line). */
  readonly usage: string;
  /** The tool knows every option GNU's does: an unknown one is GNU's `invalid option`, not "unsupported" here. */
  readonly complete?: boolean;
  readonly options: readonly OptionSpec[];
}

export interface ParsedOptions {
  /** Every option given, in command-line order, with its argument. */
  readonly options: readonly { readonly name: string; readonly value: string }[];
  readonly operands: readonly string[];
}

/** A failure of a filter: its message on stderr and its exit status. */
export interface FilterFailure {
  readonly error: string;
  readonly exitCode: number;
}

/**
 * Whether `argv` asks for `--help` (before any `--`), which GNU tools answer before anything else.
 * A word an option of `p` takes as its argument is that argument (`grep -e --help` searches for
 * `--help`), as getopt reads it: the next word after a long option without `=`, or after a short
 * option that ends its cluster.
 */
export function asksForHelp(p: Program, argv: readonly string[]): boolean {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') return false;
    if (a === '--help') return true;
    if (a.startsWith('--')) {
      if (!a.includes('=') && p.options.some((o) => o.arg && o.long === a.slice(2))) i++;
    } else if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        if (!p.options.some((o) => o.arg && o.short === a[j])) continue;
        if (j === a.length - 1) i++;
        break;
      }
    }
  }
  return false;
}

/** `--help`: the synopsis, what the tool does here, and each option this playground's tool knows. */
export function helpText(p: Program): string {
  const rows = p.options.map((o) => {
    const arg = o.arg ? (o.long ? `=${o.argName ?? 'ARG'}` : ` ${o.argName ?? 'ARG'}`) : '';
    const names = [o.short ? `-${o.short}` : '    ', o.long ? `--${o.long}${arg}` : ''].filter((n) => n !== '').join(o.short && o.long ? ', ' : '');
    return `  ${names.padEnd(28)}${names.length >= 28 ? '\n' + ' '.repeat(30) : ''}${o.help}\n`;
  });
  const about = `This playground's ${p.name} reads the output of the command before the pipe, as GNU ${p.name} does in\nthe C locale. It knows these options:`;
  return `Usage: ${p.synopsis}\n${p.summary}\n\n${about}\n\n${rows.join('')}`;
}

export function tryHelp(name: string): string {
  return `Try '${name} --help' for more information.\n`;
}

/** `program: message`, then (for a usage error) the program's usage lines. */
export function failure(p: Program, message: string, withUsage = true): FilterFailure {
  return { error: `${p.name}: ${message}\n${withUsage ? p.usage : ''}`, exitCode: p.troubleStatus };
}

export function parseOptions(p: Program, argv: readonly string[]): ParsedOptions | FilterFailure {
  const options: { name: string; value: string }[] = [];
  const operands: string[] = [];
  const known = p.options
    .map((o) => (o.short ? `-${o.short}` : `--${o.long}`))
    .join(' ');
  const unsupported = (what: string, gnu: string): FilterFailure =>
    failure(p, p.complete ? gnu : `unsupported option ${what} (this playground's ${p.name} knows ${known})`);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      operands.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const given = eq < 0 ? a.slice(2) : a.slice(2, eq);
      const exact = p.options.find((o) => o.long === given);
      const prefixed = p.options.filter((o) => o.long?.startsWith(given));
      const spec = exact ?? (prefixed.length === 1 ? prefixed[0] : undefined);
      if (!spec) {
        if (prefixed.length > 1) return failure(p, `option '${a}' is ambiguous; possibilities:${prefixed.map((o) => ` '--${o.long}'`).join('')}`);
        return unsupported(`'--${given}'`, `unrecognized option '${a}'`);
      }
      if (!spec.arg) {
        if (eq >= 0) return failure(p, `option '--${spec.long}' doesn't allow an argument`);
        options.push({ name: spec.name, value: '' });
        continue;
      }
      if (eq >= 0) options.push({ name: spec.name, value: a.slice(eq + 1) });
      else if (i + 1 < argv.length) options.push({ name: spec.name, value: argv[++i]! });
      else return failure(p, `option '--${spec.long}' requires an argument`);
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      for (let j = 1; j < a.length; j++) {
        const letter = a[j]!;
        const spec = p.options.find((o) => o.short === letter);
        if (!spec) return unsupported(`-- '${letter}'`, `invalid option -- '${letter}'`);
        if (!spec.arg) {
          options.push({ name: spec.name, value: '' });
          continue;
        }
        if (j + 1 < a.length) options.push({ name: spec.name, value: a.slice(j + 1) });
        else if (i + 1 < argv.length) options.push({ name: spec.name, value: argv[++i]! });
        else return failure(p, `option requires an argument -- '${letter}'`);
        break;
      }
      continue;
    }
    operands.push(a);
  }
  return { options, operands };
}

/** Whether the option was given at all. */
export function has(parsed: ParsedOptions, name: string): boolean {
  return parsed.options.some((o) => o.name === name);
}

/** The last value given for the option (a later one wins, as in GNU tools). */
export function last(parsed: ParsedOptions, name: string): string | undefined {
  let v: string | undefined;
  for (const o of parsed.options) if (o.name === name) v = o.value;
  return v;
}

/**
 * The patterns of grep or the scripts of sed: every one given with option `name` (`-e`), else the
 * first operand; the failure when there is none (the usage), or when another operand names a file.
 */
export function programTexts(p: Program, parsed: ParsedOptions, name: string): string[] | FilterFailure {
  const given = parsed.options.filter((o) => o.name === name).map((o) => o.value);
  const operands = [...parsed.operands];
  if (given.length === 0) {
    if (operands.length === 0) return { error: p.usage, exitCode: p.troubleStatus };
    given.push(operands.shift()!);
  }
  return fileOperand(p, operands) ?? given;
}

/**
 * Operands other than `-` name files, which a filter here cannot read: it reads the output of
 * the command before the pipe. Returns the message for the first such operand.
 */
export function fileOperand(p: Program, operands: readonly string[]): FilterFailure | undefined {
  const file = operands.find((o) => o !== '-');
  if (file === undefined) return undefined;
  return failure(p, `${file}: this playground has no files to read; ${p.name} reads the output of the command before the pipe`, false);
}
