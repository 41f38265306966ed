/**
 * Taint/toleration matching, as `k8s.io/api/core/v1` (`Toleration.ToleratesTaint`,
 * `Toleration.MatchToleration`) and component-helpers (`FindMatchingUntoleratedTaint`) define it.
 * Used by the DaemonSet controller, the TaintToleration scheduler plugin and taint eviction.
 */
import type { Taint, Toleration } from './types.js';

/**
 * Whether one toleration tolerates one taint: the effect matches (or the toleration has none),
 * the key matches (or the toleration has none), and the operator is Exists or the values are
 * equal (`Equal` is the default operator).
 */
export function toleratesTaint(tol: Toleration, taint: Taint): boolean {
  if (tol.effect && tol.effect !== taint.effect) return false;
  if (tol.key && tol.key !== taint.key) return false;
  const op = tol.operator || 'Equal';
  if (op === 'Exists') return true;
  if (op === 'Equal') return (tol.value ?? '') === (taint.value ?? '');
  return false;
}

/** Whether any toleration in the list tolerates the taint (`TolerationsTolerateTaint`). */
export function tolerationsTolerateTaint(tolerations: readonly Toleration[] | undefined, taint: Taint): boolean {
  return (tolerations ?? []).some((t) => toleratesTaint(t, taint));
}

/**
 * The first taint (in node order) that passes `filter` and that no toleration tolerates
 * (`FindMatchingUntoleratedTaint`).
 */
export function findMatchingUntoleratedTaint(
  taints: readonly Taint[] | undefined,
  tolerations: readonly Toleration[] | undefined,
  filter: (t: Taint) => boolean,
): Taint | undefined {
  for (const taint of taints ?? []) {
    if (filter(taint) && !tolerationsTolerateTaint(tolerations, taint)) return taint;
  }
  return undefined;
}

/**
 * How a node rejected for an untolerated taint is reported: the TaintToleration scheduler
 * plugin's Filter reason, and the DaemonSet controller's verdict. Upstream master (the v1.35 line,
 * PR #134740, cherry-picked to release-1.34 by #135023 in November 2025) reports the generic
 * wording; earlier releases named the taint (`{KEY: VALUE}`). The cluster advertises v1.34.3,
 * a patch release that has it, and the verdict's details still say which taint.
 */
export const ERR_REASON_UNTOLERATED_TAINT = 'node(s) had untolerated taint(s)';

/** NoSchedule and NoExecute: the effects that keep a pod off a node (PreferNoSchedule does not). */
export function isHardEffect(t: Taint): boolean {
  return t.effect === 'NoSchedule' || t.effect === 'NoExecute';
}

/** Whether two tolerations are the same entry (`Toleration.MatchToleration`): key, operator, value, effect. */
export function sameToleration(a: Toleration, b: Toleration): boolean {
  return (
    (a.key ?? '') === (b.key ?? '') &&
    (a.operator || 'Equal') === (b.operator || 'Equal') &&
    (a.value ?? '') === (b.value ?? '') &&
    (a.effect ?? '') === (b.effect ?? '')
  );
}

/**
 * Whether two taint lists hold the same taints in the same order, an absent list being empty:
 * upstream compares `Spec.Taints` with `apiequality.Semantic.DeepEqual`, field by field (an empty
 * value and no value, a nil and an unset time, are the same). The DaemonSet controller and the
 * scheduler ask at every node write; a comparison of its own, rather than the generic `jsonEqual`,
 * keeps taint lists out of the type feedback every other comparison shares.
 */
export function sameTaints(a: readonly Taint[] | undefined, b: readonly Taint[] | undefined): boolean {
  if (a === b) return true;
  const n = a === undefined ? 0 : a.length;
  if (n !== (b === undefined ? 0 : b.length)) return false;
  for (let i = 0; i < n; i++) {
    const x = a![i]!;
    const y = b![i]!;
    if (x !== y && (x.key !== y.key || x.effect !== y.effect || (x.value ?? '') !== (y.value ?? '') || (x.timeAdded ?? null) !== (y.timeAdded ?? null))) return false;
  }
  return true;
}

/** `key=value:Effect`, or `key:Effect` with no value: how kubectl and messages write a taint. */
export function formatTaint(t: Taint): string {
  return `${t.key}${t.value ? `=${t.value}` : ''}:${t.effect}`;
}
