/**
 * Taint arguments and the taint list arithmetic of `kubectl taint` (kubectl
 * `pkg/cmd/taint/utils.go`: `parseTaints`, `parseTaint`, `validateTaintEffect`,
 * `reorganizeTaints`, `addTaints`, `deleteTaints`, `checkIfTaintsAlreadyExists`; core/v1
 * `Taint.ToString`, `Taint.MatchTaint`).
 *
 * Forms: `key=value:Effect` and `key:Effect` add; `key=value:Effect-`, `key:Effect-` and `key-`
 * remove (by key and effect, or every effect of the key). Taints match on key and effect; the
 * value does not count.
 */
import type { Taint, TaintEffect } from '../../sim/api/types.js';
import { isQualifiedName, isValidLabelValue } from '../../sim/api/labels.js';

/** A taint as parsed: the effect may be empty for a removal by key. */
export interface TaintSpec {
  readonly key: string;
  readonly value: string;
  readonly effect: TaintEffect | '';
}

const EFFECTS: readonly string[] = ['NoSchedule', 'PreferNoSchedule', 'NoExecute'];

/** `parseTaint`: `<key>=<value>:<effect>`, `<key>:<effect>` or `<key>`. */
export function parseTaint(st: string): TaintSpec | { error: string } {
  const parts = st.split(':');
  let key: string;
  let value = '';
  let effect: TaintEffect | '' = '';
  if (parts.length === 1) key = parts[0]!;
  else if (parts.length === 2) {
    if (!EFFECTS.includes(parts[1]!)) return { error: `invalid taint effect: ${parts[1]}, unsupported taint effect` };
    effect = parts[1] as TaintEffect;
    const kv = parts[0]!.split('=');
    if (kv.length > 2) return { error: `invalid taint spec: ${st}` };
    key = kv[0]!;
    if (kv.length === 2) {
      value = kv[1]!;
      const errs = isValidLabelValue(value);
      if (errs.length > 0) return { error: `invalid taint spec: ${st}, ${errs.join('; ')}` };
    }
  } else return { error: `invalid taint spec: ${st}` };
  const errs = isQualifiedName(key);
  if (errs.length > 0) return { error: `invalid taint spec: ${st}, ${errs.join('; ')}` };
  return { key, value, effect };
}

/** `parseTaints`: the taints to add and to remove, or the first error. */
export function parseTaints(specs: readonly string[]): { add: TaintSpec[]; remove: TaintSpec[] } | { error: string } {
  const add: TaintSpec[] = [];
  const remove: TaintSpec[] = [];
  for (const spec of specs) {
    if (spec.endsWith('-')) {
      const t = parseTaint(spec.slice(0, -1));
      if ('error' in t) return t;
      remove.push({ key: t.key, value: '', effect: t.effect });
      continue;
    }
    const t = parseTaint(spec);
    if ('error' in t) return t;
    if (t.effect === '') return { error: `invalid taint spec: ${spec}` };
    if (add.some((a) => a.key === t.key && a.effect === t.effect)) {
      return { error: `duplicated taints with the same key and effect: {${t.key} ${t.value} ${t.effect} <nil>}` };
    }
    add.push(t);
  }
  return { add, remove };
}

/** `Taint.ToString`: `key=value:effect`, `key:effect`, `key=value:` or `key`. */
export function taintString(t: { key: string; value?: string; effect?: string }): string {
  const value = t.value ?? '';
  if (!t.effect) return value ? `${t.key}=${value}:` : t.key;
  return value ? `${t.key}=${value}:${t.effect}` : `${t.key}:${t.effect}`;
}

/** `checkIfTaintsAlreadyExists`: keys of `add` already on the node with the same effect. */
export function existingTaintKeys(old: readonly Taint[], add: readonly TaintSpec[]): string {
  return add.flatMap((t) => old.filter((o) => o.key === t.key && o.effect === t.effect).map(() => t.key)).join(',');
}

/**
 * `reorganizeTaints`: the new taints first (in argument order), then the old ones they do not
 * replace, minus the removals. The operation is `modified` (with --overwrite, or when taints
 * were both added and removed), `tainted` or `untainted`; `errors` name removals that matched
 * nothing.
 */
export function reorganizeTaints(
  old: readonly Taint[],
  add: readonly Taint[],
  remove: readonly TaintSpec[],
  overwrite: boolean,
): { operation: string; taints: Taint[]; errors: string[] } {
  let taints: Taint[] = [...add];
  for (const o of old) if (!taints.some((t) => t.key === o.key && t.effect === o.effect)) taints.push(o);
  const added = old.length !== taints.length;
  const errors: string[] = [];
  let deleted = false;
  for (const r of remove) {
    const kept = taints.filter((t) => !(t.key === r.key && (r.effect === '' || t.effect === r.effect)));
    deleted = kept.length !== taints.length;
    if (!deleted) errors.push(`taint ${JSON.stringify(taintString(r))} not found`);
    taints = kept;
  }
  const operation = (added && deleted) || overwrite ? 'modified' : added ? 'tainted' : 'untainted';
  return { operation, taints, errors };
}
