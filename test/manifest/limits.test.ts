/**
 * Hostile and mistaken input: every case must come back as a positioned diagnostic, never as a
 * throw, a hang or a crash of the process.
 */
import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, MAX_INPUT_BYTES, parseManifests } from '../../src/manifest/index.js';

const CONVERT = 'error parsing f.yaml: error converting YAML to JSON: ';

describe('parseManifests: resource limits', () => {
  it('rejects the billion-laughs alias bomb without expanding it', () => {
    // Nine levels of nine aliases: expanded it is 9^9 strings (gigabytes). The test finishing at
    // all shows the expansion was refused; the message is go-yaml's for the same input.
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const r = parseManifests(`${levels.join('\n')}\n`, 'f.yaml');
    expect(r.docs).toEqual([]);
    expect(r.diagnostics).toEqual([{ severity: 'error', message: `${CONVERT}yaml: document contains excessive aliasing`, line: 1, column: 1, docIndex: 0 }]);
  });

  it('refuses 1000 levels of flow nesting with a positioned error', () => {
    const text = `${'['.repeat(1000)}${']'.repeat(1000)}\n`;
    const r = parseManifests(text, 'f.yaml');
    expect(r.diagnostics).toEqual([{
      severity: 'error',
      message: `${CONVERT}yaml: line 1: exceeded max depth of ${MAX_DEPTH}`,
      line: 1,
      column: MAX_DEPTH + 1,
      docIndex: 0,
    }]);
  });

  it('refuses 1000 levels of block nesting on the line where the limit is crossed', () => {
    let text = '';
    for (let i = 0; i < 1000; i++) text += `${' '.repeat(i)}k:\n`;
    const r = parseManifests(text, 'f.yaml');
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({ line: MAX_DEPTH + 1, message: `${CONVERT}yaml: line ${MAX_DEPTH + 1}: exceeded max depth of ${MAX_DEPTH}` });
  });

  it('refuses megabytes of bracket nesting before parsing, at the same place', () => {
    const depth = 1_400_000;
    const r = parseManifests(`a: 1\nb: ${'['.repeat(depth)}${']'.repeat(depth)}\n`, 'f.yaml');
    expect(r.docs).toEqual([]);
    expect(r.diagnostics).toEqual([{
      severity: 'error',
      message: `${CONVERT}yaml: line 2: exceeded max depth of ${MAX_DEPTH}`,
      line: 2,
      column: 4 + MAX_DEPTH,
      docIndex: 0,
    }]);
  });

  it('survives nesting far beyond any stack (100000 levels)', () => {
    const r = parseManifests(`${'- '.repeat(100_000)}x\n`, 'f.yaml');
    expect(r.diagnostics[0]!.message).toContain('exceeded max depth');
  });

  it('refuses nesting built up through aliases, which the parser cannot see', () => {
    const lines = ['a0: &a0 [[[[[[[[[[1]]]]]]]]]]'];
    for (let i = 1; i < 40; i++) lines.push(`a${i}: &a${i} [[[[[[[[[[*a${i - 1}]]]]]]]]]]`);
    const r = parseManifests(`${lines.join('\n')}\n`, 'f.yaml');
    expect(r.diagnostics[0]!.message).toMatch(/^error parsing f\.yaml: error converting YAML to JSON: yaml: line \d+: exceeded max depth of 256$/);
  });

  it('accepts nesting just within the limit', () => {
    const depth = MAX_DEPTH - 1; // plus the top-level mapping
    const r = parseManifests(`apiVersion: v1\nkind: Pod\nx: ${'['.repeat(depth)}${']'.repeat(depth)}\n`, 'f.yaml');
    expect(r.diagnostics).toEqual([]);
    expect(r.docs).toHaveLength(1);
  });

  it('rejects input over the size limit before parsing it', () => {
    const text = `a: ${'x'.repeat(MAX_INPUT_BYTES)}\n`;
    const r = parseManifests(text, 'big.yaml');
    expect(r.diagnostics).toEqual([{
      severity: 'error',
      message: `error parsing big.yaml: input is ${MAX_INPUT_BYTES + 4} bytes; the playground accepts at most ${MAX_INPUT_BYTES} bytes`,
      line: 1,
      column: 1,
      docIndex: 0,
    }]);
  });

  it('counts the size in UTF-8 bytes, not characters', () => {
    const text = `a: ${'é'.repeat(MAX_INPUT_BYTES / 2)}\n`; // 1.5 Mi characters, 3 MiB + 4 bytes
    expect(parseManifests(text, 'f.yaml').diagnostics[0]!.message).toContain(`input is ${MAX_INPUT_BYTES + 4} bytes`);
  });
});

describe('parseManifests: YAML that cannot become JSON', () => {
  it('places an undefined alias at the alias', () => {
    const r = parseManifests('apiVersion: v1\nkind: Pod\nspec:\n  nodeName: *missing\n', 'f.yaml');
    expect(r.diagnostics).toEqual([{ severity: 'error', message: `${CONVERT}yaml: unknown anchor 'missing' referenced`, line: 4, column: 13, docIndex: 0 }]);
  });

  it('rejects an alias inside the node it names', () => {
    const r = parseManifests('apiVersion: v1\nkind: Pod\nx: &loop [1, *loop]\n', 'f.yaml');
    expect(r.diagnostics[0]).toMatchObject({ message: `${CONVERT}yaml: anchor 'loop' value contains itself`, line: 3 });
  });

  it('rejects .inf and .nan, which JSON cannot hold', () => {
    const r = parseManifests('apiVersion: v1\nkind: Pod\nx: .inf\n', 'f.yaml');
    expect(r.diagnostics[0]).toMatchObject({ message: `${CONVERT}json: unsupported value: +Inf`, line: 3, column: 4 });
    expect(parseManifests('x: .nan\n', 'f.yaml').diagnostics[0]!.message).toBe(`${CONVERT}json: unsupported value: NaN`);
  });

  it('rejects a mapping or sequence used as a key', () => {
    const r = parseManifests('apiVersion: v1\nkind: Pod\n? [a, b]\n: 1\n', 'f.yaml');
    expect(r.diagnostics[0]).toMatchObject({ message: `${CONVERT}yaml: invalid map key: [a, b]`, line: 3, column: 3 });
  });
});
