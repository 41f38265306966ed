/**
 * `head [-n [-]N] [-N]`: the first N lines (default 10); `-n -N` prints all but the last N. Bytes
 * are copied as they are, so a last line without a newline stays without one (coreutils head.c).
 */
import { failed, obsoleteCount, output, type Filter } from './filter.js';
import { failure, fileOperand, last, parseOptions, tryHelp, type Program } from './options.js';
import { parseCount, rawLines } from './text.js';

export const HEAD: Program = {
  name: 'head',
  synopsis: 'head [OPTION]...',
  summary: 'Print the first 10 lines of the piped output.',
  troubleStatus: 1,
  usage: tryHelp('head'),
  options: [{ name: 'lines', short: 'n', long: 'lines', arg: true, argName: '[-]NUM', help: "print the first NUM lines; with a leading '-', all but the last NUM (also -NUM)" }],
};

export const head: Filter = (args, input) => {
  const parsed = parseOptions(HEAD, obsoleteCount(args));
  if ('error' in parsed) return failed(parsed);
  const file = fileOperand(HEAD, parsed.operands);
  if (file) return failed(file);
  const text = last(parsed, 'lines') ?? '10';
  const allBut = text.startsWith('-');
  const n = parseCount(allBut || text.startsWith('+') ? text.slice(1) : text);
  if (n === undefined) return failed(failure(HEAD, `invalid number of lines: '${text}'`, false));
  const lines = rawLines(input);
  return output((allBut ? lines.slice(0, Math.max(0, lines.length - n)) : lines.slice(0, n)).join(''));
};
