/**
 * `kubectl delete -i/--interactive` (kubectl v1.34 `pkg/cmd/delete/delete.go`: `RunDelete`'s
 * preview and `DeleteOptions.confirmation`): before deleting, kubectl lists the objects on
 * standard output, asks `Do you want to continue? (y/N): ` and reads one answer from standard
 * input with `fmt.Fscanln`. Only `y` or `Y`, alone on the first line, goes on; anything else, an
 * empty line, or no input at all prints `deletion is cancelled` and ends the command with
 * success, having deleted nothing.
 *
 * In the playground standard input is what a pipe or a heredoc gives the command
 * (`echo y | kubectl delete -i ds agent`): as with kubectl reading a pipe, the answer is not
 * echoed, so the next output follows the question on its line. Without any, the answer is the
 * end of input (as `< /dev/null` gives kubectl): cancelled.
 */
import { kubectlKindPrefix, type ResourceInfo } from '../../sim/apiserver/resources.js';

/** Go's `unicode.IsSpace`, which fmt's scanner skips around a word (the newline apart). */
const SPACE = '\\t\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const ONE_WORD_LINE = new RegExp(`^[${SPACE}]*([^${SPACE}\\n]+)[${SPACE}]*(?:\\n|$)`);

/** `confirmation`'s question: how many objects, each as `TYPE/NAME` (`pod/web`, `daemonset.apps/agent`). */
export function confirmationPrompt(objects: readonly { readonly info: ResourceInfo; readonly name: string }[]): string {
  const lines = objects.map((o) => `${kubectlKindPrefix(o.info.kind)}/${o.name}\n`);
  return `You are about to delete the following ${objects.length} resource(s):\n${lines.join('')}Do you want to continue? (y/N): `;
}

/**
 * `fmt.Fscanln(in, &input)` then `strings.EqualFold(input, "y")`: the first line must hold one
 * word, which must be `y` or `Y`. A newline before the word, a second word, or no word before
 * the end of input is a scan error, which kubectl takes as no.
 */
export function confirmed(stdin: string): boolean {
  const word = ONE_WORD_LINE.exec(stdin)?.[1];
  return word === 'y' || word === 'Y';
}
