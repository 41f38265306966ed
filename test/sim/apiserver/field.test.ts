import { describe, expect, it } from 'vitest';
import { appendErrors, duplicate, forbidden, goValue, invalid, nonNegative, notFound, required, tooLong, unsupported } from '../../../src/sim/apiserver/validation/field.js';
import {
  goDaemonSetUpdateStrategy,
  goIntOrString,
  goLabelSelector,
  goRawExtension,
  goStringMap,
  goTaint,
} from '../../../src/sim/apiserver/validation/govalue.js';
import { jsonEqual, semanticEqual } from '../../../src/sim/apiserver/validation/equality.js';

describe('field errors render as field.Error.Error()', () => {
  it('Required, with and without detail', () => {
    expect(required('spec.selector').message).toBe('spec.selector: Required value');
    expect(required('data', 'data is mandatory').message).toBe('data: Required value: data is mandatory');
    expect(required('spec.selector').field).toBe('spec.selector');
  });

  it('Invalid, Forbidden, Duplicate, Not found, Too long', () => {
    expect(invalid('spec.minReadySeconds', goValue(-1), 'must be greater than or equal to 0').message).toBe(
      'spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0',
    );
    expect(forbidden('spec', 'nope').message).toBe('spec: Forbidden: nope');
    expect(duplicate('spec.containers[1].name', goValue('x')).message).toBe('spec.containers[1].name: Duplicate value: "x"');
    expect(notFound('spec.containers[0].volumeMounts[0].name', goValue('v')).message).toBe('spec.containers[0].volumeMounts[0].name: Not found: "v"');
    expect(tooLong('metadata.annotations', 262144).message).toBe('metadata.annotations: Too long: may not be more than 262144 bytes');
  });

  it('Unsupported lists the supported values quoted, in the order given', () => {
    expect(unsupported('spec.restartPolicy', goValue('Foo'), ['Always', 'OnFailure', 'Never']).message).toBe(
      'spec.restartPolicy: Unsupported value: "Foo": supported values: "Always", "OnFailure", "Never"',
    );
  });

  it('goValue quotes strings with Go escapes, prints numbers bare and nil as "null"', () => {
    expect(goValue('a"b\n')).toBe('"a\\"b\\n"');
    expect(goValue(42)).toBe('42');
    expect(goValue(undefined)).toBe('"null"');
  });

  it('nonNegative only reports values below zero', () => {
    expect(nonNegative(0, 'x')).toEqual([]);
    expect(nonNegative(undefined, 'x')).toEqual([]);
    expect(nonNegative(-3, 'x').map((e) => e.message)).toEqual(['x: Invalid value: -3: must be greater than or equal to 0']);
  });
});

describe('appendErrors', () => {
  it('is a spread of both lists into the first, and leaves the second as it was', () => {
    const mine = [required('a'), invalid('b', '"x"', 'bad')];
    const shared = Object.freeze([forbidden('c', 'no'), required('d')]);
    const expected = [...mine, ...shared];
    expect(appendErrors(mine, shared)).toBe(mine);
    expect(mine).toEqual(expected);
    expect(shared).toHaveLength(2);
    expect(appendErrors([], [])).toEqual([]);
  });
});

describe('Go %#v renderings', () => {
  it('maps sort their keys; nil maps print as map[string]string(nil)', () => {
    expect(goStringMap({ b: '2', a: '1' })).toBe('map[string]string{"a":"1", "b":"2"}');
    expect(goStringMap({})).toBe('map[string]string{}');
    expect(goStringMap(undefined)).toBe('map[string]string(nil)');
  });

  it('LabelSelector with and without expressions', () => {
    expect(goLabelSelector({ matchLabels: { app: 'x' } })).toBe(
      'v1.LabelSelector{MatchLabels:map[string]string{"app":"x"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}',
    );
    expect(goLabelSelector({ matchExpressions: [{ key: 'k', operator: 'In', values: ['a'] }, { key: 'e', operator: 'Exists' }] })).toBe(
      'v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement{' +
        'v1.LabelSelectorRequirement{Key:"k", Operator:"In", Values:[]string{"a"}}, ' +
        'v1.LabelSelectorRequirement{Key:"e", Operator:"Exists", Values:[]string(nil)}}}',
    );
  });

  it('IntOrString as the internal struct', () => {
    expect(goIntOrString(1)).toBe('intstr.IntOrString{Type:0, IntVal:1, StrVal:""}');
    expect(goIntOrString('110%')).toBe('intstr.IntOrString{Type:1, IntVal:0, StrVal:"110%"}');
  });

  it('update strategy, taint and raw extension', () => {
    expect(goDaemonSetUpdateStrategy({ type: 'Foo' })).toBe('apps.DaemonSetUpdateStrategy{Type:"Foo", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}');
    expect(goTaint({ key: 'k', effect: 'NoSchedule' })).toBe('core.Taint{Key:"k", Value:"", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}');
    expect(goRawExtension({ a: 1 })).toBe('runtime.RawExtension{Raw:[]byte{0x7b, 0x22, 0x61, 0x22, 0x3a, 0x31, 0x7d}, Object:runtime.Object(nil)}');
  });
});

describe('equality', () => {
  it('jsonEqual ignores key order and undefined keys only', () => {
    expect(jsonEqual({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(jsonEqual({ a: [] }, {})).toBe(false);
  });

  it('semanticEqual treats absent, null, [] and {} alike', () => {
    expect(semanticEqual({ a: [], b: {}, c: null }, {})).toBe(true);
    expect(semanticEqual({ a: [1] }, {})).toBe(false);
    expect(semanticEqual({ a: 0 }, {})).toBe(false);
  });
});
