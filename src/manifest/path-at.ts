/**
 * Source position -> field path, the other way round from source-map.ts: which field of which
 * kind a place in a manifest belongs to, for the editor's hover (`kubectl explain`'s words for it).
 *
 *   fieldPathAt(text, offset of `maxSurge` in a DaemonSet)
 *   -> { kind: 'DaemonSet', path: ['spec', 'updateStrategy', 'rollingUpdate', 'maxSurge'], start, end }
 *
 * The path names fields only, as `kubectl explain` takes them: list items are stepped through
 * (`spec.template.spec.containers.image`). A place on a key or on its scalar value belongs to that
 * key; `start`/`end` are the key's offsets. The items of a `kind: List` are objects of their own
 * kind. Read with kubectl's YAML options (yaml-options.ts); aliases are not followed (a place is
 * where it is written).
 *
 * Assumptions:
 * - Input is untrusted: too big or too deeply nested text has no path (the manifest reader
 *   reports those); a document the yaml library cannot read still yields what it built.
 */
import { isMap, isScalar, isSeq, parseAllDocuments } from 'yaml';
import type { Node, Pair } from 'yaml';
import { keyName } from './ast.js';
import { MAX_DEPTH, MAX_INPUT_BYTES, utf8ByteLength } from './limits.js';
import { offsetOfRunawayNesting } from './prescan.js';
import { COMPOSE_OPTIONS } from './yaml-options.js';

export interface PathAt {
  /** The document's (or List item's) `kind`, when it is written as a plain string. */
  readonly kind?: string;
  readonly path: readonly string[];
  /** The offsets of the key the place belongs to. */
  readonly start: number;
  readonly end: number;
}

/** Whether `offset` falls on the node (its value, not the comments after it). */
function covers(node: unknown, offset: number): node is Node {
  const range = (node as Node | null | undefined)?.range;
  return range !== undefined && range !== null && range[0] <= offset && offset <= range[1];
}

/** The `kind` a mapping states, when it is a plain string. */
function kindOf(node: Node): string | undefined {
  if (!isMap(node)) return undefined;
  const pair = (node.items as Pair[]).find((p) => keyName(p.key) === 'kind');
  return isScalar(pair?.value) && typeof pair.value.value === 'string' ? pair.value.value : undefined;
}

export function fieldPathAt(text: string, offset: number): PathAt | undefined {
  if (utf8ByteLength(text) > MAX_INPUT_BYTES || offsetOfRunawayNesting(text, MAX_DEPTH) !== undefined) return undefined;
  const docs = parseAllDocuments(text, COMPOSE_OPTIONS);
  const root = docs.find((d) => covers(d.contents, offset))?.contents;
  if (!covers(root, offset)) return undefined;
  let kind = kindOf(root);
  let path: string[] = [];
  let at: PathAt | undefined;
  let node: unknown = root;
  while (node) {
    const here = node as Node;
    node = undefined;
    if (isMap(here)) {
      for (const pair of here.items as Pair[]) {
        const name = keyName(pair.key);
        const onKey = covers(pair.key, offset);
        if (name === undefined || !(onKey || covers(pair.value, offset))) continue;
        const [start, end] = (pair.key as Node).range!;
        path = [...path, name];
        at = { ...(kind === undefined ? {} : { kind }), path, start, end };
        if (!onKey) node = pair.value;
        break;
      }
    } else if (isSeq(here)) {
      node = here.items.find((item) => covers(item, offset));
      if (node && kind === 'List' && path.length === 1 && path[0] === 'items') {
        kind = kindOf(node as Node);
        path = [];
      }
    }
  }
  return at;
}
