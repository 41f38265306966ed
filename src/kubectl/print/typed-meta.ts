/**
 * What kubectl's printers write for an object it holds as a typed Go struct (a generator's
 * object, a typed client's answer) rather than as unstructured JSON: `encoding/json` keeps the
 * struct's field order, drops `omitempty` fields that are empty, and sorts maps (labels,
 * annotations). Only `-o json` shows the order: YAML goes through a generic map and is sorted.
 */
import { sortKeysDeep } from './object-output.js';

export type Json = Record<string, unknown>;

/** `metav1.ObjectMeta` field order. */
const OBJECT_META = [
  'name',
  'generateName',
  'namespace',
  'selfLink',
  'uid',
  'resourceVersion',
  'generation',
  'creationTimestamp',
  'deletionTimestamp',
  'deletionGracePeriodSeconds',
  'labels',
  'annotations',
  'ownerReferences',
  'finalizers',
  'managedFields',
];

/** Picks `keys` of `obj` in that order, dropping absent ones and empty strings (the `omitempty` fields). */
export function pick(obj: object | undefined, keys: readonly string[]): Json {
  const src = (obj ?? {}) as Json;
  const out: Json = {};
  for (const k of keys) {
    const v = src[k];
    if (v === undefined || v === '') continue;
    out[k] = k === 'labels' || k === 'annotations' ? sortKeysDeep(v) : v;
  }
  return out;
}

/** An object's metadata in `metav1.ObjectMeta` field order. */
export function typedMeta(meta: object | undefined): Json {
  return pick(meta, OBJECT_META);
}
