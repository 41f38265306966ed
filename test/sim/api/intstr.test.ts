import { describe, expect, it } from 'vitest';
import { getScaledValueFromIntOrPercent, isPercent, validPercentErrors } from '../../../src/sim/api/intstr.js';

describe('getScaledValueFromIntOrPercent', () => {
  it('returns ints unchanged and scales percents, rounding up or down', () => {
    expect(getScaledValueFromIntOrPercent(1, 10, true)).toBe(1);
    expect(getScaledValueFromIntOrPercent(0, 10, false)).toBe(0);
    expect(getScaledValueFromIntOrPercent('50%', 3, true)).toBe(2);
    expect(getScaledValueFromIntOrPercent('50%', 3, false)).toBe(1);
    expect(getScaledValueFromIntOrPercent('25%', 10, true)).toBe(3);
    expect(getScaledValueFromIntOrPercent('25%', 10, false)).toBe(2);
    expect(getScaledValueFromIntOrPercent('100%', 7, false)).toBe(7);
    expect(getScaledValueFromIntOrPercent('0%', 7, true)).toBe(0);
    expect(getScaledValueFromIntOrPercent('1%', 1, true)).toBe(1);
  });

  it('fails on bad strings in upstream words', () => {
    expect(getScaledValueFromIntOrPercent('5', 10, true)).toEqual({ error: 'invalid value for IntOrString: invalid type: string is not a percentage' });
    expect(getScaledValueFromIntOrPercent('x%', 10, true)).toEqual({
      error: 'invalid value for IntOrString: invalid value "x%": strconv.Atoi: parsing "x": invalid syntax',
    });
    expect(getScaledValueFromIntOrPercent('%', 10, true)).toEqual({
      error: 'invalid value for IntOrString: invalid value "%": strconv.Atoi: parsing "": invalid syntax',
    });
    expect(getScaledValueFromIntOrPercent('99999999999999999999%', 10, true)).toEqual({
      error: 'invalid value for IntOrString: invalid value "99999999999999999999%": strconv.Atoi: parsing "99999999999999999999": value out of range',
    });
    expect(getScaledValueFromIntOrPercent(undefined, 10, true)).toEqual({ error: 'nil value for IntOrString' });
  });
});

describe('isPercent / validPercentErrors (IsValidPercent)', () => {
  it('accepts digits followed by %', () => {
    expect(isPercent('10%')).toBe(true);
    expect(isPercent('10')).toBe(false);
    expect(isPercent(10)).toBe(false);
    expect(isPercent('-1%')).toBe(false);
    expect(isPercent('1.5%')).toBe(false);
    expect(validPercentErrors('10%')).toEqual([]);
    expect(validPercentErrors('abc')).toEqual([
      "a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    ]);
  });
});
