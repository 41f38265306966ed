import { describe, expect, it } from 'vitest';
import { BUILTIN_PRIORITY_CLASSES } from '../../../src/sim/engine/bootstrap.js';
import { causes, clone, err, newApi, ok } from './helpers.js';

const pcDraft = (name: string, value?: number, extra: object = {}): any => ({
  apiVersion: 'scheduling.k8s.io/v1',
  kind: 'PriorityClass',
  metadata: { name },
  ...(value === undefined ? {} : { value }),
  ...extra,
});

describe('PriorityClass', () => {
  it('preemptionPolicy defaults to PreemptLowerPriority; a missing value is 0', () => {
    const pc = ok(newApi().create<'PriorityClass'>(pcDraft('low')));
    expect([pc.value, pc.preemptionPolicy]).toEqual([0, 'PreemptLowerPriority']);
  });

  it('PrepareForCreate sets generation 1, whatever the request says; an update keeps it', () => {
    const api = newApi();
    const pc = ok(api.create<'PriorityClass'>(pcDraft('low', 5, { metadata: { name: 'low', generation: 7 } })));
    expect(pc.metadata.generation).toBe(1);
    const described = clone(pc);
    described.description = 'for agents';
    expect(ok(api.update<'PriorityClass'>(described)).metadata.generation).toBe(1);
  });

  it('the built-in system classes are accepted with their exact values', () => {
    const api = newApi();
    for (const pc of BUILTIN_PRIORITY_CLASSES) ok(api.create<'PriorityClass'>(pcDraft(pc.name, pc.value)));
    expect(api.get('PriorityClass', '', 'system-node-critical')?.value).toBe(2000001000);
  });

  it("the 'system-' prefix is reserved", () => {
    const prefix = "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: ";
    expect(causes(newApi().create<'PriorityClass'>(pcDraft('system-x', 10)))).toEqual([`${prefix}system-x is not a known system priority class`]);
    expect(causes(newApi().create<'PriorityClass'>(pcDraft('system-node-critical', 10)))).toEqual([
      `${prefix}value of system-node-critical PriorityClass must be 2000001000`,
    ]);
    expect(err(newApi().create<'PriorityClass'>(pcDraft('system-x', 10))).message).toBe(
      `PriorityClass.scheduling.k8s.io "system-x" is invalid: ${prefix}system-x is not a known system priority class`,
    );
  });

  it('user classes may not exceed 1000000000', () => {
    expect(newApi().create<'PriorityClass'>(pcDraft('top', 1000000000)).ok).toBe(true);
    expect(causes(newApi().create<'PriorityClass'>(pcDraft('too-high', 1000000001)))).toEqual([
      'value: Forbidden: maximum allowed value of a user defined priority is 1000000000',
    ]);
  });

  it('value and preemptionPolicy are immutable; the description is not', () => {
    const api = newApi();
    const pc = ok(api.create<'PriorityClass'>(pcDraft('high', 1000)));
    const value = clone(pc);
    value.value = 2000;
    expect(causes(api.update<'PriorityClass'>(value))).toEqual(['value: Forbidden: may not be changed in an update.']);
    const policy = clone(pc);
    policy.preemptionPolicy = 'Never';
    expect(causes(api.update<'PriorityClass'>(policy))).toEqual(['preemptionPolicy: Invalid value: "Never": field is immutable']);
    const described = clone(pc);
    described.description = 'for agents';
    expect(ok(api.update<'PriorityClass'>(described)).description).toBe('for agents');
    expect(api.get('PriorityClass', '', 'high')?.value).toBe(1000);
  });

  it('only one class may be globalDefault', () => {
    const api = newApi();
    ok(api.create<'PriorityClass'>(pcDraft('a', 1, { globalDefault: true })));
    const e = err(api.create<'PriorityClass'>(pcDraft('b', 2, { globalDefault: true })));
    expect([e.code, e.message]).toEqual([403, 'priorityclasses.scheduling.k8s.io "b" is forbidden: PriorityClass a is already marked as default. Only one default can exist']);
    const a = clone(api.get('PriorityClass', '', 'a')!);
    a.description = 'still default';
    expect(ok(api.update<'PriorityClass'>(a)).globalDefault).toBe(true);
  });

  it('the system classes cannot be deleted (priorityclass REST.Delete); user classes can', () => {
    const api = newApi();
    for (const pc of BUILTIN_PRIORITY_CLASSES) ok(api.create<'PriorityClass'>(pcDraft(pc.name, pc.value)));
    ok(api.create<'PriorityClass'>(pcDraft('mine', 5)));
    const e = err(api.delete('PriorityClass', '', 'system-node-critical'));
    expect([e.code, e.message]).toEqual([403, 'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted']);
    expect(api.get('PriorityClass', '', 'system-node-critical')).toBeDefined();
    expect(api.delete('PriorityClass', '', 'mine').ok).toBe(true);
  });

  it('has no status, and a false globalDefault is not stored (omitempty)', () => {
    const pc = ok(newApi().create<'PriorityClass'>(pcDraft('plain', 1, { globalDefault: false })));
    expect('status' in pc).toBe(false);
    expect('globalDefault' in pc).toBe(false);
  });
});
