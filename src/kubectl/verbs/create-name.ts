/**
 * kubectl `pkg/cmd/create/create.go: NameFromCommandArgs`, the NAME of a `create` generator
 * (`create namespace NAME`, `create deployment NAME -- COMMAND`): exactly one positional word
 * before any `--`; what follows `--` is not counted (cobra's `ArgsLenAtDash`).
 */

/** The NAME, or kubectl's usage error for `kubectl create SUB`. */
export function nameFromArgs(args: readonly string[], argsLenAtDash: number, sub: string): string | { error: string } {
  const count = argsLenAtDash === -1 ? args.length : argsLenAtDash;
  if (count !== 1) return { error: `error: exactly one NAME is required, got ${count}\nSee 'kubectl create ${sub} -h' for help and examples` };
  return args[0]!;
}
