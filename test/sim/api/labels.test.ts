import { describe, expect, it } from 'vitest';
import {
  compileLabelSelector,
  formatLabelSelector,
  labelSelectorAsSelector,
  matchesLabelSelector,
  selectorsEqual,
} from '../../../src/sim/api/labels.js';
import type { LabelSelector } from '../../../src/sim/api/types.js';

describe('matchesLabelSelector (metav1 semantics)', () => {
  it('a nil selector matches nothing, an empty one everything', () => {
    expect(matchesLabelSelector(undefined, { app: 'x' })).toBe(false);
    expect(matchesLabelSelector(null, {})).toBe(false);
    expect(matchesLabelSelector({}, { app: 'x' })).toBe(true);
    expect(matchesLabelSelector({ matchLabels: {}, matchExpressions: [] }, undefined)).toBe(true);
  });

  it('ANDs matchLabels and matchExpressions', () => {
    const sel: LabelSelector = { matchLabels: { app: 'web' }, matchExpressions: [{ key: 'tier', operator: 'In', values: ['a', 'b'] }] };
    expect(matchesLabelSelector(sel, { app: 'web', tier: 'b' })).toBe(true);
    expect(matchesLabelSelector(sel, { app: 'web', tier: 'c' })).toBe(false);
    expect(matchesLabelSelector(sel, { app: 'db', tier: 'a' })).toBe(false);
    expect(matchesLabelSelector(sel, { app: 'web' })).toBe(false);
  });

  it('NotIn and DoesNotExist match when the key is absent; Exists needs it', () => {
    const notIn: LabelSelector = { matchExpressions: [{ key: 'x', operator: 'NotIn', values: ['a'] }] };
    expect(matchesLabelSelector(notIn, {})).toBe(true);
    expect(matchesLabelSelector(notIn, { x: 'a' })).toBe(false);
    expect(matchesLabelSelector(notIn, { x: 'b' })).toBe(true);
    const dne: LabelSelector = { matchExpressions: [{ key: 'x', operator: 'DoesNotExist' }] };
    expect(matchesLabelSelector(dne, { y: '1' })).toBe(true);
    expect(matchesLabelSelector(dne, { x: '' })).toBe(false);
    const exists: LabelSelector = { matchExpressions: [{ key: 'x', operator: 'Exists' }] };
    expect(matchesLabelSelector(exists, { x: '' })).toBe(true);
    expect(matchesLabelSelector(exists, undefined)).toBe(false);
  });

  it('does not treat inherited object properties as labels', () => {
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'toString', operator: 'Exists' }] }, {})).toBe(false);
  });

  it('a selector upstream cannot convert matches nothing', () => {
    const badOp = { matchExpressions: [{ key: 'x', operator: 'Gt', values: ['1'] }] } as unknown as LabelSelector;
    expect(matchesLabelSelector(badOp, { x: '2' })).toBe(false);
    expect(matchesLabelSelector({ matchExpressions: [{ key: 'x', operator: 'In', values: [] }] }, { x: '' })).toBe(false);
    expect(matchesLabelSelector({ matchLabels: { 'a/b/c': 'x' } }, { 'a/b/c': 'x' })).toBe(false);
  });

  it('compiles once per selector object', () => {
    const sel: LabelSelector = { matchLabels: { app: 'web' } };
    const p = compileLabelSelector(sel);
    expect(compileLabelSelector(sel)).toBe(p);
    expect(p({ app: 'web' })).toBe(true);
    expect(p({ app: 'other' })).toBe(false);
  });
});

describe('formatLabelSelector (metav1.FormatLabelSelector)', () => {
  it('sorts requirements by key and prints set values sorted', () => {
    expect(
      formatLabelSelector({
        matchLabels: { name: 'foo', app: 'x' },
        matchExpressions: [
          { key: 'tier', operator: 'In', values: ['b', 'a'] },
          { key: 'key', operator: 'DoesNotExist' },
          { key: 'env', operator: 'NotIn', values: ['prod'] },
          { key: 'zone', operator: 'Exists' },
        ],
      }),
    ).toBe('app=x,env notin (prod),!key,name=foo,tier in (a,b),zone');
  });

  it('prints <none> for nil and empty, <error> for unconvertible selectors', () => {
    expect(formatLabelSelector(undefined)).toBe('<none>');
    expect(formatLabelSelector({})).toBe('<none>');
    expect(formatLabelSelector({ matchLabels: { app: 'bad value' } })).toBe('<error>');
  });

  it('reports the conversion error in upstream words', () => {
    const bad = { matchExpressions: [{ key: 'x', operator: 'Equals', values: ['1'] }] } as unknown as LabelSelector;
    expect(labelSelectorAsSelector(bad)).toEqual({ error: '"Equals" is not a valid label selector operator' });
    expect(labelSelectorAsSelector({ matchExpressions: [{ key: 'x', operator: 'In' }] })).toEqual({
      error: "values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty",
    });
  });
});

describe('selectorsEqual (apiequality.Semantic.DeepEqual)', () => {
  it('treats missing and empty lists and maps alike, but nil differs from {}', () => {
    expect(selectorsEqual({ matchLabels: {} }, { matchExpressions: [] })).toBe(true);
    expect(selectorsEqual({ matchExpressions: [{ key: 'x', operator: 'Exists' }] }, { matchExpressions: [{ key: 'x', operator: 'Exists', values: [] }] })).toBe(true);
    expect(selectorsEqual(undefined, {})).toBe(false);
    expect(selectorsEqual(undefined, undefined)).toBe(true);
  });

  it('compares labels by value and expressions in order', () => {
    expect(selectorsEqual({ matchLabels: { a: '1', b: '2' } }, { matchLabels: { b: '2', a: '1' } })).toBe(true);
    expect(selectorsEqual({ matchLabels: { a: '1' } }, { matchLabels: { a: '2' } })).toBe(false);
    const e1 = { key: 'x', operator: 'Exists' as const };
    const e2 = { key: 'y', operator: 'Exists' as const };
    expect(selectorsEqual({ matchExpressions: [e1, e2] }, { matchExpressions: [e2, e1] })).toBe(false);
    expect(selectorsEqual({ matchExpressions: [{ key: 'x', operator: 'In', values: ['a', 'b'] }] }, { matchExpressions: [{ key: 'x', operator: 'In', values: ['b', 'a'] }] })).toBe(false);
  });
});
