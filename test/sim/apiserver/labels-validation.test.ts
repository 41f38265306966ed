import { describe, expect, it } from 'vitest';
import { validateLabels } from '../../../src/sim/apiserver/validation/objectmeta.js';

describe('validateLabels', () => {
  it('a valid map has no errors, in whatever order its keys were written', () => {
    expect(validateLabels({ 'kubernetes.io/hostname': 'node-1', zone: 'a', 'node-role.kubernetes.io/worker': '' }, 'metadata.labels')).toEqual([]);
    expect(validateLabels(undefined, 'metadata.labels')).toEqual([]);
  });

  it('lists the errors of keys and values in sorted key order, whichever entry comes first', () => {
    const errs = validateLabels({ z: 'bad value', ok: 'fine', 'a b': 'x' }, 'metadata.labels');
    expect(errs.map((e) => [e.field, e.message.split(':').slice(1, 2).join(':').trim()])).toEqual([
      ['metadata.labels', 'Invalid value'],
      ['metadata.labels', 'Invalid value'],
    ]);
    expect(errs[0]!.message).toContain('"a b"');
    expect(errs[1]!.message).toContain('"bad value"');
  });
});
