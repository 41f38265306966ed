import { describe, expect, it } from 'vitest';
import { causes, clone, newApi, ok } from './helpers.js';

const crDraft = (extra: object): any => ({
  apiVersion: 'apps/v1',
  kind: 'ControllerRevision',
  metadata: { name: 'x-6d4b9c5f8', namespace: 'default' },
  ...extra,
});

const DATA = { spec: { template: { $patch: 'replace', spec: { containers: [{ name: 'c', image: 'nginx' }] } } } };

describe('ControllerRevision', () => {
  it('data is mandatory and revision non-negative', () => {
    expect(causes(newApi().create<'ControllerRevision'>(crDraft({ revision: -1 })))).toEqual([
      'data: Required value: data is mandatory',
      'revision: Invalid value: -1: must be greater than or equal to 0',
    ]);
  });

  it('the revision number may change; data may not', () => {
    const api = newApi();
    const cr = ok(api.create<'ControllerRevision'>(crDraft({ data: DATA, revision: 1 })));
    const renumbered = clone(cr);
    renumbered.revision = 3;
    expect(ok(api.update<'ControllerRevision'>(renumbered)).revision).toBe(3);
    const rewritten = clone(api.get('ControllerRevision', 'default', 'x-6d4b9c5f8')!);
    rewritten.data = { spec: {} };
    expect(causes(api.update<'ControllerRevision'>(rewritten))).toEqual([
      'data: Invalid value: runtime.RawExtension{Raw:[]byte{0x7b, 0x22, 0x73, 0x70, 0x65, 0x63, 0x22, 0x3a, 0x7b, 0x7d, 0x7d}, Object:runtime.Object(nil)}: field is immutable',
    ]);
    expect(api.get('ControllerRevision', 'default', 'x-6d4b9c5f8')?.revision).toBe(3);
  });

  it('has no status field', () => {
    const cr = ok(newApi().create<'ControllerRevision'>(crDraft({ data: DATA, revision: 1 })));
    expect('status' in cr).toBe(false);
  });
});
