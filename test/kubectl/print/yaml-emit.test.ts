import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { agentDaemonSet } from '../../../src/cli/bench-fleet-steps.js';
import { exec } from '../../../src/kubectl/exec.js';
import { libraryYaml, sortKeysDeep, toYaml } from '../../../src/kubectl/print/object-output.js';
import { emitYaml } from '../../../src/kubectl/print/yaml-emit.js';
import { parsesAsOtherType, readsAsOtherType } from '../../../src/kubectl/print/yaml-quoting.js';
import { createCluster } from '../../../src/sim/index.js';

/** Strings that read as other types, cannot be plain, must be quoted one way or the other, or are not ASCII. */
const TRICKY = [
  '', ' ', 'x ', ' x', 'yes', 'No', 'ON', 'off', 'y', 'N', 'true', 'False', '~', 'null', 'Null', '0x1F', '0b101', '0755', '08', '1e3', '1.5',
  '.5', '+1', '-1', '1_000', '.inf', '-.inf', '.nan', '190:20:30', '190:20:30.15', '2026-01-01T00:00:00Z', '2001-12-14 21:59:43.10 -5',
  '2001-12-14', '---', '--- x', '...', '%x', 'a: b', 'a:', 'a:b', 'a #b', 'a#b', '<<', "it's", 'say "hi"', `both ' and "`, '- x', '-x', '? x',
  '?x', '[a]', '{a}', 'a, b', '*', '&a', '!x', '|', '>', '@x', '`x', 'line one\nline two\n', 'a\\b', 'tab\there', 'café', '\u0001',
  'Node node-1 status is now: NodeReady', 'Container image "registry.k8s.io/pause:3.9" already present on machine', 'http://x:80/y',
  'containerd://0123abcd', '10.0.0.1', '10.244.0.0/24', 'sha256:abc', '/dev/termination-log', 'a  b',
];

const ALPHABET = [...'aAyYnNtTfFoOeExX019_./:-+ #\'"\\\n\t[]{},&*!|>%@`?~<é'];
const trickyString = fc.oneof(fc.constantFrom(...TRICKY), fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 12 }));

const scalar = fc.oneof(
  trickyString,
  fc.constantFrom(null, true, false, 0, -0, 1, -1, 0.1, 1e21, 2 ** 60, Number.NaN, Number.POSITIVE_INFINITY),
  fc.integer(),
  fc.double(),
);
const { doc } = fc.letrec<{ doc: unknown; value: unknown }>((tie) => ({
  doc: fc.oneof(fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(trickyString, tie('value'), { maxKeys: 4 })),
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('doc')),
}));

describe('-o yaml written directly (yaml-emit.ts)', () => {
  test('readsAsOtherType answers as a YAML 1.1 parse of the string does', () => {
    for (const s of TRICKY) expect(readsAsOtherType(s), JSON.stringify(s)).toBe(parsesAsOtherType(s));
    fc.assert(fc.property(trickyString, (s) => readsAsOtherType(s) === parsesAsOtherType(s)), { numRuns: 3000 });
  });

  test('writes byte for byte what the yaml library writes, or leaves the document to it', () => {
    fc.assert(
      fc.property(doc, (d) => {
        expect(toYaml(d)).toBe(libraryYaml(sortKeysDeep(d)));
      }),
      { numRuns: 2000 },
    );
  });

  test('each tricky string, as a value, a key and a list item', () => {
    for (const s of TRICKY) {
      const d = sortKeysDeep({ [s]: s, list: [s, { [s]: [s] }] });
      expect(toYaml(d), JSON.stringify(s)).toBe(libraryYaml(d));
    }
  });

  test('a real cluster: nodes, pods, Events and a DaemonSet with its last-applied annotation are written directly, as the library writes them', () => {
    const c = createCluster({ seed: 1 });
    for (const line of ['sim node add node-{1..3}', 'sim settle']) expect(exec(c, line).exitCode).toBe(0);
    expect(exec(c, 'kubectl apply -f -', agentDaemonSet('agent')).exitCode).toBe(0);
    expect(exec(c, 'sim settle').exitCode).toBe(0);
    const json = exec(c, 'kubectl get nodes,pods,ds,events,controllerrevisions -A -o json');
    expect(json.exitCode).toBe(0);
    const list = sortKeysDeep(JSON.parse(json.stdout)) as { items: unknown[] };
    expect(list.items.length).toBeGreaterThan(20);
    const direct = emitYaml(list);
    expect(direct).toBeDefined();
    expect(direct).toBe(libraryYaml(list));
    expect(exec(c, 'kubectl get nodes,pods,ds,events,controllerrevisions -A -o yaml').stdout).toBe(direct);
  });

  test('multi-line strings: literal blocks written directly, the rest left to the library', () => {
    const d = { a: { b: 'line one\n\nline two\n', c: ['no newline at the end\nx'] } };
    expect(emitYaml(d)).toBe('a:\n  b: |\n    line one\n\n    line two\n  c:\n  - |-\n    no newline at the end\n    x\n');
    expect(emitYaml(d)).toBe(libraryYaml(d));
    for (const kept of [{ a: 'two newlines\n\n' }, { a: ' indented\nfirst line\n' }, { a: 'a tab\there\n' }]) {
      expect(emitYaml(kept)).toBeUndefined();
      expect(toYaml(kept)).toBe(libraryYaml(kept));
    }
  });
});
