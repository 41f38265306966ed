/**
 * `statusEquals`: the listed DaemonSet status fields equal the given numbers (only those).
 * With `at: end-of-step:<id>` the fields are compared once, at the moment that step ends, and
 * that verdict stays (the runtime captures it; see run-checks.ts).
 */
import { dsStatusValue, isDsStatusField, type DsStatusField } from '../ds-status.js';
import type { Located } from '../yaml-reader.js';
import { objectWords, readNamespace, readObjectRef } from './fields.js';
import { listWords } from './words.js';
import { notYet, PASS, type CheckBase, type CheckContext, type CheckKind, type CheckOutcome } from './types.js';

export interface StatusEqualsSpec extends CheckBase {
  readonly kind: 'statusEquals';
  readonly name: string;
  readonly namespace: string;
  readonly fields: ReadonlyMap<DsStatusField, number>;
  /** The step at whose end the fields are compared. */
  readonly atEndOf?: string;
}

export const statusEquals: CheckKind<StatusEqualsSpec> = {
  kind: 'statusEquals',
  graded: true,
  parse(r, base, env) {
    const ref = readObjectRef(r, readNamespace(r), ['DaemonSet']);
    const fields = new Map<DsStatusField, number>();
    const m = r.map('fields', true);
    for (const key of m?.keys() ?? []) {
      if (!isDsStatusField(key)) {
        r.src.error(m!.keyNode(key), `${r.what}: "${key}" is not a DaemonSet status field`);
        m!.get(key);
        continue;
      }
      const n = m!.number(key, { integer: true, min: 0 });
      if (n) fields.set(key, n.value);
    }
    const at = r.string('at');
    let atEndOf: string | undefined;
    if (at) {
      const match = /^end-of-step:(.+)$/.exec(at.value);
      if (!match) r.src.error(at.node, `${r.what}: "at" must be end-of-step:<step id>`);
      else {
        atEndOf = match[1]!;
        env.stepRef({ value: atEndOf, node: at.node } satisfies Located<string>);
      }
    }
    if (!ref || 'pods' in ref || !m || fields.size === 0) return undefined;
    return { ...base, kind: 'statusEquals', name: ref.name, namespace: ref.namespace, fields, ...(atEndOf ? { atEndOf } : {}) };
  },
  evaluate: compareStatus,
  describe(spec) {
    const fields = [...spec.fields].map(([f, n]) => `${f} ${n}`);
    return `${objectWords('DaemonSet', spec.name, spec.namespace)} reports ${listWords(fields, fields.length)}${spec.atEndOf ? ` when step "${spec.atEndOf}" ends` : ''}`;
  },
};

/** Compares now (the runtime calls this at the step's end for `at:` checks). */
export function compareStatus(spec: StatusEqualsSpec, { cluster }: Pick<CheckContext, 'cluster'>): CheckOutcome {
  const what = objectWords('DaemonSet', spec.name, spec.namespace);
  const ds = cluster.store.get('DaemonSet', spec.namespace, spec.name);
  if (!ds) return notYet(`${what} does not exist yet`);
  const wrong: string[] = [];
  for (const [field, want] of spec.fields) {
    const have = dsStatusValue(ds, field);
    if (have !== want) wrong.push(`${field} ${have} (should be ${want})`);
  }
  return wrong.length === 0 ? PASS : notYet(`${what} reports ${listWords(wrong, wrong.length)}`);
}
