/**
 * What every filter after a pipe is: a program that reads the previous command's standard output
 * and writes its own, with an exit status, like the GNU tool of the same name.
 */
import type { FilterFailure } from './options.js';

export interface FilterResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the filter with `args` (the words after its name) on `input`. */
export type Filter = (args: readonly string[], input: string) => FilterResult;

export function failed(f: FilterFailure): FilterResult {
  return { exitCode: f.exitCode, stdout: '', stderr: f.error };
}

export function output(stdout: string, exitCode = 0): FilterResult {
  return { exitCode, stdout, stderr: '' };
}

/**
 * GNU's obsolete count option, `head -5` / `tail -5`: a first argument of a dash and digits is
 * `-n 5`. Returns the arguments with it rewritten.
 */
export function obsoleteCount(args: readonly string[]): readonly string[] {
  const first = args[0];
  if (first !== undefined && /^-\d+$/.test(first)) return ['-n', first.slice(1), ...args.slice(1)];
  return args;
}
