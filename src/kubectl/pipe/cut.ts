/**
 * `cut -f LIST [-d DELIM] [-s] | -c LIST | -b LIST [--output-delimiter=S]`: the selected fields
 * (TAB-separated unless `-d`), characters or bytes (the same in the C locale) of each line, in
 * line order whatever the order of LIST. A line without the delimiter passes whole unless `-s`
 * (coreutils cut.c; LIST as set-fields.c reads it: `1,3`, `2-`, `-2`, `2-4`).
 */
import { failed, output, type Filter } from './filter.js';
import { failure, fileOperand, has, last, parseOptions, tryHelp, type FilterFailure, type Program } from './options.js';
import { joinLines, splitLines } from './text.js';

export const CUT: Program = {
  name: 'cut',
  synopsis: 'cut OPTION...',
  summary: 'Print the selected parts of each line of the piped output.',
  troubleStatus: 1,
  usage: tryHelp('cut'),
  options: [
    { name: 'bytes', short: 'b', long: 'bytes', arg: true, argName: 'LIST', help: 'select only these bytes' },
    { name: 'characters', short: 'c', long: 'characters', arg: true, argName: 'LIST', help: 'select only these characters' },
    { name: 'fields', short: 'f', long: 'fields', arg: true, argName: 'LIST', help: 'select only these fields (LIST: 1,3 or 2- or -2 or 2-4)' },
    { name: 'delimiter', short: 'd', long: 'delimiter', arg: true, argName: 'DELIM', help: 'use DELIM instead of TAB to separate fields' },
    { name: 'only-delimited', short: 's', long: 'only-delimited', help: 'do not print lines without the delimiter' },
    { name: 'output-delimiter', long: 'output-delimiter', arg: true, argName: 'STRING', help: 'join the selected parts with STRING' },
  ],
};

/** A range of 1-based positions, both ends included. */
interface Range {
  readonly from: number;
  readonly to: number;
}

export const cut: Filter = (args, input) => {
  const parsed = parseOptions(CUT, args);
  if ('error' in parsed) return failed(parsed);
  const lists = parsed.options.filter((o) => o.name === 'bytes' || o.name === 'characters' || o.name === 'fields');
  if (lists.length === 0) return failed(failure(CUT, 'you must specify a list of bytes, characters, or fields'));
  if (new Set(lists.map((o) => o.name)).size > 1 || lists.length > 1) return failed(failure(CUT, 'only one list may be specified'));
  const byField = lists[0]!.name === 'fields';
  const delimiter = last(parsed, 'delimiter');
  if (delimiter !== undefined && delimiter.length > 1) return failed(failure(CUT, 'the delimiter must be a single character'));
  if (!byField && delimiter !== undefined) return failed(failure(CUT, 'an input delimiter may be specified only when operating on fields'));
  if (!byField && has(parsed, 'only-delimited')) return failed(failure(CUT, 'suppressing non-delimited lines makes sense\n\tonly when operating on fields'));
  const ranges = parseList(lists[0]!.value, byField);
  if ('error' in ranges) return failed(ranges);
  const file = fileOperand(CUT, parsed.operands);
  if (file) return failed(file);
  const selected = (i: number): boolean => ranges.some((r) => i >= r.from && i <= r.to);
  const lines = splitLines(input);
  if (!byField) {
    const glue = last(parsed, 'output-delimiter') ?? '';
    return output(joinLines(lines.map((l) => pick([...l], selected).join(glue))));
  }
  // `-d ''` makes the NUL byte the delimiter, as in GNU cut.
  const delim = delimiter === undefined ? '\t' : delimiter === '' ? '\0' : delimiter;
  const glue = last(parsed, 'output-delimiter') ?? delim;
  const kept: string[] = [];
  for (const line of lines) {
    if (!line.includes(delim)) {
      if (!has(parsed, 'only-delimited')) kept.push(line);
      continue;
    }
    kept.push(pick(line.split(delim), selected).join(glue));
  }
  return output(joinLines(kept));
};

function pick<T>(items: readonly T[], selected: (i: number) => boolean): T[] {
  return items.filter((_, i) => selected(i + 1));
}

/** LIST as set-fields.c reads it, with its errors. */
function parseList(text: string, fields: boolean): Range[] | FilterFailure {
  const numbered = fields ? 'fields are numbered from 1' : 'byte/character positions are numbered from 1';
  const invalid = (rest: string) => failure(CUT, fields ? `invalid field value '${rest}'` : `invalid byte/character position '${rest}'`);
  const ranges: Range[] = [];
  let value = 0;
  let initial = 0;
  let lhs = false;
  let rhs = false;
  let dash = false;
  for (let i = 0; ; i++) {
    const c = text[i];
    if (c === '-') {
      if (dash) return failure(CUT, fields ? 'invalid field range' : 'invalid byte or character range');
      dash = true;
      if (lhs && value === 0) return failure(CUT, numbered);
      initial = lhs ? value : 1;
      value = 0;
    } else if (c === ',' || c === ' ' || c === '\t' || c === undefined) {
      if (dash) {
        if (!lhs && !rhs) return failure(CUT, 'invalid range with no endpoint: -');
        if (!rhs) ranges.push({ from: initial, to: Infinity });
        else if (value < initial) return failure(CUT, 'invalid decreasing range');
        else ranges.push({ from: initial, to: value });
      } else {
        if (value === 0) return failure(CUT, numbered);
        ranges.push({ from: value, to: value });
      }
      if (c === undefined) return ranges;
      value = 0;
      dash = lhs = rhs = false;
    } else if (c >= '0' && c <= '9') {
      if (dash) rhs = true;
      else lhs = true;
      value = value * 10 + Number(c);
    } else return invalid(text.slice(i));
  }
}
