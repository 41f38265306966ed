/**
 * The values of a document under JSON patch, held as evanphx/json-patch v4.12.0 holds them
 * (`lazyNode`): each value stays the JSON it was read from until an operation looks inside it,
 * which decodes it into an object (`partialDoc`) or a list (`partialArray`) of further nodes.
 *
 * Why not plain JSON: the library's answers depend on how a value is held. A JSON null read from
 * a document is no node at all (a nil slot: paths through it are missing, `test` with `null`
 * passes); an operation's `"value": null` is a node without text (nil raw), and a path through it
 * dereferences nil; a copy of that node is the text `null`, which decodes as a nil map that
 * refuses assignment. Those two are Go runtime panics: kubectl crashes, the API server answers 500.
 */
import { clone, goJson, isMap, type Json, type JsonMap } from './json.js';
import { PatchError } from './list-order.js';

/**
 * A Go runtime panic inside the library; the message is the panic value, as Go prints it after
 * `panic: `. It is a PatchError, so a caller that reports patch errors reports it as one (where
 * kubectl crashes with exit code 2 and a stack trace, and the API server answers 500).
 */
export class JsonPatchPanic extends PatchError {}

/** Go's panic value for reading through a nil pointer. */
export const NIL_DEREFERENCE = 'runtime error: invalid memory address or nil pointer dereference';

/** `*lazyNode`: null is a nil pointer. */
export type Slot = LazyNode | null;

/** `lazyNode`: `raw` undefined is a nil `*json.RawMessage`; `doc` null is a nil map. */
export class LazyNode {
  which: 'raw' | 'doc' | 'ary' = 'raw';
  doc: Map<string, Slot> | null = null;
  ary: Slot[] = [];
  constructor(readonly raw: Json | undefined) {}
}

/** Reading a field through a nil `*lazyNode`, which panics in Go. */
export function deref(slot: Slot): LazyNode {
  if (slot === null) throw new JsonPatchPanic(NIL_DEREFERENCE);
  return slot;
}

/** `json.Unmarshal` of a value into `[]*lazyNode` / `map[string]*lazyNode` elements: null is a nil slot. */
function slotOf(v: Json): Slot {
  return v === null ? null : new LazyNode(v);
}

/**
 * `tryDoc`, and `intoDoc` for a node not yet decoded: `json.Unmarshal(raw, &n.doc)`. The text
 * `null` decodes into a nil map; anything but an object or null fails.
 */
export function decodeDoc(n: LazyNode): boolean {
  if (n.raw === null) n.doc = null;
  else if (isMap(n.raw)) n.doc = new Map(Object.entries(n.raw).map(([k, v]) => [k, slotOf(v)]));
  else return false;
  n.which = 'doc';
  return true;
}

/** `tryAry`, and `intoAry` for a node not yet decoded. */
export function decodeAry(n: LazyNode): boolean {
  if (!Array.isArray(n.raw)) return false;
  n.ary = n.raw.map(slotOf);
  n.which = 'ary';
  return true;
}

/** `intoDoc`: the node as an object, decoding its text the first time. */
export function intoDoc(n: LazyNode): boolean {
  return n.which === 'doc' || decodeDoc(n);
}

/** `intoAry`: the node as a list, decoding its text the first time. */
export function intoAry(n: LazyNode): boolean {
  return n.which === 'ary' || decodeAry(n);
}

/** The document `Apply` starts from (`json.Unmarshal` into `partialDoc`). */
export function rootNode(doc: JsonMap): LazyNode {
  const n = new LazyNode(doc);
  decodeDoc(n);
  return n;
}

/** `lazyNode.MarshalJSON` (and a nil slot's `null`): the node's current value as plain JSON. */
export function marshal(slot: Slot): Json {
  if (slot === null) return null;
  if (slot.which === 'ary') return slot.ary.map(marshal);
  if (slot.which === 'doc') return slot.doc === null ? null : Object.fromEntries([...slot.doc].map(([k, v]) => [k, marshal(v)]));
  return slot.raw === undefined ? null : clone(slot.raw);
}

/** `deepCopy`: a fresh node holding the marshalled value, and the byte length of that JSON text (what `copy` counts). */
export function deepCopy(slot: Slot): [Slot, number] {
  if (slot === null) return [null, 0];
  const value = marshal(slot);
  return [new LazyNode(value), new TextEncoder().encode(goJson(value)).length];
}

/**
 * `lazyNode.equal`, the comparison of `test`: objects by key whatever their order, lists in order,
 * scalars by their compact JSON text, here Go's text of the decoded value (kubectl patch sends the
 * patch re-encoded by `yaml.ToJSON`, so `5.0` is `5` there too). It decodes the nodes it compares
 * (as upstream does), and
 * like upstream it dereferences `o` on every path, so a nil `o`, or a nil slot met in a list on
 * either side, panics.
 */
export function equal(n: LazyNode, o: Slot): boolean {
  const other = deref(o);
  if (n.which === 'raw' && !decodeDoc(n) && !decodeAry(n)) {
    if (other.which !== 'raw') return false;
    return n.raw === undefined || other.raw === undefined ? n.raw === other.raw : goJson(n.raw) === goJson(other.raw);
  }
  if (n.which === 'doc') {
    if (other.which === 'raw' && !decodeDoc(other)) return false;
    if (other.which !== 'doc') return false;
    const mine = n.doc ?? new Map<string, Slot>();
    const theirs = other.doc ?? new Map<string, Slot>();
    if (mine.size !== theirs.size) return false;
    for (const [k, v] of mine) {
      const ov = theirs.get(k);
      if (ov === undefined || (v === null) !== (ov === null)) return false;
      if (v !== null && !equal(v, ov)) return false;
    }
    return true;
  }
  if (other.which !== 'ary' && !decodeAry(other)) return false;
  return n.ary.length === other.ary.length && n.ary.every((v, i) => equal(deref(v), other.ary[i] ?? null));
}
