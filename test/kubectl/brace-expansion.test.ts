import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_BRACE_WORDS } from '../../src/kubectl/brace-expansion.js';
import { exec } from '../../src/kubectl/exec.js';
import { splitArgs } from '../../src/kubectl/shell-words.js';
import { createCluster } from '../../src/sim/index.js';

/** The words a line gives after the command's name. */
const wordsOf = (text: string): string[] | { error: string } => {
  const words = splitArgs(`x ${text}`);
  return Array.isArray(words) ? words.slice(1) : words;
};

describe('brace expansion', () => {
  it('expands as bash 5.2 does (each expectation read from bash)', () => {
    const cases: [string, string[]][] = [
      ['node-{1..3}', ['node-1', 'node-2', 'node-3']],
      ['node-{001..003}', ['node-001', 'node-002', 'node-003']],
      ['x{,}', ['x', 'x']],
      ['{,}', []],
      ['{,a}', ['a']],
      ['{a}{b,c}', ['{a}b', '{a}c']],
      ['{{a,b}}', ['{a}', '{b}']],
      ['{a{b,c}', ['{ab', '{ac']],
      ['{1..10..-3}', ['1', '4', '7', '10']],
      ['{10..1..3}', ['10', '7', '4', '1']],
      ['{-05..2..2}', ['-05', '-03', '-01', '001']],
      ['{1..010..4}', ['001', '005', '009']],
      ['{1..a}', ['{1..a}']],
      ['a{1..3}b{x,y}', ['a1bx', 'a1by', 'a2bx', 'a2by', 'a3bx', 'a3by']],
      ['"{1..3}"', ['{1..3}']],
      ['{1..\\3}', ['{1..3}']],
      ['\\{1..3}', ['{1..3}']],
      ["{1..'3'}", ['{1..3}']],
      ['{a,b\\,c}', ['a', 'b,c']],
      ['{a..c..2}', ['a', 'c']],
      ['{0..0}', ['0']],
      ['{5}', ['{5}']],
      ['{}', ['{}']],
      ['{a,b}{}', ['a{}', 'b{}']],
      ['${x}a{1,2}', ['${x}a1', '${x}a2']],
      ['{1..3..0}', ['1', '2', '3']],
      ['{+1..3}', ['1', '2', '3']],
      ['{-1..-3}', ['-1', '-2', '-3']],
      ['{a,{1..3}}', ['a', '1', '2', '3']],
      ['x{a,,b}', ['xa', 'x', 'xb']],
      ['-o jsonpath={.items[0].metadata.name}', ['-o', 'jsonpath={.items[0].metadata.name}']],
      ["-p '{\"a\":1,\"b\":2}'", ['-p', '{"a":1,"b":2}']],
    ];
    for (const [text, words] of cases) expect(wordsOf(text), text).toEqual(words);
  });

  it('agrees with bash on words of braces, ranges, lists, quotes and escapes', () => {
    // One bash for every word: each printed with a separator after every word it expands to.
    const piece = fc.constantFrom('n', '-', '{', '}', ',', '..', '1', '03', '-2', 'a', 'C', "'{'", "'..'", "','", '\\{', '\\,', '"a,b"', '{1..3}', '{a,b}', '{x..z}', '{,}', '{007..9}', '{1..9..4}', "''");
    const words = fc.sample(fc.array(piece, { minLength: 1, maxLength: 7 }), { seed: 42, numRuns: 400 }).map((p) => p.join(''));
    const script = `set -f\n${words.map((w) => `printf '%s\\037' ${w}; printf '\\036'`).join('\n')}\n`;
    const bash = spawnSync('bash', ['-c', script], { encoding: 'utf8' });
    expect(bash.status, bash.stderr).toBe(0);
    const expected = bash.stdout.split('\x1e').slice(0, -1).map((out) => out.split('\x1f').slice(0, -1));
    expect(expected).toHaveLength(words.length);
    // printf with no argument prints its format once: an empty word list reads as one empty word.
    words.forEach((w, i) => {
      const ours = wordsOf(w);
      expect(ours, w).toEqual(Array.isArray(ours) && ours.length === 0 ? [] : expected[i]);
    });
  });

  it(`refuses a word that gives more than ${MAX_BRACE_WORDS} words, naming it, and runs nothing`, () => {
    expect(wordsOf('n-{1..10000}')).toHaveLength(MAX_BRACE_WORDS);
    expect(wordsOf('n-{1..10001}')).toEqual({ error: `n-{1..10001}: brace expansion gives more than ${MAX_BRACE_WORDS} words` });
    expect(wordsOf('{1..200}{1..200}')).toEqual({ error: `{1..200}{1..200}: brace expansion gives more than ${MAX_BRACE_WORDS} words` });
    expect(wordsOf('{a,{1..9999},b}')).toEqual({ error: `{a,{1..9999},b}: brace expansion gives more than ${MAX_BRACE_WORDS} words` });
    const c = createCluster({ seed: 1 });
    expect(exec(c, 'sim node add node-{1..10001}')).toEqual({ exitCode: 2, stdout: '', stderr: `node-{1..10001}: brace expansion gives more than ${MAX_BRACE_WORDS} words\n` });
    expect(c.store.count('Node')).toBe(0);
  });

  it('gives kubectl every name, as a terminal would', () => {
    const c = createCluster({ seed: 1 });
    expect(exec(c, 'sim node add node-{1..4}').exitCode).toBe(0);
    expect(exec(c, 'kubectl cordon node-{1..3}').stdout).toBe('node/node-1 cordoned\nnode/node-2 cordoned\nnode/node-3 cordoned\n');
    expect(exec(c, 'kubectl label nodes node-{2,4} pool=gpu').stdout).toBe('node/node-2 labeled\nnode/node-4 labeled\n');
    expect(exec(c, 'kubectl get nodes -l pool=gpu -o name').stdout).toBe('node/node-2\nnode/node-4\n');
    expect(exec(c, "kubectl get node 'node-{1..3}'").stderr).toBe('Error from server (NotFound): nodes "node-{1..3}" not found\n');
  });
});
