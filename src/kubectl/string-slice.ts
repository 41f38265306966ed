/**
 * pflag's `StringSlice` flag (`--image=a,b --image=c`): each occurrence is read as one line of CSV
 * (`readAsCSV`: Go `encoding/csv`, comma-separated, `"..."` quoting with `""` for a quote) and the
 * values of every occurrence are appended in order. An empty occurrence adds nothing.
 *
 * Why CSV and not a plain split: `--image='"registry:5000/a,b"'` is one value to kubectl, and a
 * stray quote is refused with csv's own message, which a learner sees as the flag's error.
 */
import { goQuote } from '../sim/api/goquote.js';

/** The CSV fields of one occurrence, or the `csv.ParseError` text (columns are 1-based bytes). */
function readAsCsv(text: string): string[] | { error: string } {
  if (text === '') return [];
  const line = text.split('\n')[0]!;
  const fields: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] !== '"') {
      const comma = line.indexOf(',', i);
      const field = comma < 0 ? line.slice(i) : line.slice(i, comma);
      const quote = field.indexOf('"');
      if (quote >= 0) return { error: `parse error on line 1, column ${column(line, i + quote)}: bare " in non-quoted-field` };
      fields.push(field);
      if (comma < 0) return fields;
      i = comma + 1;
      continue;
    }
    let field = '';
    i++;
    for (;;) {
      const quote = line.indexOf('"', i);
      if (quote < 0) return { error: `parse error on line 1, column ${column(line, line.length)}: extraneous or missing " in quoted-field` };
      field += line.slice(i, quote);
      const next = line[quote + 1];
      if (next === '"') {
        field += '"';
        i = quote + 2;
      } else if (next === ',' || next === undefined) {
        fields.push(field);
        if (next === undefined) return fields;
        i = quote + 2;
        break;
      } else return { error: `parse error on line 1, column ${column(line, quote)}: extraneous or missing " in quoted-field` };
    }
  }
}

/** The 1-based byte column of `line[at]`, as Go counts it. */
function column(line: string, at: number): number {
  return new TextEncoder().encode(line.slice(0, at)).length + 1;
}

/**
 * The values of StringSlice flag `name` of `kubectl COMMAND` given `occurrences` (each as typed),
 * or the flag error cobra prints.
 */
export function readStringSlice(command: string, name: string, occurrences: readonly string[]): string[] | { error: string } {
  const out: string[] = [];
  for (const text of occurrences) {
    const fields = readAsCsv(text);
    if ('error' in fields) return { error: `error: invalid argument ${goQuote(text)} for "--${name}" flag: ${fields.error}\nSee 'kubectl ${command} --help' for usage.` };
    out.push(...fields);
  }
  return out;
}
