/**
 * `tail [-n [+]N] [-N]`: the last N lines (default 10), or with `+N` every line from the Nth on
 * (`+0` is `+1`). Bytes are copied as they are (coreutils tail.c).
 */
import { failed, obsoleteCount, output, type Filter } from './filter.js';
import { failure, fileOperand, last, parseOptions, tryHelp, type Program } from './options.js';
import { parseCount, rawLines } from './text.js';

export const TAIL: Program = {
  name: 'tail',
  synopsis: 'tail [OPTION]...',
  summary: 'Print the last 10 lines of the piped output.',
  troubleStatus: 1,
  usage: tryHelp('tail'),
  options: [{ name: 'lines', short: 'n', long: 'lines', arg: true, argName: '[+]NUM', help: "print the last NUM lines; with a leading '+', from line NUM on (also -NUM)" }],
};

export const tail: Filter = (args, input) => {
  const parsed = parseOptions(TAIL, obsoleteCount(args));
  if ('error' in parsed) return failed(parsed);
  const file = fileOperand(TAIL, parsed.operands);
  if (file) return failed(file);
  const text = last(parsed, 'lines') ?? '10';
  const fromStart = text.startsWith('+');
  const n = parseCount(fromStart || text.startsWith('-') ? text.slice(1) : text);
  if (n === undefined) return failed(failure(TAIL, `invalid number of lines: '${text}'`, false));
  const lines = rawLines(input);
  if (fromStart) return output(lines.slice(Math.max(0, n - 1)).join(''));
  return output(n === 0 ? '' : lines.slice(-n).join(''));
};
