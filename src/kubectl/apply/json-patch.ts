/**
 * JSON patch (RFC 6902), as the API server applies `kubectl patch --type json` (evanphx
 * `jsonpatch.DecodePatch` + `Patch.Apply`): a list of `add`, `remove`, `replace`, `move`, `copy`
 * and `test` operations on JSON pointers (`/spec/template/spec/containers/0/image`, `~1` for `/`,
 * `~0` for `~`, `-` for the end of a list). Operations run in order on a copy; any failure
 * rejects the whole patch.
 */
import { clone, deepEqual, isMap, type Json, type JsonMap } from './json.js';
import { PatchError } from './list-order.js';

export interface JsonPatchOp {
  readonly op: string;
  readonly path: string;
  readonly value?: Json;
  readonly from?: string;
}

/** `DecodePatch`: the operations, or the decoding error the server answers with (BadRequest). */
export function decodeJsonPatch(patch: Json): JsonPatchOp[] | { error: string } {
  if (!Array.isArray(patch)) {
    const what = isMap(patch) ? 'object' : typeof patch === 'string' ? 'string' : typeof patch === 'number' ? 'number' : 'bool';
    return { error: `json: cannot unmarshal ${what} into Go value of type jsonpatch.Patch` };
  }
  const ops: JsonPatchOp[] = [];
  for (const p of patch) {
    if (!isMap(p)) return { error: 'json: cannot unmarshal array into Go value of type jsonpatch.Operation' };
    ops.push({
      op: typeof p.op === 'string' ? p.op : 'unknown',
      path: typeof p.path === 'string' ? p.path : '',
      ...('value' in p ? { value: p.value! } : {}),
      ...(typeof p.from === 'string' ? { from: p.from } : {}),
    });
  }
  return ops;
}

/** `Patch.Apply`; throws PatchError with evanphx's wording. */
export function applyJsonPatch(doc: JsonMap, ops: readonly JsonPatchOp[]): JsonMap {
  let root: Json = clone(doc);
  for (const op of ops) {
    switch (op.op) {
      case 'add':
        root = add(root, op.path, clone(op.value ?? null));
        break;
      case 'remove':
        root = remove(root, op.path)[0];
        break;
      case 'replace':
        get(root, op.path, 'replace');
        root = add(remove(root, op.path)[0], op.path, clone(op.value ?? null));
        break;
      case 'move': {
        const [rest, moved] = remove(root, requireFrom(op));
        root = add(rest, op.path, moved);
        break;
      }
      case 'copy':
        root = add(root, op.path, clone(get(root, requireFrom(op), 'copy')));
        break;
      case 'test':
        if (!deepEqual(get(root, op.path, 'test'), op.value ?? null)) throw new PatchError(`testing value ${op.path} failed: test failed`);
        break;
      default:
        throw new PatchError(`Unexpected kind: ${op.op}`);
    }
  }
  if (!isMap(root)) throw new PatchError('the patched document is not an object');
  return root;
}

function requireFrom(op: JsonPatchOp): string {
  if (op.from === undefined) throw new PatchError(`${op.op} operation missing from`);
  return op.from;
}

function tokens(path: string): string[] {
  if (path === '') return [];
  if (!path.startsWith('/')) throw new PatchError(`doc is missing path: "${path}": missing value`);
  return path
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function index(list: Json[], tok: string, forAdd: boolean, path: string): number {
  if (tok === '-' && forAdd) return list.length;
  if (!/^(0|[1-9][0-9]*)$/.test(tok)) throw new PatchError(`doc is missing path: "${path}": missing value`);
  const i = Number(tok);
  if (i > list.length || (!forAdd && i === list.length)) throw new PatchError(`doc is missing path: "${path}": missing value`);
  return i;
}

function get(root: Json, path: string, op: string): Json {
  let cur: Json = root;
  for (const tok of tokens(path)) {
    if (Array.isArray(cur)) cur = cur[index(cur, tok, false, path)]!;
    else if (isMap(cur) && tok in cur) cur = cur[tok]!;
    else throw new PatchError(`${op} operation does not apply: doc is missing path: "${path}": missing value`);
  }
  return cur;
}

/** Returns a new root with `value` added at `path`. */
function add(root: Json, path: string, value: Json): Json {
  const toks = tokens(path);
  if (toks.length === 0) return value;
  const rec = (node: Json, i: number): Json => {
    const tok = toks[i]!;
    const last = i === toks.length - 1;
    if (Array.isArray(node)) {
      const at = index(node, tok, last, path);
      const copy = [...node];
      if (last) copy.splice(at, 0, value);
      else copy[at] = rec(copy[at]!, i + 1);
      return copy;
    }
    if (!isMap(node) || (!last && !(tok in node))) throw new PatchError(`add operation does not apply: doc is missing path: "${path}": missing value`);
    return { ...node, [tok]: last ? value : rec(node[tok]!, i + 1) };
  };
  return rec(root, 0);
}

/** Returns a new root without the value at `path`, and that value. */
function remove(root: Json, path: string): [Json, Json] {
  const toks = tokens(path);
  if (toks.length === 0) throw new PatchError('unable to remove the whole document');
  let removed: Json = null;
  const rec = (node: Json, i: number): Json => {
    const tok = toks[i]!;
    const last = i === toks.length - 1;
    if (Array.isArray(node)) {
      const at = index(node, tok, false, path);
      const copy = [...node];
      if (last) removed = copy.splice(at, 1)[0]!;
      else copy[at] = rec(copy[at]!, i + 1);
      return copy;
    }
    if (!isMap(node) || !(tok in node)) throw new PatchError(`Unable to remove nonexistent key: ${tok}: missing value`);
    const copy = { ...node };
    if (last) {
      removed = copy[tok]!;
      delete copy[tok];
    } else copy[tok] = rec(copy[tok]!, i + 1);
    return copy;
  };
  return [rec(root, 0), removed];
}
