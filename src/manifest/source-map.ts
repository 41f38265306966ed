/**
 * Field path -> source position, for editor markers.
 *
 * Paths are the API server's: `spec.template.spec.containers[0].image`. A map key may itself
 * contain dots (`metadata.labels.app.kubernetes.io/name`), so a run of dotted names is matched
 * against keys greedily from the shortest, backtracking when the rest of the path fails; a key
 * may also be written in brackets (`labels[app.kubernetes.io/name]`). When a key is written twice
 * the last one wins, as it does in the decoded object; keys merged by `<<` are found in their
 * source mapping.
 */
import { isMap, isSeq } from 'yaml';
import type { LineCounter, Node, Pair, YAMLMap } from 'yaml';
import { deref, isMergeKey, keyName, mergeSources } from './ast.js';
import type { AliasTable } from './ast.js';
import type { SourceRange } from './types.js';

type Segment = { readonly key: string; readonly dotted: boolean } | { readonly index: number };

/** Splits `a.b[0][c.d]` into name, index and bracketed-name segments. */
export function parsePath(path: string): Segment[] {
  const out: Segment[] = [];
  let i = 0;
  let name = '';
  const flush = (): void => {
    if (name !== '') out.push({ key: name, dotted: true });
    name = '';
  };
  while (i < path.length) {
    const c = path[i]!;
    if (c === '.') {
      flush();
      i++;
    } else if (c === '[') {
      flush();
      const close = path.indexOf(']', i);
      if (close < 0) return [...out, { key: path.slice(i), dotted: false }];
      const inner = path.slice(i + 1, close);
      out.push(/^\d+$/.test(inner) ? { index: Number(inner) } : { key: inner, dotted: false });
      i = close + 1;
    } else {
      name += c;
      i++;
    }
  }
  flush();
  return out;
}

interface Hit {
  readonly key?: Node;
  readonly value?: Node;
}

/** Finds the key and value nodes at `path` below `root`. */
export function locate(root: Node, path: string, aliases: AliasTable): Hit | undefined {
  const segments = parsePath(path);
  const go = (raw: unknown, at: number, keyNode?: Node): Hit | undefined => {
    const node = deref(raw, aliases);
    if (at === segments.length) return { key: keyNode, value: node ?? (raw as Node | undefined) };
    const seg = segments[at]!;
    if ('index' in seg) {
      if (!isSeq(node)) return undefined;
      const item = node.items[seg.index];
      return item === undefined ? undefined : go(item, at + 1, item as Node);
    }
    if (!isMap(node)) return undefined;
    let key = seg.key;
    for (let end = at; end < segments.length; end++) {
      if (end > at) {
        const next = segments[end]!;
        if (!('key' in next) || !next.dotted || !seg.dotted) break;
        key += `.${next.key}`;
      }
      const pair = findPair(node, key, aliases);
      if (pair) {
        const hit = go(pair.value, end + 1, (pair.key as Node | null) ?? undefined);
        if (hit) return hit;
      }
    }
    return undefined;
  };
  return go(root, 0, undefined);
}

function findPair(map: YAMLMap, name: string, aliases: AliasTable): Pair | undefined {
  let found: Pair | undefined;
  for (const pair of map.items as Pair[]) {
    if (!isMergeKey(pair.key) && keyName(deref(pair.key, aliases) ?? pair.key) === name) found = pair;
  }
  if (found) return found;
  for (const source of mergeSources(map, aliases)) {
    const pair = findPair(source, name, aliases);
    if (pair) return pair;
  }
  return undefined;
}

/** The 1-based range of a node; undefined for a node without a source range. */
export function rangeOf(node: Node | undefined, lines: LineCounter): SourceRange | undefined {
  const r = node?.range;
  if (!r) return undefined;
  const start = lines.linePos(r[0]);
  const end = lines.linePos(r[1]);
  return { line: start.line, column: start.col, endLine: end.line, endColumn: end.col };
}
