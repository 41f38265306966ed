import { describe, expect, it } from 'vitest';
import { goFloat, goFmtV, goJson, goSharpV, goTypeName, goValue } from '../../../src/kubectl/format/go-value.js';

describe('Go value printing', () => {
  it('types JSON as unstructured decoding does', () => {
    expect(goValue(3).k).toBe('int64');
    expect(goValue(3.5).k).toBe('float');
    expect(goValue(null).k).toBe('nil');
    expect(goTypeName(goValue({}))).toBe('map[string]interface {}');
    expect(goTypeName(goValue([]))).toBe('[]interface {}');
    expect(goTypeName(goValue(2.5))).toBe('float64');
  });

  it('formats floats as %v (strconv g, shortest)', () => {
    expect(goFloat(2.2)).toBe('2.2');
    expect(goFloat(100000.5)).toBe('100000.5');
    expect(goFloat(1000000.5)).toBe('1.0000005e+06');
    expect(goFloat(0.0001)).toBe('0.0001');
    expect(goFloat(0.00001)).toBe('1e-05');
    expect(goFloat(1.5e-300)).toBe('1.5e-300');
  });

  it('prints %v, %#v and json.Marshal like Go', () => {
    const v = goValue({ b: [1, 'x', null], a: { c: true } });
    expect(goFmtV(v)).toBe('map[a:map[c:true] b:[1 x <nil>]]');
    expect(goSharpV(v)).toBe('map[string]interface {}{"a":map[string]interface {}{"c":true}, "b":[]interface {}{1, "x", interface {}(nil)}}');
    expect(goJson(v)).toBe('{"a":{"c":true},"b":[1,"x",null]}');
    expect(goJson(goValue('a\u2028<'))).toBe('"a\\u2028\\u003c"');
  });
});
