/**
 * Stored records with every field inside the object ("packed"), for the records a big cluster
 * keeps one of per pod and per version (a pod, its metadata, spec, containers and status).
 *
 * V8 gives an object made as `{}` room for four fields; every field it gains beyond them goes to
 * a separate backing store (a PropertyArray, grown three slots at a time) with a header and
 * spare slots. `Object.assign({}, x)` and intern.ts `withField` build their copies that way, and
 * so does a spread (`{ ...old, status }`) wherever V8 has seen many shapes at that spread (every
 * kind's objects pass the API server's): a pod's spec (15 fields), metadata (8), status (9) and
 * the pod itself (5) each carried one, about a tenth of a pod's own bytes.
 *
 * An object made by `new F()` gets room for the fields F's body assigns and some slack; after
 * its first few objects V8 shrinks that room to the fields they were given ("slack tracking"),
 * for every later object of F. So a packed copy is made by a constructor of its own per key list
 * (`recordConstructor`), whose objects then have exactly their fields inside, and whose
 * prototype is Object.prototype: nothing but the heap can tell them from literals. The copy has
 * the same keys, in the same order, with the same values as `Object.assign({}, x)`.
 */
import { BoundedTable } from '../bounded-table.js';

/** A constructor of plain objects (prototype Object.prototype). */
type RecordConstructor = new () => object;

/** A key list and the constructor of its records. */
interface Layout {
  readonly keys: readonly string[];
  readonly make: RecordConstructor;
}

/**
 * A new constructor, with an initial object layout of its own. The assignments that never run
 * (`new` passes no `sized`) size it: V8 reserves room for the fields a constructor assigns,
 * plus slack, so its records start with 32 slots before slack tracking trims them.
 */
function recordConstructor(): RecordConstructor {
  function PlainRecord(this: Record<string, number>, sized?: true): void {
    if (sized === true) {
      this.a = this.b = this.c = this.d = this.e = this.f = this.g = this.h = this.i = this.j = this.k = this.l = 0;
      this.m = this.n = this.o = this.p = this.q = this.r = this.s = this.t = this.u = this.v = this.w = this.x = 0;
    }
  }
  PlainRecord.prototype = Object.prototype;
  return PlainRecord as unknown as RecordConstructor;
}

/** Layouts by their keys joined with NUL; dropped whole at 1,024 key lists. */
const layouts = new BoundedTable<string, Layout>(1024);

/**
 * Packed copies of the records of one place that makes them (a pod's metadata in the API
 * server's create, say). It remembers the last key list it saw, so the records of that place,
 * which nearly always have the same keys, find their layout by a comparison of keys, without
 * building the joined key list to look it up.
 */
export class PackedCopier {
  private last: Layout | undefined;
  /** The key list before the last: a pod's metadata, say, alternates between live and deleted pods'. */
  private before: Layout | undefined;
  /** The last key list `copyToGrow` was given, with its extra keys, and the layout it grows to. */
  private grown: { readonly from: readonly string[]; readonly extra: readonly string[]; readonly layout: Layout } | undefined;

  /** `Object.assign({}, obj)` with every field inside the object. */
  copy<T extends object>(obj: T): T {
    let layout = this.last;
    if (layout === undefined || !hasKeys(obj, layout.keys)) {
      layout = this.before !== undefined && hasKeys(obj, this.before.keys) ? this.before : this.layoutOf(Object.keys(obj));
      if (layout === undefined) return Object.assign({}, obj);
    }
    return Object.assign(new layout.make(), obj) as T;
  }

  /** intern.ts `withField` (`{ ...obj, [key]: value }`, keys in the same order) with every field inside the object. */
  copyWith<T extends object, K extends keyof T>(obj: T, key: K, value: T[K]): T {
    if (Object.hasOwn(obj, key)) {
      const out = this.copy(obj);
      (out as Record<K, T[K]>)[key] = value;
      return out;
    }
    const layout = this.last;
    // The key comes last, as an assignment adds it.
    if (layout !== undefined && hasKeys(obj, layout.keys, key as string)) {
      const out = Object.assign(new layout.make(), obj) as T;
      (out as Record<K, T[K]>)[key] = value;
      return out;
    }
    const grown: T = Object.assign({}, obj);
    (grown as Record<K, T[K]>)[key] = value;
    // An own `__proto__` set the copy's prototype, as it does in withField: that copy is the answer.
    return Object.hasOwn(obj, '__proto__') ? grown : this.copy(grown);
  }

