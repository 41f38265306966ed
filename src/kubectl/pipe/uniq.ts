/**
 * `uniq [-c] [-d] [-u]`: one line per run of equal adjacent lines, compared byte for byte; `-c`
 * prefixes each with its run length as `%7d `, `-d` keeps only repeated runs, `-u` only single
 * lines (coreutils uniq.c).
 */
import { failed, output, type Filter } from './filter.js';
import { fileOperand, has, parseOptions, tryHelp, type Program } from './options.js';
import { joinLines, splitLines } from './text.js';

export const UNIQ: Program = {
  name: 'uniq',
  synopsis: 'uniq [OPTION]...',
  summary: 'Print one line of each run of equal adjacent lines of the piped output.',
  troubleStatus: 1,
  usage: tryHelp('uniq'),
  options: [
    { name: 'count', short: 'c', long: 'count', help: 'prefix each line with how many times it occurred' },
    { name: 'repeated', short: 'd', long: 'repeated', help: 'print only lines that repeat' },
    { name: 'unique', short: 'u', long: 'unique', help: 'print only lines that do not repeat' },
  ],
};

export const uniq: Filter = (args, input) => {
  const parsed = parseOptions(UNIQ, args);
  if ('error' in parsed) return failed(parsed);
  const file = fileOperand(UNIQ, parsed.operands);
  if (file) return failed(file);
  const counting = has(parsed, 'count');
  const repeatedOnly = has(parsed, 'repeated');
  const uniqueOnly = has(parsed, 'unique');
  const kept: string[] = [];
  const lines = splitLines(input);
  for (let i = 0; i < lines.length; ) {
    let j = i + 1;
    while (j < lines.length && lines[j] === lines[i]) j++;
    const n = j - i;
    if (!(repeatedOnly && n === 1) && !(uniqueOnly && n > 1)) kept.push(counting ? `${String(n).padStart(7)} ${lines[i]}` : lines[i]!);
    i = j;
  }
  return output(joinLines(kept));
};
