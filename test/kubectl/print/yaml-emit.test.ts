import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import YAML from 'yaml';
import { toYaml } from '../../../src/kubectl/print/object-output.js';
import { yamlKeyOrder } from '../../../src/kubectl/print/yaml-key-order.js';
import { plainIsString } from '../../../src/kubectl/print/yaml-resolve.js';

/**
 * Each `NAME.json` in goyaml/ was printed by real kubectl v1.32.5 as
 * `kubectl label --local --overwrite -f NAME.json k=v -o yaml` (its label already k=v, so the
 * object is printed as it is) into `NAME.yaml`. cases.json gathers what decides a scalar's style
 * (go-yaml's resolve, indicators, escapes, numbers), folding at and past 80 columns, keys past
 * 128 bytes or over several lines, and key order; random-N.json are random strings of words,
 * indicators, quotes, tabs, breaks and wide characters at random depths.
 */
const FIXTURES = ['cases', 'random-1', 'random-2', 'random-3'];

function fixture(name: string, ext: string): string {
  return readFileSync(new URL(`./goyaml/${name}.${ext}`, import.meta.url), 'utf8');
}

/** Strings and keys made of what changes how go-yaml writes a string (no CR, NEL, LS or PS: go-yaml writes those raw in single quotes, which no reader gives back). */
const PIECES = ['a', 'word', 'é', '😀', ' ', '  ', '\t', '\n', "'", '"', '\\', ': ', ' #', '#', '-', '- ', '? ', '---', '...', '[', '{', ',', '&', '*', '!', '|', '>', '%', '@', '`', '~', '1', '0x1', '.5', 'yes', 'null', '12:30', '2026-01-01', '\u0001', '\u00a0', '\ufeff', 'x'.repeat(30)];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(''));
const { doc } = fc.letrec<{ doc: unknown; value: unknown }>((tie) => ({
  doc: fc.oneof(fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(text, tie('value'), { maxKeys: 4 })),
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, tie('doc')),
}));

describe('-o yaml as go-yaml v2 writes it (yaml-emit.ts)', () => {
  test.each(FIXTURES)('%s.json prints byte for byte as kubectl 1.32 printed it', (name) => {
    expect(toYaml(JSON.parse(fixture(name, 'json')))).toBe(fixture(name, 'yaml'));
  });

  test('every string reads back as itself, however it was quoted, folded or blocked', () => {
    fc.assert(
      fc.property(doc, (d) => {
        expect(YAML.parse(toYaml(d), { schema: 'failsafe' })).toEqual(d);
      }),
      { numRuns: 1500 },
    );
  });

  test('a pending pod\'s scheduler message folds past 80 columns, single-quoted with its apostrophes doubled', () => {
    const message = "0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn't satisfy plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
    expect(toYaml({ status: { conditions: [{ message, type: 'PodScheduled' }] } })).toBe(
      [
        'status:',
        '  conditions:',
        "  - message: '0/3 nodes are available: 1 Insufficient cpu, 2 node(s) didn''t satisfy",
        '      plugin(s) [NodeAffinity]. preemption: 0/3 nodes are available: 3 Preemption',
        "      is not helpful for scheduling.'",
        '    type: PodScheduled',
        '',
      ].join('\n'),
    );
  });

  test('go-yaml key order: digit runs by number, anything before a letter', () => {
    const keys = ['node-10', 'aB', 'node-9', 'a_b', 'a010', 'a10b', 'Z', 'é', 'a0', 'a00'];
    expect([...keys].sort(yamlKeyOrder)).toEqual(['Z', 'a_b', 'a0', 'a00', 'a10b', 'a010', 'aB', 'node-9', 'node-10', 'é']);
  });

  test('plain only where go-yaml reads the text back as a string', () => {
    for (const s of ['yes', 'Off', '~', '', '0x1F', '0o17', '08', '1_000', '.5', '12:30', '2026-1-1T1:2:3Z', '2026-01-01 10:00:00', '+1.5']) expect(plainIsString(s), s).toBe(false);
    for (const s of ['1e400', '0xFFFFFFFFFFFFFFFFFF', '2026-13-01', '2026-01-01T10:00:00', 'NaN', '<<', 'node-1', '10.0.0.1']) expect(plainIsString(s), s).toBe(true);
  });
});
