import { describe, expect, it } from 'vitest';
import { luminance, parseRgb } from '../../../../src/ui/editor/monaco/theme.js';

describe('page colours for Monaco', () => {
  it('reads computed rgb() and rgba() colours, and nothing else', () => {
    expect(parseRgb('rgb(23, 27, 35)')).toEqual([23, 27, 35, 1]);
    expect(parseRgb('rgba(255, 255, 255, 0)')).toEqual([255, 255, 255, 0]);
    expect(parseRgb('rgb(10 20 30 / 50%)')).toEqual([10, 20, 30, 0.5]);
    expect(parseRgb('#ffffff')).toBeUndefined();
  });

  it('tells the dark surface of the page from the light one', () => {
    expect(luminance([0x17, 0x1b, 0x23])).toBeLessThan(0.4); // dark --surface
    expect(luminance([255, 255, 255])).toBeCloseTo(1);
    expect(luminance([0, 0, 0])).toBe(0);
  });
});
