/**
 * `kubectl label (TYPE NAME | TYPE/NAME | -f FILE) k=v k2- [--overwrite] [-l SEL | --all] [--local]
 * [--dry-run] [-o FORMAT]` (kubectl v1.34 `pkg/cmd/label`: `parseLabels`, `updateDataChangeMsg`;
 * the run is metadata-edit.ts). Prints `node/node-1 labeled`, `unlabeled` (only removals, without
 * --overwrite), or `not labeled` (nothing changed), or with `-o` the labelled object.
 */
import { isValidLabelValue } from '../../sim/api/labels.js';
import type { Verb } from '../context.js';
import { labelOperation, labelOverwriteErrors, runMetadataEdit, type MetadataEdit, type Pairs } from './metadata-edit.js';

/** `parseLabels`: `k=v` sets (one `=` only, valid value), `k-` removes. */
export function parseLabelPairs(pairs: readonly string[]): Pairs | { error: string } {
  const set = new Map<string, string>();
  const remove: string[] = [];
  for (const spec of pairs) {
    if (spec.includes('=')) {
      const parts = spec.split('=');
      if (parts.length !== 2) return { error: `error: invalid label spec: ${spec}` };
      const errs = isValidLabelValue(parts[1]!);
      if (errs.length > 0) return { error: `error: invalid label value: ${JSON.stringify(spec)}: ${errs.join(';')}` };
      set.set(parts[0]!, parts[1]!);
    } else if (spec.endsWith('-')) remove.push(spec.slice(0, -1));
    else return { error: `error: unknown label spec: ${spec}` };
  }
  if (remove.some((k) => set.has(k))) return { error: 'error: can not both modify and remove a label in the same command' };
  return { set, remove };
}

const LABEL: MetadataEdit = {
  command: 'label',
  field: 'labels',
  noun: 'label',
  parse: parseLabelPairs,
  operation: labelOperation,
  overwriteErrors: labelOverwriteErrors,
  printsAnswer: false,
};

export const label: Verb = (ctx, argv) => runMetadataEdit(ctx, argv, LABEL);
