/** apply/json.ts `goJson`: encoding/json's string escapes, as kubectl 1.32 (Go 1.23) writes them. */
import { describe, expect, it } from 'vitest';
import { goJson } from '../../../src/kubectl/apply/json.js';

describe('goJson', () => {
  it('escapes as encoding/json does: short escapes for \\b and \\f, \\u for other controls, HTML-safe <, >, &, U+2028', () => {
    // Recorded from `kubectl.1.32 label --local -f FILE k=v -o json` over this annotation.
    expect(goJson('a\bb\fc\u0001d<e>&\u2028')).toBe('"a\\bb\\fc\\u0001d\\u003ce\\u003e\\u0026\\u2028"');
    expect(goJson({ b: '\t"\\', a: '\n\r' })).toBe('{"a":"\\n\\r","b":"\\t\\"\\\\"}');
  });
});
