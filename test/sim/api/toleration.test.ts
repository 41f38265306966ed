import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Taint } from '../../../src/sim/api/types.js';
import { sameTaints } from '../../../src/sim/api/toleration.js';
import { jsonEqual } from '../../../src/sim/apiserver/validation/equality.js';

const taint = fc.record(
  {
    key: fc.constantFrom('a', 'b'),
    value: fc.constantFrom('x', 'y'),
    effect: fc.constantFrom<Taint['effect']>('NoSchedule', 'NoExecute'),
    timeAdded: fc.constantFrom('2026-01-01T00:00:00Z', '2026-01-01T00:00:05Z'),
  },
  { requiredKeys: ['key', 'effect'] },
);

describe('sameTaints', () => {
  it('agrees with a deep comparison of taints written alike, absent lists being empty', () => {
    fc.assert(
      fc.property(fc.option(fc.array(taint, { maxLength: 3 }), { nil: undefined }), fc.option(fc.array(taint, { maxLength: 3 }), { nil: undefined }), (a, b) => {
        expect(sameTaints(a, b)).toBe(jsonEqual(a ?? [], b ?? []));
      }),
      { numRuns: 300 },
    );
  });

  it('takes an empty value for no value and a nil time for an unset one, as Semantic.DeepEqual does', () => {
    expect(sameTaints([{ key: 'a', effect: 'NoSchedule' }], [{ key: 'a', value: '', effect: 'NoSchedule' }])).toBe(true);
    expect(sameTaints([{ key: 'a', effect: 'NoExecute' }], [{ key: 'a', effect: 'NoExecute', timeAdded: undefined }])).toBe(true);
    expect(sameTaints([], undefined)).toBe(true);
    expect(sameTaints([{ key: 'a', effect: 'NoExecute', timeAdded: '2026-01-01T00:00:00Z' }], [{ key: 'a', effect: 'NoExecute' }])).toBe(false);
    expect(sameTaints([{ key: 'a', effect: 'NoSchedule' }, { key: 'b', effect: 'NoSchedule' }], [{ key: 'b', effect: 'NoSchedule' }, { key: 'a', effect: 'NoSchedule' }])).toBe(false);
  });
});
