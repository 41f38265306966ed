/**
 * JSON patch (RFC 6902) as evanphx/json-patch v4.12.0 applies it, the version kubectl 1.32 and its
 * API server use for `kubectl patch --type json`: `DecodePatch`, then `Patch.Apply`, which runs
 * the `add`, `remove`, `replace`, `move`, `copy` and `test` operations in order on the decoded
 * document and stops at the first error. The errors are upstream's, word for word, including its
 * quirks: `replace` of a missing object key adds it, `copy` from one copies null, `replace` of the
 * whole document with a scalar does nothing, and a missing or ill-typed `path` or `from` is
 * reported per operation. Pointers are walked by json-patch-container.ts, values held as
 * json-patch-node.ts holds them.
 */
import { isMap, type Json, type JsonMap } from './json.js';
import { PatchError } from './list-order.js';
import { findObject, GoError } from './json-patch-container.js';
import { decodeAry, decodeDoc, deepCopy, deref, equal, LazyNode, marshal, rootNode, type Slot } from './json-patch-node.js';

/** `Operation`: an element of the patch as read; a JSON null element reads as one without fields. */
export type JsonPatchOp = Readonly<JsonMap>;

/** `ApplyOptions`' copy limit, which v4 keeps in the global `AccumulatedCopySizeLimit`: 0 (kubectl's) is none. */
export interface JsonPatchOptions {
  readonly accumulatedCopySizeLimit?: number;
}

/** The API server's `JSONPatchMaxCopyBytes` default, which it arms `AccumulatedCopySizeLimit` with. */
export const API_SERVER_JSON_PATCH_MAX_COPY_BYTES = 3 * 1024 * 1024;

/** The word `encoding/json` names a JSON value's type with in an `UnmarshalTypeError`. */
function jsonKind(v: Json): string {
  if (Array.isArray(v)) return 'array';
  if (isMap(v)) return 'object';
  return typeof v === 'boolean' ? 'bool' : typeof v;
}

/** `DecodePatch`: the operations, or `json.Unmarshal`'s error (its first type error). `null` is no operations. */
export function decodeJsonPatch(patch: Json): JsonPatchOp[] | { error: string } {
  if (patch === null) return [];
  if (!Array.isArray(patch)) return { error: `json: cannot unmarshal ${jsonKind(patch)} into Go value of type jsonpatch.Patch` };
  const bad = patch.find((p) => p !== null && !isMap(p));
  if (bad !== undefined) return { error: `json: cannot unmarshal ${jsonKind(bad)} into Go value of type jsonpatch.Operation` };
  return patch.map((p) => (p === null ? {} : (p as JsonMap)));
}

/** `Operation.Kind`: `op` when it is a string, else `unknown`. */
function kind(op: JsonPatchOp): string {
  const v = op['op'];
  return typeof v === 'string' ? v : 'unknown';
}

/** `Operation.Path` / `From`: the string, or why not (`missing` names an absent or null field). */
function pointer(op: JsonPatchOp, field: 'path' | 'from', missing: string): string | GoError {
  const v = op[field];
  if (v === undefined || v === null) return new GoError(`${missing}: missing value`);
  return typeof v === 'string' ? v : new GoError(`json: cannot unmarshal ${jsonKind(v)} into Go value of type string`);
}

const path = (op: JsonPatchOp) => pointer(op, 'path', 'operation missing path field');
const from = (op: JsonPatchOp) => pointer(op, 'from', 'operation, missing from field');

/** `Operation.value`: a fresh node; a `null` value is a node without text, an absent one a nil slot. */
function value(op: JsonPatchOp): Slot {
  if (!Object.hasOwn(op, 'value')) return null;
  const v = op['value']!;
  return new LazyNode(v === null ? undefined : v);
}

function fail(message: string): never {
  throw new PatchError(message);
}

/** The document being patched: `replace` of the whole document swaps `root`; `copied` counts what `copy` added. */
interface State {
  root: LazyNode;
  copied: number;
  readonly copyLimit: number;
}

/** `Patch.add`. A bad `path` is only `missing value`. */
function add(s: State, op: JsonPatchOp): void {
  const p = path(op);
  if (p instanceof GoError) fail('add operation failed to decode path: missing value');
  const at = findObject(s.root, p) ?? fail(`add operation does not apply: doc is missing path: "${p}": missing value`);
  const err = at.con.add(at.key, value(op));
  if (err) fail(`error in add for path: '${p}': ${err.text}`);
}

/** `Patch.remove`. */
function remove(s: State, op: JsonPatchOp): void {
  const p = path(op);
  if (p instanceof GoError) fail('remove operation failed to decode path: missing value');
  const at = findObject(s.root, p) ?? fail(`remove operation does not apply: doc is missing path: "${p}": missing value`);
  const err = at.con.remove(at.key);
  if (err) fail(`error in remove for path: '${p}': ${err.text}`);
}

