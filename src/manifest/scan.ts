/**
 * Scans of one document's node tree that `toJS` cannot do for us:
 *
 * - `checkNesting`: the depth of the data once aliases are expanded, and aliases that name one
 *   of their own ancestors (`&a [*a]`), both before `toJS` recurses into them. The parser's
 *   own depth guard (cst-depth.ts) cannot see through aliases.
 * - `scanFields`: what kubectl's YAML-to-JSON step would reject (a mapping or sequence used as a
 *   key, `.inf`/`.nan`, which JSON cannot hold) and the fields written twice in one mapping.
 *
 * Both walk the tree recursively; checkNesting bounds that recursion by MAX_DEPTH first.
 */
import { isAlias, isCollection, isMap, isPair, isScalar, isSeq } from 'yaml';
import type { Node, Pair } from 'yaml';
import { deref, isMergeKey, keyName } from './ast.js';
import type { AliasTable } from './ast.js';

/**
 * A problem found at a node: `message` continues `error converting YAML to JSON: `; when
 * `atLine` is set it is go-yaml's `yaml: line N: <atLine>` shape and the caller adds the line.
 */
export interface NodeProblem {
  readonly node: Node;
  readonly message: string;
  readonly atLine?: string;
}

/**
 * Depth of `root` with aliases expanded (a flat mapping is 1), or the first problem: an alias
 * inside the node it names, or data nested deeper than `limit`.
 */
export function checkNesting(root: Node, aliases: AliasTable, limit: number): NodeProblem | undefined {
  const depthOf = new Map<Node, number>();
  let problem: NodeProblem | undefined;
  const visit = (node: unknown): number => {
    if (problem) return 0;
    if (isAlias(node)) {
      const target = aliases.get(node);
      if (!target) return 0; // unresolved: toJS reports it
      const known = depthOf.get(target);
      if (known === undefined) {
        problem = { node, message: `yaml: anchor '${node.source}' value contains itself` };
        return 0;
      }
      return known;
    }
    let depth = 0;
    if (isPair(node)) depth = Math.max(visit(node.key), visit(node.value));
    else if (isCollection(node)) {
      let inner = 0;
      for (const item of node.items) inner = Math.max(inner, visit(item));
      depth = inner + 1;
      if (depth > limit && !problem) {
        problem = { node, message: `yaml: exceeded max depth of ${limit}`, atLine: `exceeded max depth of ${limit}` };
      }
    }
    if (node && typeof node === 'object' && !isPair(node)) depthOf.set(node as Node, depth);
    return depth;
  };
  visit(root);
  return problem;
}

/** What `scanFields` finds: duplicated field paths and JSON conversion problems. */
export interface FieldScan {
  readonly duplicates: string[];
  readonly problems: NodeProblem[];
}

/** Walks the data as `toJS` expands it, naming paths the way the API server does. */
export function scanFields(root: Node, aliases: AliasTable, source: string): FieldScan {
  const duplicates: string[] = [];
  const problems: NodeProblem[] = [];
  const walk = (raw: unknown, path: string): void => {
    const node = deref(raw, aliases);
    if (isScalar(node)) {
      const v = node.value;
      if (typeof v === 'number' && !Number.isFinite(v)) {
        problems.push({ node, message: `json: unsupported value: ${Number.isNaN(v) ? 'NaN' : v > 0 ? '+Inf' : '-Inf'}` });
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => walk(item, `${path}[${i}]`));
    } else if (isMap(node)) {
      const last = new Map<string, Pair>();
      const seen = new Set<string>();
      for (const pair of node.items as Pair[]) {
        if (isMergeKey(pair.key)) continue;
        const keyNode = deref(pair.key, aliases) ?? pair.key;
        const name = keyName(keyNode);
        if (name === undefined) {
          const at = (pair.key as Node | null) ?? node;
          const text = at.range ? source.slice(at.range[0], at.range[1]).trim() : '';
          problems.push({ node: at, message: `yaml: invalid map key: ${text}` });
          continue;
        }
        const child = path === '' ? name : `${path}.${name}`;
        if (seen.has(name)) duplicates.push(child);
        seen.add(name);
        last.set(name, pair);
      }
      for (const [name, pair] of last) walk(pair.value, path === '' ? name : `${path}.${name}`);
      for (const source of mergedOnly(node, last, aliases)) walk(source.value, path === '' ? source.name : `${path}.${source.name}`);
    }
  };
  walk(root, '');
  return { duplicates, problems };
}

/** Entries a map gets only through `<<` merges (explicit keys win, earlier sources win). */
function mergedOnly(map: Node, explicit: Map<string, Pair>, aliases: AliasTable): { name: string; value: unknown }[] {
  if (!isMap(map) || !map.items.some((p) => isMergeKey((p as Pair).key))) return [];
  const out = new Map<string, unknown>();
  for (const pair of map.items as Pair[]) {
    if (!isMergeKey(pair.key)) continue;
    const value = deref(pair.value, aliases);
    const sources = isSeq(value) ? value.items.map((i) => deref(i, aliases)) : [value];
    for (const source of sources) {
      if (!isMap(source)) continue;
      for (const p of source.items as Pair[]) {
        const name = keyName(deref(p.key, aliases) ?? p.key);
        if (name !== undefined && !explicit.has(name) && !out.has(name)) out.set(name, p.value);
      }
    }
  }
  return [...out].map(([name, value]) => ({ name, value }));
}
