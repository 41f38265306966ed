import { describe, expect, it } from 'vitest';
import {
  addQuantity,
  canonicalQuantity,
  compareQuantity,
  formatQuantity,
  milliValue,
  newMilliQuantity,
  newQuantity,
  parseQuantity,
  parseQuantityField,
  QUANTITY_FORMAT_ERROR,
  quantityValue,
  type Quantity,
} from '../../../src/sim/api/quantity.js';

function q(text: string | number): Quantity {
  const r = parseQuantity(text);
  if ('error' in r) throw new Error(`${text}: ${r.error}`);
  return r;
}

describe('parseQuantity (ParseQuantity)', () => {
  it('parses values exactly in nano-units, keeping the format (upstream TestQuantityParse)', () => {
    const table: [string, bigint, Quantity['format']][] = [
      ['0', 0n, 'DecimalSI'],
      ['0Ki', 0n, 'BinarySI'],
      ['1', 1_000_000_000n, 'DecimalSI'],
      ['1Ki', 1024n * 10n ** 9n, 'BinarySI'],
      ['7Mi', 7n * 1024n ** 2n * 10n ** 9n, 'BinarySI'],
      ['3Ei', 3n * 1024n ** 6n * 10n ** 9n, 'BinarySI'],
      ['5n', 5n, 'DecimalSI'],
      ['3m', 3_000_000n, 'DecimalSI'],
      ['50k', 50_000n * 10n ** 9n, 'DecimalSI'],
      ['1E', 10n ** 27n, 'DecimalSI'],
      ['1E-3', 1_000_000n, 'DecimalExponent'],
      ['1.3E+6', 1_300_000n * 10n ** 9n, 'DecimalExponent'],
      ['100.035k', 100_035n * 10n ** 9n, 'DecimalSI'],
      ['0.5', 500_000_000n, 'DecimalSI'],
      ['0.0005k', 500_000_000n, 'DecimalSI'],
      ['3.001n', 4n, 'DecimalSI'],
      ['0.0000000001', 1n, 'DecimalSI'],
      ['0.00000012345', 124n, 'DecimalSI'],
      ['9Ei', 9223372036854775807n * 10n ** 9n, 'BinarySI'],
      ['100.035Ki', 102435840n * 10n ** 6n, 'BinarySI'],
      ['0.000000000001Ki', 2n, 'DecimalSI'],
      ['.001', 1_000_000n, 'DecimalSI'],
      ['1.', 10n ** 9n, 'DecimalSI'],
      ['1.G', 10n ** 18n, 'DecimalSI'],
      ['-3m', -3_000_000n, 'DecimalSI'],
    ];
    for (const [text, nano, format] of table) {
      const got = q(text);
      expect([text, got.nano, got.format]).toEqual([text, nano, format]);
    }
  });

  it('rejects malformed text with upstream errors', () => {
    for (const bad of ['1.1.M', '1+1.0M', 'aoeu', '0.1am', '1x', ' 1', '1 ', '']) {
      expect(parseQuantity(bad), bad).toEqual({ error: QUANTITY_FORMAT_ERROR });
    }
    for (const bad of ['0.1mi', '.5i', '1i', '-3.01i', '1Ki3', '-3.01e-']) {
      expect(parseQuantity(bad), bad).toEqual({ error: "unable to parse quantity's suffix" });
    }
    expect(QUANTITY_FORMAT_ERROR).toBe("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'");
  });

  it('takes numbers by their JSON text and trims decoded fields', () => {
    expect(formatQuantity(q(0.5))).toBe('500m');
    expect(formatQuantity(q(2))).toBe('2');
    const field = parseQuantityField(' 1 ');
    expect('error' in field ? field.error : formatQuantity(field)).toBe('1');
  });
});

