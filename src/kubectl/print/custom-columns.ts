/**
 * `-o custom-columns=HEADER:.path,...`: cli-runtime `customcolumn.go` (`NewCustomColumnsPrinterFromSpec`,
 * `RelaxedJSONPathExpression`, `printOneObject`). Each cell is every value the path finds, printed
 * with `%v` and joined by `,`, or `<none>` when it finds nothing.
 */
import { executeJsonPath, parseJsonPath, type CompiledJsonPath } from '../format/jsonpath.js';
import { formatTable } from '../format/tabwriter.js';

export interface CustomColumn {
  readonly header: string;
  readonly path: CompiledJsonPath;
}

const RELAXED = /^\{?(?:\.)?([^{}]*)\}?$/;
/** A separator no object text contains, to split the values of one cell. */
const SEP = '\u0001';

/** `RelaxedJSONPathExpression`: `.a.b`, `a.b`, `{a.b}` and `{.a.b}` all mean `{.a.b}`. */
export function relaxedJsonPath(expr: string): string | { error: string } {
  if (expr.length === 0) return expr;
  const m = RELAXED.exec(expr);
  if (!m) return { error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'" };
  return `{.${m[1]}}`;
}

/** Parses the spec after `custom-columns=`; errors are kubectl's words. */
export function parseCustomColumns(spec: string): CustomColumn[] | { error: string } {
  if (spec.length === 0) return { error: 'custom-columns format specified but no custom columns given' };
  const columns: CustomColumn[] = [];
  for (const part of spec.split(',')) {
    const colon = part.indexOf(':');
    if (colon < 0) return { error: `unexpected custom-columns spec: ${part}, expected <header>:<json-path-expr>` };
    const relaxed = relaxedJsonPath(part.slice(colon + 1));
    if (typeof relaxed !== 'string') return relaxed;
    // Each value of the path, one per range iteration, so the values can be joined with ','.
    const inner = relaxed.slice(1, -1);
    const compiled = parseJsonPath(`{range ${inner}}{@}${SEP}{end}`);
    if ('error' in compiled) return { error: compiled.error };
    columns.push({ header: part.slice(0, colon), path: compiled });
  }
  return columns;
}

/** One cell: the values joined by `,`, or `<none>`. */
function cell(col: CustomColumn, obj: unknown): string | { error: string } {
  const out = executeJsonPath(col.path, obj);
  if (typeof out !== 'string') return out;
  const values = out.split(SEP).slice(0, -1);
  return values.length === 0 ? '<none>' : values.join(',');
}

/** The table for `objects` (one row each), aligned as kubectl's tab writer does. */
export function printCustomColumns(columns: readonly CustomColumn[], objects: readonly unknown[], noHeaders: boolean): string | { error: string } {
  const rows: string[][] = noHeaders ? [] : [columns.map((c) => c.header)];
  for (const obj of objects) {
    const row: string[] = [];
    for (const col of columns) {
      const c = cell(col, obj);
      if (typeof c !== 'string') return c;
      row.push(c);
    }
    rows.push(row);
  }
  return rows.length === 0 ? '' : formatTable(rows);
}