/**
 * `Patch.replace`. The empty path replaces the document with an object or list value; any other
 * value leaves it alone (upstream wraps a nil error). An object key needs no existing value.
 */
function replace(s: State, op: JsonPatchOp): void {
  const p = path(op);
  if (p instanceof GoError) fail(`replace operation failed to decode path: ${p.text}`);
  if (p === '') {
    const val = deref(value(op));
    if (val.which === 'raw' && !decodeDoc(val) && !decodeAry(val)) return;
    s.root = val;
    return;
  }
  const at = findObject(s.root, p) ?? fail(`replace operation does not apply: doc is missing path: ${p}: missing value`);
  if (at.con.get(at.key) instanceof GoError) fail(`replace operation does not apply: doc is missing key: ${p}: missing value`);
  at.con.set(at.key, value(op));
}

/** `Patch.move`: removes `from`, then adds the value at `path`. The errors of `from` name its last token, not the pointer. */
function move(s: State, op: JsonPatchOp): void {
  const f = from(op);
  if (f instanceof GoError) fail(`move operation failed to decode from: ${f.text}`);
  const src = findObject(s.root, f) ?? fail(`move operation does not apply: doc is missing from path: ${f}: missing value`);
  const val = src.con.get(src.key);
  if (val instanceof GoError) fail(`error in move for path: '${src.key}': ${val.text}`);
  const removed = src.con.remove(src.key);
  if (removed) fail(`error in move for path: '${src.key}': ${removed.text}`);
  const p = path(op);
  if (p instanceof GoError) fail(`move operation failed to decode path: ${p.text}`);
  const dst = findObject(s.root, p) ?? fail(`move operation does not apply: doc is missing destination path: ${p}: missing value`);
  const err = dst.con.add(dst.key, val);
  if (err) fail(`error in move for path: '${p}': ${err.text}`);
}

/** `Patch.copy`: a deep copy of `from` added at `path`, counted against the copy limit. */
function copy(s: State, op: JsonPatchOp): void {
  const f = from(op);
  if (f instanceof GoError) fail(`copy operation failed to decode from: ${f.text}`);
  const src = findObject(s.root, f) ?? fail(`copy operation does not apply: doc is missing from path: ${f}: missing value`);
  const val = src.con.get(src.key);
  if (val instanceof GoError) fail(`error in copy for from: '${f}': ${val.text}`);
  const p = path(op);
  if (p instanceof GoError) fail('copy operation failed to decode path: missing value');
  const dst = findObject(s.root, p) ?? fail(`copy operation does not apply: doc is missing destination path: ${p}: missing value`);
  const [dup, size] = deepCopy(val);
  s.copied += size;
  if (s.copyLimit > 0 && s.copied > s.copyLimit) {
    fail(`Unable to complete the copy, the accumulated size increase of copy is ${s.copied}, exceeding the limit ${s.copyLimit}`);
  }
  const err = dst.con.add(dst.key, dup);
  if (err) fail(`error while adding value during copy: ${err.text}`);
}

/** `Patch.test`. A missing object key matches a `null` value; the empty path compares the whole document. */
function test(s: State, op: JsonPatchOp): void {
  const p = path(op);
  if (p instanceof GoError) fail(`test operation failed to decode path: ${p.text}`);
  const failed = () => fail(`testing value ${p} failed: test failed`);
  const want = value(op);
  if (p === '') {
    if (!equal(s.root, want)) failed();
    return;
  }
  const at = findObject(s.root, p) ?? fail(`test operation does not apply: is missing path: ${p}: missing value`);
  const val = at.con.get(at.key);
  if (val instanceof GoError) fail(`error in test for path: '${p}': ${val.text}`);
  if (val === null) {
    if (deref(want).raw !== undefined) failed();
  } else if (want === null || !equal(val, want)) failed();
}

const OPERATIONS: Readonly<Record<string, (s: State, op: JsonPatchOp) => void>> = { add, remove, replace, move, copy, test };

/**
 * `Patch.Apply`: the patched document (a list when `replace` put one in its place). Throws
 * PatchError with upstream's message, or JsonPatchPanic where upstream panics.
 */
export function applyJsonPatch(doc: JsonMap, ops: readonly JsonPatchOp[], options: JsonPatchOptions = {}): Json {
  const state: State = { root: rootNode(doc), copied: 0, copyLimit: options.accumulatedCopySizeLimit ?? 0 };
  for (const op of ops) {
    const k = kind(op);
    const run = Object.hasOwn(OPERATIONS, k) ? OPERATIONS[k]! : fail(`Unexpected kind: ${k}`);
    run(state, op);
  }
  return marshal(state.root);
}
