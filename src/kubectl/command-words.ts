/**
 * What the words of one `kubectl ...` / `sim ...` command mean before any verb runs: where
 * kubectl's root flags go, and whether the line may ask for help. `exec` and `chunksFor` read a
 * line the same way through these.
 */

/**
 * kubectl's namespace flags are persistent flags of the root command, so `kubectl -n kube-system
 * get pods` means `kubectl get pods -n kube-system` (cobra parses persistent flags wherever they
 * stand). The verbs parse their own flags, so the ones written before the verb move after it,
 * ahead of a `--`.
 */
export function namespaceFlagsAfterVerb(words: readonly string[]): readonly string[] {
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
  if (moved.length === 0) return words;
  // Before any `--`: what follows it is arguments (`create deployment ... -- COMMAND`), not flags.
  const rest = words.slice(i);
  const dash = rest.indexOf('--');
  return dash < 0 ? [words[0]!, ...rest, ...moved] : [words[0]!, ...rest.slice(0, dash), ...moved, ...rest.slice(dash)];
}

/** The kubectl commands that only group subcommands: alone, they print their help (help/dispatch.ts). */
export const GROUP_COMMANDS: ReadonlySet<string> = new Set(['rollout', 'set']);

const HELP_WORDS: ReadonlySet<string> = new Set(['-h', '--help', '--help=true']);

/**
 * Whether the help pages may answer `words` (a command's words, the program first, kubectl's
 * namespace flags already after the verb): every line help/dispatch.ts answers, and a few it
 * then declines (`kubectl get pods -l -h`, where `-h` is the selector). A bare `help`, a program
 * alone, `help`/`options` after the program, a help flag anywhere, or a kubectl group command
 * with flags only.
 */
export function mayAskForHelp(words: readonly string[]): boolean {
  const [program, first, ...rest] = words;
  if (program === 'help') return true;
  if (program !== 'kubectl' && program !== 'sim') return false;
  if (first === undefined || first === 'help' || first === 'options' || words.some((w) => HELP_WORDS.has(w))) return true;
  return program === 'kubectl' && GROUP_COMMANDS.has(first) && rest.every((w) => w.startsWith('-'));
}
