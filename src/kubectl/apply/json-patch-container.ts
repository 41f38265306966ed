/**
 * Where a JSON patch operation acts: evanphx/json-patch v4.12.0's `findObject` walks a JSON
 * pointer to the object or list holding its last token, and that `container` (`partialDoc` or
 * `partialArray`) gets, sets, adds or removes the token. The library's defaults are kept, as
 * kubectl and the API server use them: negative list indices count from the end
 * (`SupportNegativeIndices`), and a list index is whatever `strconv.Atoi` accepts (`+1`, `01`).
 *
 * Errors are returned as Go returns them (a GoError, the text `Error()` gives), for the
 * operations to wrap; a Go panic is thrown.
 */
import { goQuote } from '../../sim/api/goquote.js';
import { intoAry, intoDoc, JsonPatchPanic, NIL_DEREFERENCE, type LazyNode, type Slot } from './json-patch-node.js';

/** A Go `error` value: its `Error()` text. */
export class GoError {
  constructor(readonly text: string) {}
}

/** The `container` interface. */
export interface Container {
  get(key: string): Slot | GoError;
  /** Only for `replace`, after `get` accepted the key. */
  set(key: string, val: Slot): void;
  add(key: string, val: Slot): GoError | undefined;
  remove(key: string): GoError | undefined;
}

/** `partialDoc`: an object. A nil map reads as empty and panics on assignment. */
class DocContainer implements Container {
  constructor(private readonly node: LazyNode) {}

  get(key: string): Slot {
    return this.node.doc?.get(key) ?? null;
  }

  set(key: string, val: Slot): void {
    this.add(key, val);
  }

  add(key: string, val: Slot): undefined {
    if (this.node.doc === null) throw new JsonPatchPanic('assignment to entry in nil map');
    this.node.doc.set(key, val);
    return undefined;
  }

  remove(key: string): GoError | undefined {
    if (!this.node.doc?.has(key)) return new GoError(`Unable to remove nonexistent key: ${key}: missing value`);
    this.node.doc.delete(key);
    return undefined;
  }
}

/** `errors.Wrapf(ErrInvalidIndex, ...)`. */
function invalidIndex(idx: bigint): GoError {
  return new GoError(`Unable to access invalid index: ${idx}: invalid index referenced`);
}

/** `partialArray`: a list. Indices are int64 (bigint here), so the huge ones print as Go prints them. */
class AryContainer implements Container {
  constructor(private readonly node: LazyNode) {}

  get(key: string): Slot | GoError {
    const list = this.node.ary;
    const idx = atoi(key);
    if (idx instanceof GoError) return idx;
    const len = BigInt(list.length);
    if (idx < -len || idx >= len) return invalidIndex(idx);
    return list[Number(idx < 0n ? idx + len : idx)] ?? null;
  }

  /** `get` accepted the key, so it is an index in range (negative from the end). */
  set(key: string, val: Slot): void {
    const idx = Number(key);
    this.node.ary[idx < 0 ? idx + this.node.ary.length : idx] = val;
  }

  /** Inserts before the index; `-` and the length append, negative indices count from the end of the longer list. */
  add(key: string, val: Slot): GoError | undefined {
    const list = this.node.ary;
    if (key === '-') {
      list.push(val);
      return undefined;
    }
    const idx = atoi(key);
    if (idx instanceof GoError) return new GoError(`value was not a proper array index: '${key}': ${idx.text}`);
    const size = BigInt(list.length + 1);
    if (idx >= size || idx < -size) return invalidIndex(idx);
    list.splice(Number(idx < 0n ? idx + size : idx), 0, val);
    return undefined;
  }

  remove(key: string): GoError | undefined {
    const list = this.node.ary;
    const idx = atoi(key);
    if (idx instanceof GoError) return idx;
    const len = BigInt(list.length);
    if (idx >= len || idx < -len) return invalidIndex(idx);
    list.splice(Number(idx < 0n ? idx + len : idx), 1);
    return undefined;
  }
}

/** The container of a node decoded as an object or a list. */
export function containerOf(node: LazyNode): Container {
  return node.which === 'ary' ? new AryContainer(node) : new DocContainer(node);
}

const UINT64_MAX = (1n << 64n) - 1n;
const INT64_LIMIT = 1n << 63n;

/**
 * `strconv.Atoi` on a 64-bit platform: an optional sign and decimal digits. As `ParseUint` reads
 * digit by digit, a non-digit is `invalid syntax` unless the value already passed 2^64-1, which
 * is `value out of range`, as is anything outside int64.
 */
export function atoi(s: string): bigint | GoError {
  const fail = (why: string) => new GoError(`strconv.Atoi: parsing ${goQuote(s)}: ${why}`);
  const neg = s.startsWith('-');
  const digits = neg || s.startsWith('+') ? s.slice(1) : s;
  if (digits === '') return fail('invalid syntax');
  let n = 0n;
  for (const c of digits) {
    if (c < '0' || c > '9') return fail('invalid syntax');
    n = n * 10n + BigInt(c);
    if (n > UINT64_MAX) return fail('value out of range');
  }
  if (neg ? n > INT64_LIMIT : n >= INT64_LIMIT) return fail('value out of range');
  return neg ? -n : n;
}

/** `decodePatchKey`: RFC 6901 unescaping, `~1` to `/` and `~0` to `~`, in one pass from the left. */
function decodeKey(token: string): string {
  return token.replace(/~[01]/g, (m) => (m === '~1' ? '/' : '~'));
}

/**
 * `findObject`: the container holding the pointer's last token, and that token unescaped; none when
 * the pointer has no `/`, or a step on the way is missing, null or a scalar. Only the text before
 * the first `/` is ignored, so `spec/x` names `x` in the document itself. A step through a node
 * that has no text (an operation's `"value": null`) panics, as upstream reads that text to tell
 * a list from an object.
 */
export function findObject(root: LazyNode, path: string): { con: Container; key: string } | undefined {
  const split = path.split('/');
  if (split.length < 2) return undefined;
  let con = containerOf(root);
  for (const part of split.slice(1, -1)) {
    const next = con.get(decodeKey(part));
    if (next === null || next instanceof GoError) return undefined;
    if (next.raw === undefined) throw new JsonPatchPanic(NIL_DEREFERENCE);
    if (!(Array.isArray(next.raw) ? intoAry(next) : intoDoc(next))) return undefined;
    con = containerOf(next);
  }
  return { con, key: decodeKey(split[split.length - 1]!) };
}
