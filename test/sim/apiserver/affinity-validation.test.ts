/**
 * Node affinity validation, every error at its own path: terms and requirements past the
 * first, expressions and fields of one term, preferred terms (whose values may be invalid).
 */
import { describe, expect, it } from 'vitest';
import type { Affinity } from '../../../src/sim/api/types.js';
import { validateAffinity } from '../../../src/sim/apiserver/validation/affinity.js';

const affinity = {
  nodeAffinity: {
    requiredDuringSchedulingIgnoredDuringExecution: {
      nodeSelectorTerms: [
        { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] },
        {
          matchExpressions: [
            { key: 'ok', operator: 'Exists' },
            { key: 'bad key!', operator: 'In', values: ['fine', 'not fine'] },
          ],
          matchFields: [
            { key: 'metadata.name', operator: 'In', values: ['node-1'] },
            { key: 'metadata.name', operator: 'In', values: ['Node_2'] },
            { key: 'metadata.name', operator: 'Exists' },
          ],
        },
      ],
    },
    preferredDuringSchedulingIgnoredDuringExecution: [
      { weight: 1, preference: { matchExpressions: [{ key: 'zone', operator: 'In', values: ['any value is allowed here'] }] } },
      { weight: 0, preference: { matchExpressions: [{ key: 'x', operator: 'Lt', values: [] }], matchFields: [{ key: 'spec.x', operator: 'In', values: ['a'] }] } },
    ],
  },
} as unknown as Affinity;

describe('validateAffinity', () => {
  it('reports each error at its term, requirement and field, in upstream order', () => {
    const errs = validateAffinity(affinity, 'spec.affinity');
    const R = 'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[1]';
    const P = 'spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[1]';
    expect(errs.map((e) => e.field)).toEqual([
      `${R}.matchExpressions[1].key`,
      `${R}.matchExpressions[1].values[1]`,
      `${R}.matchFields[1].values[0]`,
      `${R}.matchFields[2].operator`,
      `${P}.weight`,
      `${P}.preference.matchExpressions[0].values`,
      `${P}.preference.matchFields[0].key`,
    ]);
    expect(errs[3]!.message).toBe(`${R}.matchFields[2].operator: Invalid value: "Exists": not a valid selector operator`);
    expect(errs[4]!.message).toBe(`${P}.weight: Invalid value: 0: must be in the range 1-100`);
  });

  it('a valid affinity has no errors, on any path; none without a node affinity', () => {
    const pinned = { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] }] } } } as Affinity;
    expect(validateAffinity(pinned, 'spec.affinity')).toEqual([]);
    expect(validateAffinity(pinned, 'spec.template.spec.affinity')).toEqual([]);
    expect(validateAffinity({}, 'spec.affinity')).toEqual([]);
    expect(validateAffinity(affinity, 'x').map((e) => e.field)[0]).toBe('x.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[1].matchExpressions[1].key');
  });
});
