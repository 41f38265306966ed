/**
 * The help layout of kubectl's templater (`MainHelpTemplate`, `MainUsageTemplate`, `flagsUsages`)
 * as kubectl prints it to a pipe: checked on whole pages.
 */
import { describe, expect, it } from 'vitest';
import { KUBECTL_HELP } from '../../../src/kubectl/help/kubectl/index.js';
import { flagUsages, renderCommand, renderOptions, renderProgram } from '../../../src/kubectl/help/render.js';
import type { CommandHelp, ProgramHelp } from '../../../src/kubectl/help/types.js';

const program: ProgramHelp = {
  name: 'kubectl',
  use: 'kubectl [flags] [options]',
  intro: 'kubectl controls things.\n\n More at: https://example.test/',
  groups: [{ message: 'Basic Commands (Beginner):', commands: ['make', 'expose'] }],
  otherMessage: 'Other Commands:',
  commands: {},
  globalFlags: [{ name: 'namespace', short: 'n', type: 'string' }],
};

const cmd: CommandHelp = {
  short: 'Make a thing',
  long: `First paragraph,
    over two lines.

    Second paragraph.`,
  examples: `# Make one
    kubectl make one

    # Make two
    kubectl make two`,
  use: 'make NAME',
  aliases: ['mk'],
  flags: [
    { name: 'zeta', type: 'bool', default: true },
    { name: 'output', short: 'o', type: 'string' },
    { name: 'count', type: 'int', default: '-1' },
    { name: 'old', type: 'bool' },
    { name: 'wait-for', type: 'duration' },
    { name: 'file', short: 'f', type: 'stringArray' },
  ],
  flagDocs: {
    zeta: { usage: 'Zeta.' },
    output: { usage: 'Output\nformat.' },
    count: { usage: 'How many.' },
    old: { usage: 'Old.', deprecated: true },
    'wait-for': { usage: 'How long.' },
    file: { usage: 'Files.' },
  },
};

describe('help pages', () => {
  it('a command: summary, paragraphs led by a space, aliases, examples, sorted options, usage, options tip', () => {
    expect(renderCommand(program, ['make'], cmd)).toBe(
      'Make a thing.\n\n' +
        ' First paragraph, over two lines.\n\n' +
        ' Second paragraph.\n\n' +
        'Aliases:\nmake, mk\n\n' +
        'Examples:\n  # Make one\n  kubectl make one\n  \n  # Make two\n  kubectl make two\n\n' +
        'Options:\n' +
        '    --count=-1:\n\tHow many.\n\n' +
        '    -f, --file=[]:\n\tFiles.\n\n' +
        "    -o, --output='':\n\tOutput format.\n\n" +
        '    --wait-for=0s:\n\tHow long.\n\n' +
        '    --zeta=true:\n\tZeta.\n\n' +
        'Usage:\n  kubectl make NAME [options]\n\n' +
        'Use "kubectl options" for a list of global command-line options (applies to all commands).\n',
    );
  });

  it('a parent command lists its subcommands padded to at least 11 and points at their help', () => {
    const parent: CommandHelp = { short: 'Group', summary: 'Group things.', use: 'group SUBCOMMAND', subcommands: { b: { short: 'Bee', use: 'b' }, a: { short: 'Ay', use: 'a' } } };
    expect(renderCommand(program, ['group'], parent)).toBe(
      'Group things.\n\n' +
        'Available Commands:\n  a             Ay\n  b             Bee\n\n' +
        'Usage:\n  kubectl group SUBCOMMAND [options]\n\n' +
        'Use "kubectl group <command> --help" for more information about a given command.\n' +
        'Use "kubectl options" for a list of global command-line options (applies to all commands).\n',
    );
  });

  it('a subcommand shows its full command path; [flags] only when the usage line asks for it', () => {
    const sub: CommandHelp = { short: 'Sub', use: 'sub X', flagsInUseLine: true, flags: [{ name: 'q', type: 'bool' }], flagDocs: { q: { usage: 'Q.' } } };
    expect(renderCommand(program, ['group', 'sub'], sub)).toContain('Usage:\n  kubectl group sub X [flags] [options]\n\n');
  });

  it('a program without an options command ends with the usage line', () => {
    const sim: ProgramHelp = { ...program, name: 'sim', globalFlags: [] };
    expect(renderCommand(sim, ['now'], { short: 'Print now', use: 'now' })).toBe('Print now.\n\nUsage:\n  sim now\n');
  });

  it('the top level lists the groups with the commands we have, then the others sorted', () => {
    const p: ProgramHelp = { ...program, commands: { zap: { short: 'Zap', use: 'zap' }, make: cmd, 'api-resources': { short: 'List', use: 'api-resources' } } };
    expect(renderProgram(p)).toBe(
      'kubectl controls things.\n\n More at: https://example.test/\n\n' +
        'Basic Commands (Beginner):\n  make            Make a thing\n\n' +
        'Other Commands:\n  api-resources   List\n  zap             Zap\n\n' +
        'Usage:\n  kubectl [flags] [options]\n\n' +
        'Use "kubectl <command> --help" for more information about a given command.\n' +
        'Use "kubectl options" for a list of global command-line options (applies to all commands).\n',
    );
    expect(renderProgram(p, true).startsWith('\n\nBasic Commands (Beginner):\n')).toBe(true);
  });

  it('kubectl options lists the global flags', () => {
    expect(renderOptions(program)).toBe("The following options can be passed to any command:\n\n    -n, --namespace='':\n\tThe namespace to work in (default: \"default\").\n\n");
  });

  it('a default kubectl shows differently from the spec is shown as kubectl shows it, quoted for strings', () => {
    const c: CommandHelp = { short: 'x', use: 'x', flagDocs: { 'field-manager': { usage: 'M.', value: 'kubectl-x' } } };
    expect(flagUsages(c, [{ name: 'field-manager', type: 'string' }])).toBe("    --field-manager='kubectl-x':\n\tM.\n\n");
  });

  it('kubectl --help names the command groups kubectl prints, in its order', () => {
    const text = renderProgram(KUBECTL_HELP);
    const headings = text.split('\n').filter((l) => l.endsWith(':') && !l.startsWith(' '));
    expect(headings).toEqual([
      'Basic Commands (Beginner):',
      'Basic Commands (Intermediate):',
      'Deploy Commands:',
      'Cluster Management Commands:',
      'Troubleshooting and Debugging Commands:',
      'Advanced Commands:',
      'Settings Commands:',
      'Other Commands:',
      'Usage:',
    ]);
    expect(text).toContain('\n  get             Display one or many resources\n');
    expect(text).toContain('\nOther Commands:\n  api-resources   Print the supported API resources on the server\n');
  });
});
