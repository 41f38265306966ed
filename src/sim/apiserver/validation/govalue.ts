/**
 * Go `%#v` renderings of the structured bad values upstream validation passes to `field.Invalid`,
 * `field.NotSupported` and `field.Duplicate`, as `field.Error.ErrorBody` prints them (a struct that
 * is not a `fmt.Stringer` falls back to `%#v`; a pointer is dereferenced first).
 *
 * Why: messages such as
 * `spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"x"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable`
 * are what a real API server returns, and the learner sees them verbatim.
 *
 * Go prints maps with sorted keys, nil maps and slices as `T(nil)`, and non-nil pointers inside a
 * struct as an address. Addresses differ on every real run; we print a fixed one so our output is
 * deterministic.
 */
import { goQuote } from '../../api/goquote.js';
import type { IntOrString, LabelSelector, RollingUpdateDaemonSet, Taint, Toleration } from '../../api/types.js';

/** The address printed for a non-nil pointer field (real clusters print a heap address). */
export const FAKE_POINTER = '0xc000a1b2c0';

/** `map[string]string{"a":"b", ...}` with sorted keys, or `map[string]string(nil)` when absent. */
export function goStringMap(m: Readonly<Record<string, string>> | undefined | null): string {
  if (m === undefined || m === null) return 'map[string]string(nil)';
  const keys = Object.keys(m).sort();
  return `map[string]string{${keys.map((k) => `${goQuote(k)}:${goQuote(m[k]!)}`).join(', ')}}`;
}

/** `[]string{"a", "b"}`, or `[]string(nil)` when absent. */
export function goStringSlice(s: readonly string[] | undefined | null): string {
  if (s === undefined || s === null) return '[]string(nil)';
  return `[]string{${s.map((v) => goQuote(v)).join(', ')}}`;
}

/** The metav1.LabelSelector a pointer field dereferences to. */
export function goLabelSelector(sel: LabelSelector | undefined | null): string {
  if (sel === undefined || sel === null) return '"null"';
  const exprs = sel.matchExpressions;
  const renderedExprs =
    exprs === undefined || exprs === null
      ? '[]v1.LabelSelectorRequirement(nil)'
      : `[]v1.LabelSelectorRequirement{${exprs
          .map((e) => `v1.LabelSelectorRequirement{Key:${goQuote(e.key ?? '')}, Operator:${goQuote(String(e.operator ?? ''))}, Values:${goStringSlice(e.values)}}`)
          .join(', ')}}`;
  return `v1.LabelSelector{MatchLabels:${goStringMap(sel.matchLabels)}, MatchExpressions:${renderedExprs}}`;
}

/** The internal (non-pointer) `intstr.IntOrString`: Type 0 for ints, 1 for strings. */
export function goIntOrString(v: IntOrString | undefined): string {
  if (typeof v === 'string') return `intstr.IntOrString{Type:1, IntVal:0, StrVal:${goQuote(v)}}`;
  return `intstr.IntOrString{Type:0, IntVal:${v ?? 0}, StrVal:""}`;
}

/** The internal `apps.DaemonSetUpdateStrategy` (Unsupported value on `spec.updateStrategy`). */
export function goDaemonSetUpdateStrategy(s: { type?: string; rollingUpdate?: RollingUpdateDaemonSet } | undefined): string {
  const ru = s?.rollingUpdate === undefined ? '(*apps.RollingUpdateDaemonSet)(nil)' : `(*apps.RollingUpdateDaemonSet)(${FAKE_POINTER})`;
  return `apps.DaemonSetUpdateStrategy{Type:${goQuote(s?.type ?? '')}, RollingUpdate:${ru}}`;
}

/** The internal `core.Taint` (Duplicate value on `spec.taints[i]`). */
export function goTaint(t: Taint): string {
  const added = t.timeAdded === undefined ? '(*v1.Time)(nil)' : `(*v1.Time)(${FAKE_POINTER})`;
  return `core.Taint{Key:${goQuote(t.key ?? '')}, Value:${goQuote(t.value ?? '')}, Effect:${goQuote(t.effect ?? '')}, TimeAdded:${added}}`;
}

/**
 * The internal `core.Toleration` (`ValidateTolerations` passes the whole toleration as the bad
 * value of "value must be empty when `operator` is 'Exists'").
 */
export function goToleration(t: Toleration): string {
  const secs = t.tolerationSeconds === undefined || t.tolerationSeconds === null ? '(*int64)(nil)' : `(*int64)(${FAKE_POINTER})`;
  return `core.Toleration{Key:${goQuote(t.key ?? '')}, Operator:${goQuote(t.operator ?? '')}, Value:${goQuote(t.value ?? '')}, Effect:${goQuote(t.effect ?? '')}, TolerationSeconds:${secs}}`;
}

/** Go's `%#v` of a byte slice, as a `runtime.RawExtension` holding JSON prints. */
export function goRawExtension(data: unknown): string {
  if (data === undefined || data === null) return 'runtime.RawExtension{Raw:[]byte(nil), Object:runtime.Object(nil)}';
  const bytes = new TextEncoder().encode(JSON.stringify(data));
  const hex = Array.from(bytes, (b) => `0x${b.toString(16)}`).join(', ');
  return `runtime.RawExtension{Raw:[]byte{${hex}}, Object:runtime.Object(nil)}`;
}
