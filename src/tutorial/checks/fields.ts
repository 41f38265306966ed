/**
 * Fields several check kinds share, read with positions: `ns`, a pod `selector`, and an
 * `object` named as kubectl names it (`daemonset/log-agent`, `node/node-3`) or, for pods whose
 * names are random, as `{kind: Pod, selector: app=x, node: node-1}`.
 */
import type { Kind } from '../../sim/api/types.js';
import { resolveResource, type ResourceInfo } from '../../sim/apiserver/resources.js';
import { podNouns, podSelector, type PodSelector } from '../cluster-query.js';
import { isScalar, MapReader, type Node } from '../yaml-reader.js';

export const DEFAULT_NAMESPACE = 'default';

/** `ns:` of the check (default `default`). */
export function readNamespace(r: MapReader): string {
  return r.string('ns')?.value ?? DEFAULT_NAMESPACE;
}

/** A required label selector under `key`, parsed as kubectl -l parses it. */
export function readSelector(r: MapReader, namespace: string, key = 'selector'): PodSelector | undefined {
  const s = r.string(key, true);
  if (!s) return undefined;
  const sel = podSelector(s.value, namespace);
  if ('error' in sel) {
    r.src.error(s.node, `${r.what}: "${key}": ${sel.error}`);
    return undefined;
  }
  return sel;
}

/** An object by kind and name, or pods by selector (and node). */
export type ObjectRef =
  | { readonly kind: Kind; readonly name: string; readonly namespace: string; readonly namespaced: boolean }
  | { readonly kind: 'Pod'; readonly pods: PodSelector; readonly node?: string };

/** `KIND/NAME` as kubectl takes it, and its namespace unless it is `default`, for messages. */
export function objectWords(kind: string, name: string, namespace: string): string {
  return `${kind.toLowerCase()}/${name}${namespace && namespace !== DEFAULT_NAMESPACE ? ` in ${namespace}` : ''}`;
}

/** The object a check reads, for messages: `daemonset/log-agent`, `the log-agent pod on node-1`. */
export function describeRef(ref: ObjectRef): string {
  if ('pods' in ref) {
    const ns = ref.pods.namespace !== DEFAULT_NAMESPACE ? ` in ${ref.pods.namespace}` : '';
    return `the ${podNouns(ref.pods).one}${ref.node ? ` on ${ref.node}` : ''}${ns}`;
  }
  return objectWords(ref.kind, ref.name, ref.namespace);
}

/**
 * The node of a required object reference under `key`, and, when it is a `KIND/NAME` string (as
 * kubectl takes it: `ds/x`, `daemonset/x`, `node/n`), what it names. `named` is null when that
 * string is malformed (reported) and undefined when the node is a mapping.
 */
export function readKindName(r: MapReader, key: string): { node: Node; named?: { info: ResourceInfo; name: string } | null } | undefined {
  const node = r.get(key);
  if (node === undefined || node === null) {
    r.src.error(r.node, `${r.what}: "${key}" is required`);
    return undefined;
  }
  if (!isScalar(node) || typeof node.value !== 'string') return { node };
  const [resource, name, extra] = node.value.split('/');
  const info = resource ? resolveResource(resource) : undefined;
  if (!info || !name || extra !== undefined) {
    r.src.error(node, `${r.what}: "${key}" must be KIND/NAME (e.g. daemonset/log-agent, node/node-1), got "${node.value}"`);
    return { node, named: null };
  }
  return { node, named: { info, name } };
}

/** `object:` — a `kind/name` string or a `{kind: Pod, selector, node}` mapping. */
export function readObjectRef(r: MapReader, namespace: string, kinds?: readonly Kind[]): ObjectRef | undefined {
  const read = readKindName(r, 'object');
  if (!read || read.named === null) return undefined;
  const node = read.node;
  if (read.named) {
    const { info, name } = read.named;
    if (kinds && !kinds.includes(info.kind)) {
      r.src.error(node, `${r.what}: "object" must be a ${kinds.join(' or ')}, got ${info.kind}`);
      return undefined;
    }
    return { kind: info.kind, name, namespace: info.namespaced ? namespace : '', namespaced: info.namespaced };
  }
  const m = MapReader.of(r.src, node, `${r.what}: "object"`);
  if (!m) return undefined;
  const kind = m.string('kind', true);
  if (kind && kind.value !== 'Pod') r.src.error(kind.node, `${r.what}: "object" as a mapping names pods: kind must be Pod`);
  const ns = m.string('ns')?.value ?? namespace;
  const pods = readSelector(m, ns);
  const onNode = m.string('node')?.value;
  m.done(['kind', 'selector', 'node', 'ns']);
  if (!pods || kind?.value !== 'Pod') return undefined;
  if (kinds && !kinds.includes('Pod')) {
    r.src.error(node, `${r.what}: "object" must be a ${kinds.join(' or ')}`);
    return undefined;
  }
  return onNode === undefined ? { kind: 'Pod', pods } : { kind: 'Pod', pods, node: onNode };
}
