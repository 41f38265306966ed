/**
 * kubectl-style flag parsing (cobra/pflag semantics): `--name=value`, `--name value`, `-n value`,
 * `-nvalue`, boolean flags (`--force`, `--force=false`), several shorthands in one word (`-it`),
 * repeated flags, `--` ending flags.
 * Each verb declares its flags; an undeclared flag is the error real kubectl prints.
 */

export interface FlagSpec {
  /** Long name without dashes, e.g. `namespace`. */
  readonly name: string;
  /** One-letter short name, e.g. `n`. */
  readonly short?: string;
  /**
   * pflag's value type, as help shows it (`--grace-period=-1`, `--output=''`). `int` and
   * `duration` values are kept as text: the verb checks them with kubectl's own message.
   */
  readonly type: 'string' | 'bool' | 'int' | 'duration' | 'stringArray';
  /** The value when the flag is absent (text for string, int and duration flags). */
  readonly default?: string | boolean;
  /**
   * pflag's `NoOptDefVal`: the value of the long flag written bare (`--dry-run` is `unchanged`,
   * `--cascade` is `background`), which then takes no following word as its value.
   */
  readonly noOptDefault?: string;
}

export interface ParsedFlags {
  /** Positional arguments, in order. */
  readonly args: string[];
  /** Flag values by long name; stringArray flags collect every occurrence. */
  readonly values: Map<string, string | boolean | string[]>;
  /** Every flag occurrence in command-line order: long name and value as text (pflag's `ParseAll`). */
  readonly visited: readonly (readonly [string, string])[];
  /** How many positional arguments came before `--`, or -1 without one (cobra's `ArgsLenAtDash`). */
  readonly argsLenAtDash: number;
}

/**
 * Flags every kubectl verb accepts: the global flags `kubectl options` lists (persistent flags
 * of kubectl's root command) that the playground honours.
 */
export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { name: 'namespace', short: 'n', type: 'string' },
  { name: 'request-timeout', type: 'string', default: '0' },
  { name: 'v', short: 'v', type: 'int', default: '0' },
];

/** `-A`: not global upstream; declared by the verbs that list across namespaces (get, describe, ...). */
export const ALL_NAMESPACES_FLAG: FlagSpec = { name: 'all-namespaces', short: 'A', type: 'bool' };

/**
 * Parses `argv` (after the verb) against `specs` + the global flags. Returns the error text
 * kubectl prints for an unknown flag or a missing value. `command` is the command path after
 * `kubectl` (`get`, `rollout status`), for the `See 'kubectl get --help'` hint.
 */
export function parseFlags(argv: readonly string[], specs: readonly FlagSpec[], command: string): ParsedFlags | { error: string } {
  const parsed = parseWith(argv, [...specs, ...GLOBAL_FLAGS], `kubectl ${command}`);
  return 'error' in parsed || !specs.includes(KUSTOMIZE_FLAG) ? parsed : (kustomizeRefusal(parsed) ?? parsed);
}

/**
 * `-k, --kustomize DIR`, in the flag tables of the verbs kubectl gives it (apply, create, delete,
 * describe, diff, get, label, annotate, patch, replace, rollout, set image, scale), so a command
 * pasted from the docs is understood. Kustomizations are not modelled: once the flags are read,
 * the command is refused, with cli-runtime's `FilenameOptions` check of `-f` beside it first.
 */
export const KUSTOMIZE_FLAG: FlagSpec = { name: 'kustomize', short: 'k', type: 'string' };

/** The refusal of a command that names a kustomization, or undefined when it names none. */
function kustomizeRefusal(f: ParsedFlags): { error: string } | undefined {
  if (!f.values.has('kustomize')) return undefined;
  if (f.values.has('filename')) return { error: 'error: only one of -f or -k can be specified' };
  return { error: 'error: -k (kustomize) is not available in this playground: kustomizations are not modelled; write the objects into a manifest and use -f' };
}

/**
 * Parses the flags of a `sim` verb: only its own `specs` (kubectl's global flags mean nothing to
 * the machines and the clock). `command` is the path after `sim` (`node add`, `settle`).
 */
export function parseSimFlags(argv: readonly string[], specs: readonly FlagSpec[], command: string): ParsedFlags | { error: string } {
  return parseWith(argv, specs, `sim ${command}`);
}

