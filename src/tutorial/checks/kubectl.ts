/**
 * `kubectl`: runs one command when the check is read and matches what it printed: `stdout`,
 * `stderr` (regexes that must match), `stdoutNot` (a regex that must not), `exitCode`. `expect`
 * says in words what the output should show; the checklist uses it instead of the regexes.
 *
 * A check must never change the cluster it grades, so the command must be a read: `kubectl
 * get|describe|events|version`, `kubectl rollout history`, `sim why|now`. This is enforced when
 * the lesson is parsed (a write verb is a positioned error), and the runtime also refuses any
 * result that moved the cluster's trace. Those verbs neither write nor move the clock, but for a
 * `get --watch`, which runs the clock while it watches, and is refused as a write is.
 */
import { onlyReads } from '../../kubectl/exec.js';
import { splitArgs } from '../../kubectl/script.js';
import { readRegex } from './regex.js';
import { notYet, PASS, type CheckBase, type CheckKind } from './types.js';

export interface KubectlSpec extends CheckBase {
  readonly kind: 'kubectl';
  readonly run: string;
  /** What the output should show, in words ("netd Running on node-3"). */
  readonly expect?: string;
  readonly stdout?: RegExp;
  readonly stdoutNot?: RegExp;
  readonly stderr?: RegExp;
  readonly exitCode?: number;
}

/** The read-only commands a check may run: program, then verb (and sub-verb). */
const READS: readonly string[] = ['kubectl get', 'kubectl describe', 'kubectl events', 'kubectl version', 'kubectl rollout history', 'sim why', 'sim now'];

/** Why a command line is not a read, or undefined when it is one. */
export function notReadOnly(line: string): string | undefined {
  const words = splitArgs(line);
  if (!Array.isArray(words)) return words.error;
  const [program, verb, sub] = words;
  const ok = READS.some((r) => r === `${program} ${verb}` || r === `${program} ${verb} ${sub}`);
  if (!ok) return `a check may only run a read (${READS.join(', ')}): "${line}" could change the cluster`;
  return onlyReads(program as 'kubectl' | 'sim', verb!, words.slice(2)) ? undefined : `a check may not watch: "${line}" would run the cluster's clock while it watches`;
}

export const kubectl: CheckKind<KubectlSpec> = {
  kind: 'kubectl',
  graded: true,
  parse(r, base) {
    const run = r.string('run', true);
    if (run) {
      const why = /\n/.test(run.value.trim()) ? 'a check runs one command, on one line' : notReadOnly(run.value.trim());
      if (why) r.src.error(run.node, `${r.what}: ${why}`);
    }
    const stdout = readRegex(r, 'stdout');
    const stdoutNot = readRegex(r, 'stdoutNot');
    const stderr = readRegex(r, 'stderr');
    const exitCode = r.number('exitCode', { integer: true, min: 0 })?.value;
    const expect = r.string('expect');
    if (expect && expect.value.trim() === '') r.src.error(expect.node, `${r.what}: "expect" is empty; say what the output should show, or leave it out`);
    if (stdout === undefined && stdoutNot === undefined && stderr === undefined && exitCode === undefined && !r.has('exitCode')) {
      r.src.error(r.node, `${r.what}: give at least one of stdout, stdoutNot, stderr, exitCode`);
      return undefined;
    }
    if (!run || stdout === null || stdoutNot === null || stderr === null) return undefined;
    const line = run.value.trim();
    if (notReadOnly(line) || line.includes('\n')) return undefined;
    return {
      ...base,
      kind: 'kubectl',
      run: line,
      ...(expect?.value.trim() ? { expect: expect.value.trim() } : {}),
      ...(stdout ? { stdout } : {}),
      ...(stdoutNot ? { stdoutNot } : {}),
      ...(stderr ? { stderr } : {}),
      ...(exitCode === undefined ? {} : { exitCode }),
    };
  },
  evaluate(spec, { exec }) {
    const r = exec(spec.run);
    const ok =
      (spec.exitCode === undefined || r.exitCode === spec.exitCode) &&
      (!spec.stdout || spec.stdout.test(r.stdout)) &&
      (!spec.stdoutNot || !spec.stdoutNot.test(r.stdout)) &&
      (!spec.stderr || spec.stderr.test(r.stderr));
    if (ok) return PASS;
    // An unexpected failure is worth its first line: kubectl's own error says what is wrong.
    const failed = r.exitCode !== 0 && spec.exitCode !== r.exitCode && r.stderr.trim() ? `; it says: ${r.stderr.trim().split('\n')[0]}` : '';
    return notYet(`"${spec.run}" does not show ${spec.expect ?? 'what this check looks for'} yet${failed}`);
  },
  describe(spec) {
    return `"${spec.run}" shows ${spec.expect ?? 'what this check looks for'}`;
  },
};

