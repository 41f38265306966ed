/** GNU getopt_long as the filters parse their arguments. */
import { describe, expect, it } from 'vitest';
import { asksForHelp, parseOptions, tryHelp, type Program } from '../../../src/kubectl/pipe/options.js';

const P: Program = {
  name: 'demo',
  synopsis: 'demo [OPTION]...',
  summary: 'Show how options parse.',
  troubleStatus: 1,
  usage: tryHelp('demo'),
  options: [
    { name: 'count', short: 'c', long: 'count', help: 'count' },
    { name: 'lines', short: 'n', long: 'lines', arg: true, argName: 'NUM', help: 'take NUM lines' },
    { name: 'line-regexp', long: 'line-regexp', help: 'match whole lines' },
  ],
};

describe('parseOptions', () => {
  it('clusters short options, takes arguments attached or next, and permutes operands', () => {
    expect(parseOptions(P, ['-cn5', 'x', '-n', '6', '--', '-c'])).toEqual({
      options: [
        { name: 'count', value: '' },
        { name: 'lines', value: '5' },
        { name: 'lines', value: '6' },
      ],
      operands: ['x', '-c'],
    });
    expect(parseOptions(P, ['--lines=3', '--co', '-'])).toEqual({ options: [{ name: 'lines', value: '3' }, { name: 'count', value: '' }], operands: ['-'] });
  });

  it('reports what GNU reports, and names the options an unsupported one could be instead of', () => {
    expect(parseOptions(P, ['-n'])).toEqual({ error: "demo: option requires an argument -- 'n'\nTry 'demo --help' for more information.\n", exitCode: 1 });
    expect(parseOptions(P, ['--count=2'])).toMatchObject({ error: "demo: option '--count' doesn't allow an argument\nTry 'demo --help' for more information.\n" });
    expect(parseOptions(P, ['--li'])).toMatchObject({ error: "demo: option '--li' is ambiguous; possibilities: '--lines' '--line-regexp'\nTry 'demo --help' for more information.\n" });
    expect(parseOptions(P, ['-z'])).toMatchObject({ error: "demo: unsupported option -- 'z' (this playground's demo knows -c -n --line-regexp)\nTry 'demo --help' for more information.\n" });
  });
});

describe('asksForHelp', () => {
  it('finds --help as getopt would, not where an option takes it as its argument', () => {
    expect(asksForHelp(P, ['--help'])).toBe(true);
    expect(asksForHelp(P, ['x', '-c', '--help'])).toBe(true);
    expect(asksForHelp(P, ['-n', '--help'])).toBe(false);
    expect(asksForHelp(P, ['-cn', '--help'])).toBe(false);
    expect(asksForHelp(P, ['--lines', '--help'])).toBe(false);
    expect(asksForHelp(P, ['-n5', '--help'])).toBe(true);
    expect(asksForHelp(P, ['--lines=5', '--help'])).toBe(true);
    expect(asksForHelp(P, ['--', '--help'])).toBe(false);
  });
});
