import { describe, expect, it } from 'vitest';
import { nameIsDNSSubdomain, validateObjectMeta } from '../../../src/sim/apiserver/validation/objectmeta.js';

describe('validateObjectMeta', () => {
  it('reports each field on its own path under the metadata path given, in upstream order', () => {
    const meta = { name: 'Bad_Name', namespace: 'Bad.NS', generation: -1, labels: { 'a b': 'x' }, annotations: { 'c d': 'y' } };
    for (const path of ['metadata', 'spec.template.metadata', 'metadata']) {
      const errs = validateObjectMeta(meta, true, nameIsDNSSubdomain, path);
      expect(errs.map((e) => e.field)).toEqual([`${path}.name`, `${path}.namespace`, `${path}.generation`, `${path}.labels`, `${path}.annotations`]);
      expect(errs[2]!.message).toBe(`${path}.generation: Invalid value: -1: must be greater than or equal to 0`);
    }
  });

  it('a namespace on a cluster-scoped kind is forbidden; a valid object has no errors', () => {
    expect(validateObjectMeta({ name: 'node-1', namespace: 'default' }, false, nameIsDNSSubdomain)).toEqual([
      { field: 'metadata.namespace', message: 'metadata.namespace: Forbidden: not allowed on this type' },
    ]);
    expect(validateObjectMeta({ name: 'node-1', generation: 0, labels: { zone: 'a' } }, false, nameIsDNSSubdomain)).toEqual([]);
    expect(validateObjectMeta({}, false, nameIsDNSSubdomain).map((e) => e.message)).toEqual(['metadata.name: Required value: name or generateName is required']);
  });
});
