/**
 * From one decoded YAML document to the API objects kubectl would send, with positions.
 *
 * Models kubectl's resource builder after the YAML-to-JSON step:
 * - the `apiVersion`/`kind` checks of type-meta.ts;
 * - lists: like kubectl's unstructured decoder, any object with an `items` field is a list
 *   (`kind: List`, `DaemonSetList`, ...) and its items are applied one by one. Under
 *   `--validate=strict|warn` a `v1 List` has every item's apiVersion/kind checked first and the
 *   complaints of all items reported together. Under `--validate=ignore` an item with neither
 *   field inherits them from its list (`DaemonSetList` -> `DaemonSet`), as the decoder does.
 *   An item that fails stops the list there; the items before it are still applied.
 */
import type { LineCounter, Node } from 'yaml';
import type { AliasTable } from './ast.js';
import { quote } from './gofmt.js';
import { scanFields } from './scan.js';
import { locate, rangeOf } from './source-map.js';
import { decodeProblem, typeMetaErrors, typeMetaProblem, validationMessage } from './type-meta.js';
import type { Diagnostic, ManifestDoc, SourceRange, ValidateMode } from './types.js';

/** Everything about the document the object came from. */
export interface DocContext {
  readonly fileName: string;
  readonly text: string;
  readonly index: number;
  readonly root: Node;
  readonly aliases: AliasTable;
  readonly lines: LineCounter;
  readonly mode: ValidateMode;
}

export interface DocOutcome {
  readonly docs: ManifestDoc[];
  readonly diagnostics: Diagnostic[];
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

export function readObjects(value: unknown, ctx: DocContext): DocOutcome {
  const at = rangeOf(ctx.root, ctx.lines);
  const fail = (message: string, range = at, itemIndex?: number): Diagnostic => ({
    severity: 'error',
    message,
    ...(range ? { line: range.line, column: range.column } : {}),
    docIndex: ctx.index,
    ...(itemIndex === undefined ? {} : { itemIndex }),
  });
  if (!isObject(value) || value['items'] === undefined || value['items'] === null) {
    const problem = typeMetaProblem(ctx.fileName, value, ctx.mode);
    if (problem) return { docs: [], diagnostics: [fail(problem)] };
    return { docs: [makeDoc(value as Json, ctx, ctx.root, '', undefined)], diagnostics: [] };
  }
  if (ctx.mode !== 'ignore') {
    const listErrors = typeMetaErrors(value);
    if (listErrors.length > 0) return { docs: [], diagnostics: [fail(validationMessage(ctx.fileName, listErrors))] };
  }
  const items = value['items'];
  if (!Array.isArray(items)) {
    const what = isObject(items) ? 'object' : typeof items === 'boolean' ? 'bool' : typeof items;
    const message = `unable to decode ${quote(ctx.fileName)}: json: cannot unmarshal ${what} into Go struct field decodeList.items of type []json.RawMessage`;
    return { docs: [], diagnostics: [fail(message)] };
  }
  if (ctx.mode !== 'ignore' && value['apiVersion'] === 'v1' && value['kind'] === 'List') {
    const itemErrors = items.flatMap((item) => typeMetaErrors(item));
    if (itemErrors.length > 0) return { docs: [], diagnostics: [fail(validationMessage(ctx.fileName, itemErrors))] };
  }
  const docs: ManifestDoc[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = ctx.mode === 'ignore' ? inheritTypeMeta(items[i], value) : items[i];
    const problem = decodeProblem(ctx.fileName, item);
    const itemRange = rangeOf(locate(ctx.root, `items[${i}]`, ctx.aliases)?.value, ctx.lines);
    if (problem) return { docs, diagnostics: [fail(problem, itemRange ?? at, i)] };
    docs.push(makeDoc(item as Json, ctx, locate(ctx.root, `items[${i}]`, ctx.aliases)?.value ?? ctx.root, `items[${i}]`, i));
  }
  return { docs, diagnostics: [] };
}

function inheritTypeMeta(item: unknown, list: Json): unknown {
  if (!isObject(item) || item['kind'] || item['apiVersion']) return item;
  const kind = typeof list['kind'] === 'string' ? list['kind'].replace(/List$/, '') : '';
  return { ...item, apiVersion: list['apiVersion'], kind };
}

function makeDoc(object: Json, ctx: DocContext, node: Node, prefix: string, itemIndex: number | undefined): ManifestDoc {
  const { aliases, lines } = ctx;
  const whole = rangeOf(node, lines) ?? { line: 1, column: 1, endLine: 1, endColumn: 1 };
  const full = (path: string): string => (prefix === '' ? path : path === '' ? prefix : `${prefix}.${path}`);
  return {
    object,
    index: ctx.index,
    ...(itemIndex === undefined ? {} : { itemIndex }),
    range: whole,
    duplicateFields: scanFields(node, aliases, ctx.text).duplicates,
    pathRange(path: string): SourceRange | undefined {
      if (path === '') return whole;
      const hit = locate(ctx.root, full(path), aliases);
      return rangeOf(hit?.key ?? hit?.value, lines);
    },
    valueRange(path: string): SourceRange | undefined {
      if (path === '') return whole;
      return rangeOf(locate(ctx.root, full(path), aliases)?.value, lines);
    },
  };
}
