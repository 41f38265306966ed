/**
 * `-o custom-columns=HEADER:.path,...`: cli-runtime `customcolumn.go` (`NewCustomColumnsPrinterFromSpec`,
 * `RelaxedJSONPathExpression`, `printOneObject`). Each cell is every value the path finds, printed
 * with `%v` and joined by `,`, or `<none>` when it finds nothing.
 */
import { findJsonPathResults, parseJsonPath, type CompiledJsonPath } from '../format/jsonpath.js';
import { goFmtV } from '../format/go-value.js';
import { formatTable } from '../format/tabwriter.js';

export interface CustomColumn {
  readonly header: string;
  readonly path: CompiledJsonPath;
}

/** `jsonRegexp` of kubectl's get package: braces around the whole path or none, and something inside them. */
const RELAXED = /^\{\.?([^{}]+)\}$|^\.?([^{}]+)$/;

/**
 * `RelaxedJSONPathExpression`: `.a.b`, `a.b`, `{a.b}` and `{.a.b}` all mean `{.a.b}`; an unbalanced
 * brace or an empty `{}` is refused.
 */
export function relaxedJsonPath(expr: string): string | { error: string } {
  if (expr.length === 0) return expr;
  const m = RELAXED.exec(expr);
  if (!m) return { error: "unexpected path string, expected a 'name1.name2' or '.name1.name2' or '{name1.name2}' or '{.name1.name2}'" };
  return `{.${m[1] ?? m[2]}}`;
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
    const compiled = parseJsonPath(relaxed);
    if ('error' in compiled) return { error: compiled.error };
    columns.push({ header: part.slice(0, colon), path: compiled });
  }
  return columns;
}

/**
 * One cell (`printOneObject`): every value the path finds, each printed with Go's `%v` (a map as
 * `map[k:v ...]`, a list as `[a b]`: kubectl get hands the printer unstructured objects), joined
 * by `,`; `<none>` leads when the first result set is empty.
 */
function cell(col: CustomColumn, obj: unknown): string | { error: string } {
  const results = findJsonPathResults(col.path, obj);
  if (!Array.isArray(results)) return results;
  const values: string[] = results.length === 0 || results[0]!.length === 0 ? ['<none>'] : [];
  for (const set of results) for (const v of set) values.push(goFmtV(v));
  return values.join(',');
}

/** The cells of one object's row, or the first path's error. */
export function customColumnsRow(columns: readonly CustomColumn[], obj: unknown): string[] | { error: string } {
  const row: string[] = [];
  for (const col of columns) {
    const c = cell(col, obj);
    if (typeof c !== 'string') return c;
    row.push(c);
  }
  return row;
}

/** The table for `objects` (one row each), aligned as kubectl's tab writer does. */
export function printCustomColumns(columns: readonly CustomColumn[], objects: readonly unknown[], noHeaders: boolean): string | { error: string } {
  const rows: string[][] = noHeaders ? [] : [columns.map((c) => c.header)];
  for (const obj of objects) {
    const row = customColumnsRow(columns, obj);
    if (!Array.isArray(row)) return row;
    rows.push(row);
  }
  return rows.length === 0 ? '' : formatTable(rows);
}
