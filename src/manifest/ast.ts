/**
 * Small helpers over the yaml library's node tree, shared by the scans and the source map.
 *
 * Why our own alias table: `Alias.resolve(doc)` walks the whole document on every call, so
 * resolving each alias that way is quadratic. One walk in document order finds, for every alias,
 * the last anchor of that name before it, which is the YAML rule.
 */
import { isAlias, isMap, isScalar, isSeq, visit } from 'yaml';
import type { Alias, Document, Node, Pair, YAMLMap } from 'yaml';

/** For each alias node, the node its anchor names (absent when the anchor is undefined). */
export type AliasTable = Map<Alias, Node>;

export function buildAliasTable(doc: Document): AliasTable {
  const anchors = new Map<string, Node>();
  const table: AliasTable = new Map();
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) {
        const target = anchors.get(node.source);
        if (target) table.set(node, target);
      } else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  return table;
}

/** Follows aliases to the node they name; undefined for an unresolved alias or a null node. */
export function deref(node: unknown, aliases: AliasTable): Node | undefined {
  let current = node;
  for (let hops = 0; isAlias(current); hops++) {
    if (hops > aliases.size) return undefined;
    current = aliases.get(current);
  }
  return (current ?? undefined) as Node | undefined;
}

/** True for a `<<` merge key (the yaml library marks it with a symbol value). */
export function isMergeKey(key: unknown): boolean {
  return isScalar(key) && typeof key.value === 'symbol';
}

/**
 * The JSON property name a scalar key becomes, exactly as `toJS` names it: `null` -> '',
 * `true` -> 'true', `1` -> '1'. Undefined for a collection or alias key (not a valid JSON key).
 */
export function keyName(key: unknown): string | undefined {
  if (key === null || key === undefined) return '';
  if (!isScalar(key)) return undefined;
  const v = key.value;
  if (v === null || v === undefined) return '';
  if (typeof v === 'symbol') return '<<';
  return String(v);
}

/** The maps merged into `map` by its `<<` keys, in precedence order (first wins). */
export function mergeSources(map: YAMLMap, aliases: AliasTable): YAMLMap[] {
  const out: YAMLMap[] = [];
  for (const pair of map.items as Pair[]) {
    if (!isMergeKey(pair.key)) continue;
    const value = deref(pair.value, aliases);
    if (isMap(value)) out.push(value);
    else if (isSeq(value)) {
      for (const item of value.items) {
        const source = deref(item, aliases);
        if (isMap(source)) out.push(source);
      }
    }
  }
  return out;
}