describe('formatQuantity (Quantity.String)', () => {
  it('canonicalises to the largest exact suffix in the same format (upstream TestQuantityString alternates)', () => {
    const table: [string, string][] = [
      ['1024Mi', '1Gi'],
      ['307200Ki', '300Mi'],
      ['1025024Mi', '1001Gi'],
      ['5000m', '5'],
      ['0.5', '500m'],
      ['1000M', '1G'],
      ['0.001T', '1G'],
      ['1000u', '1m'],
      ['1.08', '1080m'],
      ['1080000000n', '1080m'],
      ['.001e12', '1e9'],
      ['0.001e0', '1e-3'],
      ['1000e-12', '1e-9'],
      ['00', '0'],
      ['1.5', '1500m'],
      ['1.5Gi', '1536Mi'],
      ['0.5Gi', '512Mi'],
      ['2000', '2k'],
      ['1500', '1500'],
      ['1.1Ki', '1126400m'],
      ['.001Ki', '1024m'],
      ['.000001Ki', '1024u'],
      ['.000000000001Ki', '2n'],
      ['10e2', '1e3'],
      ['-1.5', '-1500m'],
      ['1000E', '1e21'],
    ];
    for (const [input, want] of table) expect([input, formatQuantity(q(input))]).toEqual([input, want]);
  });

  it('prints an already canonical input exactly as written', () => {
    for (const text of ['1Gi', '300Mi', '6Ki', '1001Gi', '1Ti', '500m', '1G', '1080m', '1234567M', '3k', '1025', '1e9', '1e-9', '80e-3', '1n', '1080u', '3800m', '128Mi', '500Ki', '1k', '1M']) {
      expect(formatQuantity(q(text))).toBe(text);
    }
    expect(formatQuantity(q('+1Ki'))).toBe('+1Ki');
    expect(formatQuantity(q('1E3'))).toBe('1E3');
  });

  it('canonicalQuantity parses and prints, or returns the error', () => {
    expect(canonicalQuantity('7Gi')).toBe('7Gi');
    expect(canonicalQuantity('8192Mi')).toBe('8Gi');
    expect(canonicalQuantity('x')).toEqual({ error: QUANTITY_FORMAT_ERROR });
  });
});

describe('values and arithmetic', () => {
  it('MilliValue and Value round away from zero', () => {
    expect(milliValue(q('100m'))).toBe(100);
    expect(milliValue(q('0.5'))).toBe(500);
    expect(milliValue(q('1n'))).toBe(1);
    expect(milliValue(q('2'))).toBe(2000);
    expect(quantityValue(q('128Mi'))).toBe(134217728);
    expect(quantityValue(q('1Gi'))).toBe(1073741824);
    expect(quantityValue(q('1.5'))).toBe(2);
    expect(quantityValue(q('1e3'))).toBe(1000);
  });

  it('NewMilliQuantity / NewQuantity print as upstream TestMilliNewSet / TestNewSet', () => {
    expect(formatQuantity(newMilliQuantity(1, 'DecimalSI'))).toBe('1m');
    expect(formatQuantity(newMilliQuantity(1000, 'DecimalSI'))).toBe('1');
    expect(formatQuantity(newMilliQuantity(1234000, 'DecimalSI'))).toBe('1234');
    expect(formatQuantity(newMilliQuantity(1024, 'BinarySI'))).toBe('1024m');
    expect(formatQuantity(newMilliQuantity(1024 * 1024, 'BinarySI'))).toBe('1048576m');
    expect(formatQuantity(newQuantity(1000, 'DecimalSI'))).toBe('1k');
    expect(formatQuantity(newQuantity(1024, 'BinarySI'))).toBe('1Ki');
    expect(formatQuantity(newQuantity(1024 * 1024, 'BinarySI'))).toBe('1Mi');
    expect(formatQuantity(newQuantity(1000000, 'DecimalExponent'))).toBe('1e6');
  });

  it('Add keeps the receiver format (a zero receiver takes the other) and Cmp compares values', () => {
    const sum = addQuantity(addQuantity(newQuantity(0, 'DecimalSI'), q('100m')), q('250m'));
    expect(formatQuantity(sum)).toBe('350m');
    expect(formatQuantity(addQuantity(q('1Gi'), q('512Mi')))).toBe('1536Mi');
    expect(formatQuantity(addQuantity(newQuantity(0, 'DecimalSI'), q('1Gi')))).toBe('1Gi');
    expect(compareQuantity(q('1Gi'), q('1024Mi'))).toBe(0);
    expect(compareQuantity(q('900m'), q('1'))).toBe(-1);
    expect(compareQuantity(q('1k'), q('999'))).toBe(1);
  });
});