  /**
   * `Object.assign({}, obj)` made to take `extra` keys next, packed: a record with `obj`'s fields
   * and room inside for each key of `extra` that `obj` lacks, which the caller then assigns in
   * the order `extra` lists them (as a created object's metadata gains its identity). One copy
   * where copying `obj` onto a literal, growing it and packing it made two and a grown store.
   * `undefined` for a record with `__proto__`: the caller copies it as before.
   */
  copyToGrow<T extends object>(obj: T, extra: readonly string[]): T | undefined {
    let grown = this.grown;
    if (grown === undefined || grown.extra !== extra || !hasKeys(obj, grown.from)) {
      const from = Object.keys(obj);
      if (from.includes('__proto__')) return undefined;
      const keys = from.concat(extra.filter((k) => !from.includes(k)));
      grown = this.grown = { from, extra, layout: layouts.obtain(keys.join('\0'), () => ({ keys, make: recordConstructor() })) };
    }
    return Object.assign(new grown.layout.make(), obj);
  }

  /** The layout of this key list, now the last one seen; none for a list with `__proto__` (a literal's setter). */
  private layoutOf(keys: string[]): Layout | undefined {
    if (keys.includes('__proto__')) return undefined;
    if (this.last !== undefined) this.before = this.last;
    return (this.last = layouts.obtain(keys.join('\0'), () => ({ keys, make: recordConstructor() })));
  }
}

/** The keys, in order, of an object with a spec and a status as the API server stores it (Pods, Nodes, Namespaces, DaemonSets). */
const SPEC_AND_STATUS: readonly string[] = ['apiVersion', 'kind', 'metadata', 'spec', 'status'];

/** The fields of an object of SPEC_AND_STATUS. */
interface SpecAndStatus {
  readonly apiVersion: unknown;
  readonly kind: unknown;
  readonly metadata: unknown;
  readonly spec: unknown;
  readonly status?: unknown;
}

/**
 * `copier.copy(obj)`, made as an object literal when `obj` has exactly the keys SPEC_AND_STATUS.
 * V8 makes a literal of five fields with all of them inside the object, as a packed copy is, for
 * a small part of what the copy costs: Object.assign adds each field to the constructor's record
 * as a new property (about 1,900 instructions for these five, against under a hundred). Every
 * status write, binding and update copies its object.
 */
export function copyObject<T extends object>(copier: PackedCopier, obj: T): T {
  return hasKeys(obj, SPEC_AND_STATUS) ? specAndStatus(obj, (obj as SpecAndStatus).status) : copier.copy(obj);
}

/**
 * `copier.copyWith(obj, 'status', status)`, made as `copyObject` makes it when `obj` has the keys
 * SPEC_AND_STATUS, or all of them but the status (a create's request).
 */
export function copyObjectWith<T extends object>(copier: PackedCopier, obj: T, status: unknown): T {
  if (hasKeys(obj, SPEC_AND_STATUS) || hasKeys(obj, SPEC_AND_STATUS, 'status')) return specAndStatus(obj, status);
  return copier.copyWith(obj as { status?: unknown }, 'status', status) as T;
}

/**
 * `{ ...obj, spec, status }` for a read-only view of a stored object, made as `copyObjectWith`
 * makes a copy. Why: a spread's result takes a hidden class of its own, made afresh whenever the
 * spread's inline cache misses (each new cluster's DaemonSet), and the first such view of a big
 * build threw away the optimised code of the event recorder it was passed to.
 */
export function withSpecAndStatus<T extends SpecAndStatus>(obj: T, spec: T['spec'], status: T['status']): T {
  if (hasKeys(obj, SPEC_AND_STATUS) || hasKeys(obj, SPEC_AND_STATUS, 'status')) return { apiVersion: obj.apiVersion, kind: obj.kind, metadata: obj.metadata, spec, status } as T;
  return { ...obj, spec, status };
}

/** `obj`'s fields of SPEC_AND_STATUS, with `status`, in a literal. */
function specAndStatus<T extends object>(obj: T, status: unknown): T {
  const o = obj as SpecAndStatus;
  return { apiVersion: o.apiVersion, kind: o.kind, metadata: o.metadata, spec: o.spec, status } as T;
}

/** Whether `obj`'s enumerable keys, then `extra` if given, are `keys`, in that order. Allocates nothing. */
function hasKeys(obj: object, keys: readonly string[], extra?: string): boolean {
  let i = 0;
  for (const k in obj) if (keys[i++] !== k) return false;
  if (extra !== undefined && keys[i++] !== extra) return false;
  return i === keys.length;
}
