/**
 * `wc [-l] [-w] [-m] [-c]`: newlines, words, characters and bytes, always in that order. In the C
 * locale a character is a byte, and a word is a run of non-space bytes with a printable one in it.
 * Reading a pipe, GNU wc pads each count to 7 columns unless it prints just one
 * (coreutils wc.c, `compute_number_width`): `wc -l` prints `3`, `wc` prints `      3      12      80`.
 */
import { failed, output, type Filter } from './filter.js';
import { fileOperand, has, parseOptions, tryHelp, type Program } from './options.js';
import { byteLength, isSpace } from './text.js';

/** `isprint` in the C locale. */
const isPrintable = (c: number): boolean => c >= 0x20 && c < 0x7f;

export const WC: Program = {
  name: 'wc',
  synopsis: 'wc [OPTION]...',
  summary: 'Print the newline, word and byte counts of the piped output.',
  troubleStatus: 1,
  usage: tryHelp('wc'),
  options: [
    { name: 'lines', short: 'l', long: 'lines', help: 'print the newline count' },
    { name: 'words', short: 'w', long: 'words', help: 'print the word count' },
    { name: 'chars', short: 'm', long: 'chars', help: 'print the character count' },
    { name: 'bytes', short: 'c', long: 'bytes', help: 'print the byte count' },
  ],
};

export const wc: Filter = (args, input) => {
  const parsed = parseOptions(WC, args);
  if ('error' in parsed) return failed(parsed);
  const file = fileOperand(WC, parsed.operands);
  if (file) return failed(file);
  const chosen = ['lines', 'words', 'chars', 'bytes'].filter((n) => has(parsed, n));
  const fields = chosen.length > 0 ? chosen : ['lines', 'words', 'bytes'];
  const counts = count(input);
  const width = fields.length === 1 ? 1 : 7;
  const cells = fields.map((f) => String(counts[f as keyof Counts]).padStart(width));
  // An explicit `-` operand is named after the counts, as any file would be.
  const names = parsed.operands.map((o) => ` ${o}`).join('');
  return output(`${cells.join(' ')}${names}\n`);
};

interface Counts {
  readonly lines: number;
  readonly words: number;
  readonly chars: number;
  readonly bytes: number;
}

function count(input: string): Counts {
  let lines = 0;
  let words = 0;
  let inWord = false;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (c === '\n') lines++;
    if (isSpace(c)) inWord = false;
    else if (!inWord && isPrintable(input.charCodeAt(i))) {
      inWord = true;
      words++;
    }
  }
  const bytes = byteLength(input);
  return { lines, words, chars: bytes, bytes };
}