function parseWith(argv: readonly string[], all: readonly FlagSpec[], commandPath: string): ParsedFlags | { error: string } {
  const byLong = new Map(all.map((s) => [s.name, s]));
  const byShort = new Map(all.filter((s) => s.short).map((s) => [s.short!, s]));
  const args: string[] = [];
  const values = new Map<string, string | boolean | string[]>();
  const visited: [string, string][] = [];
  let argsLenAtDash = -1;
  const usage = `\nSee '${commandPath} --help' for usage.`;
  const set = (spec: FlagSpec, v: string | boolean) => {
    visited.push([spec.name, String(v)]);
    if (spec.type === 'stringArray') {
      const prev = (values.get(spec.name) as string[] | undefined) ?? [];
      values.set(spec.name, [...prev, String(v)]);
    } else values.set(spec.name, v);
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      argsLenAtDash = args.length;
      args.push(...argv.slice(i + 1));
      break;
    }
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(2, eq) : a.slice(2);
      const spec = byLong.get(name);
      if (!spec) return { error: `error: unknown flag: --${name}${usage}` };
      if (spec.type === 'bool') {
        if (eq >= 0) {
          const v = a.slice(eq + 1);
          const b = parseGoBool(v);
          if (b === undefined) return { error: invalidBool(v, spec, usage) };
          set(spec, b);
        } else set(spec, true);
        continue;
      }
      if (eq >= 0) set(spec, a.slice(eq + 1));
      else if (spec.noOptDefault !== undefined) set(spec, spec.noOptDefault);
      else {
        if (i + 1 >= argv.length) return { error: `error: flag needs an argument: --${name}${usage}` };
        set(spec, argv[++i]!);
      }
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      // pflag's parseShortArg: a word may hold several shorthands (`-it`): bool ones in a row,
      // the last one may take the rest of the word (`-nkube-system`, `-in=x`) or the next word.
      let rest = a.slice(1);
      while (rest !== '') {
        const letter = rest[0]!;
        const spec = byShort.get(letter);
        if (!spec) return { error: `error: unknown shorthand flag: '${letter}' in -${rest}${usage}` };
        if (rest.length > 2 && rest[1] === '=') {
          const v = rest.slice(2);
          const b = spec.type === 'bool' ? parseGoBool(v) : v;
          if (b === undefined) return { error: invalidBool(v, spec, usage) };
          set(spec, b);
          break;
        }
        if (spec.type === 'bool') {
          set(spec, true);
          rest = rest.slice(1);
          continue;
        }
        if (rest.length > 1) set(spec, rest.slice(1));
        else {
          if (i + 1 >= argv.length) return { error: `error: flag needs an argument: '${letter}' in -${letter}${usage}` };
          set(spec, argv[++i]!);
        }
        break;
      }
      continue;
    }
    args.push(a);
  }
  for (const spec of all) {
    if (!values.has(spec.name) && spec.default !== undefined && spec.type !== 'stringArray') values.set(spec.name, spec.default);
  }
  return { args, values, visited, argsLenAtDash };
}

export function flagString(f: ParsedFlags, name: string): string | undefined {
  const v = f.values.get(name);
  return typeof v === 'string' ? v : undefined;
}

export function flagBool(f: ParsedFlags, name: string): boolean {
  return f.values.get(name) === true;
}

export function flagArray(f: ParsedFlags, name: string): string[] {
  const v = f.values.get(name);
  return Array.isArray(v) ? v : typeof v === 'string' ? [v] : [];
}

/**
 * pflag's int flag value: `strconv.ParseInt(text, 0, bits)` (base prefixes 0x, 0o, 0b and a
 * leading 0 for octal), or the error cobra prints for `kubectl COMMAND --NAME=text`. `bits` is 64
 * (pflag `Int64`, `Int` on 64-bit machines) or 32 (`Int32`); a flag with a shorthand is named
 * `-r, --replicas` in the error, as pflag names it.
 */
export function parseGoIntFlag(command: string, name: string, text: string, opts: { readonly bits?: 32 | 64; readonly short?: string } = {}): number | { error: string } {
  const m = /^([+-]?)(?:0[xX]([0-9a-fA-F]+)|0[oO]([0-7]+)|0[bB]([01]+)|(0[0-7]*)|([1-9][0-9]*))$/.exec(text);
  const flagName = opts.short ? `-${opts.short}, --${name}` : `--${name}`;
  const flagError = (why: string) => ({
    error: `error: invalid argument "${text}" for "${flagName}" flag: strconv.ParseInt: parsing "${text}": ${why}\nSee 'kubectl ${command} --help' for usage.`,
  });
  if (!m) return flagError('invalid syntax');
  const [, sign, hex, oct, bin, zeroOct, dec] = m;
  const digits = hex !== undefined ? `0x${hex}` : oct !== undefined ? `0o${oct}` : bin !== undefined ? `0b${bin}` : zeroOct !== undefined ? `0o${zeroOct}` : dec!;
  const value = BigInt(digits) * (sign === '-' ? -1n : 1n);
  const bits = BigInt((opts.bits ?? 64) - 1);
  if (value > 2n ** bits - 1n || value < -(2n ** bits)) return flagError('value out of range');
  return Number(value);
}

/** `strconv.ParseBool`: the spellings Go reads as a boolean (pflag's bool flags take any of them). */
export function parseGoBool(text: string): boolean | undefined {
  if (['1', 't', 'T', 'TRUE', 'true', 'True'].includes(text)) return true;
  if (['0', 'f', 'F', 'FALSE', 'false', 'False'].includes(text)) return false;
  return undefined;
}

/** pflag's `FlagSet.Set` error for a bool flag's bad value: the flag named with its shorthand when it has one. */
function invalidBool(value: string, spec: FlagSpec, usage: string): string {
  const flag = spec.short ? `-${spec.short}, --${spec.name}` : `--${spec.name}`;
  return `error: invalid argument "${value}" for "${flag}" flag: strconv.ParseBool: parsing "${value}": invalid syntax${usage}`;
}
