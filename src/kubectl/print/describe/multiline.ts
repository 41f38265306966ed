/**
 * The multi-line fields of describe.go: `printLabelsMultilineWithIndent`,
 * `printAnnotationsMultiline` (skips last-applied-configuration, breaks long or multi-line
 * values), `printTaintsMultilineWithIndent` (sorted by effect then key) and
 * `printTolerationsMultilineWithIndent` (sorted by key; `key=value:Effect op=Exists for 300s`).
 */
import type { Labels, Taint, Toleration } from '../../../sim/api/types.js';
import { formatTaint } from '../../../sim/api/toleration.js';
import { byteOrder } from '../go-format.js';
import { LEVEL_0, type PrefixWriter } from './writer.js';

const SKIPPED_ANNOTATIONS = new Set(['kubectl.kubernetes.io/last-applied-configuration']);
const MAX_ANNOTATION_LEN = 140;

/** `printLabelsMultiline(w, title, labels)`; `title` may carry its own indent (`"  Labels"`). */
export function printLabelsMultiline(w: PrefixWriter, title: string, labels: Labels | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = Object.keys(labels ?? {}).sort(byteOrder);
  if (keys.length === 0) return w.writeLine('<none>');
  keys.forEach((k, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${k}=${labels![k]}\n`);
  });
}

/** `printAnnotationsMultiline`. */
export function printAnnotationsMultiline(w: PrefixWriter, title: string, annotations: Labels | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  const keys = Object.keys(annotations ?? {})
    .filter((k) => !SKIPPED_ANNOTATIONS.has(k))
    .sort(byteOrder);
  if (keys.length === 0) return w.writeLine('<none>');
  keys.forEach((k, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    const value = annotations![k]!.replace(/\n$/, '');
    if (value.length + k.length + 2 > MAX_ANNOTATION_LEN || value.includes('\n')) {
      w.write(LEVEL_0, `${k}:\n`);
      for (const line of value.split('\n')) {
        const short = line.length > MAX_ANNOTATION_LEN - 2 ? `${line.slice(0, MAX_ANNOTATION_LEN - 2)}...` : line;
        w.write(LEVEL_0, `\t  ${short}\n`);
      }
    } else w.write(LEVEL_0, `${k}: ${value}\n`);
  });
}

/** `printNodeTaintsMultiline`. */
export function printTaintsMultiline(w: PrefixWriter, title: string, taints: readonly Taint[] | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  if (!taints || taints.length === 0) return w.writeLine('<none>');
  const key = (t: Taint) => `${t.effect},${t.key}`;
  const sorted = [...taints].sort((a, b) => byteOrder(key(a), key(b)));
  sorted.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${formatTaint(t)}\n`);
  });
}

/** One toleration as describe prints it. */
export function formatToleration(t: Toleration): string {
  let out = t.key ?? '';
  if (t.value) out += `=${t.value}`;
  if (t.effect) out += `:${t.effect}`;
  if (t.operator === 'Exists' && !t.value) out += t.key || t.effect ? ' op=Exists' : 'op=Exists';
  if (t.tolerationSeconds !== undefined && t.tolerationSeconds !== null) out += ` for ${t.tolerationSeconds}s`;
  return out;
}

/** `printPodTolerationsMultiline`; `title` may carry its own indent. */
export function printTolerationsMultiline(w: PrefixWriter, title: string, tolerations: readonly Toleration[] | undefined): void {
  w.write(LEVEL_0, `${title}:\t`);
  if (!tolerations || tolerations.length === 0) return w.writeLine('<none>');
  const sorted = [...tolerations].sort((a, b) => byteOrder(a.key ?? '', b.key ?? ''));
  sorted.forEach((t, i) => {
    if (i !== 0) w.write(LEVEL_0, '\t');
    w.write(LEVEL_0, `${formatToleration(t)}\n`);
  });
}
