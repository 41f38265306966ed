/**
 * `mayAskForHelp` decides whether exec needs the help part before a line runs: it must say yes
 * for every line the help pages answer (a superset is harmless, a miss would run a verb instead
 * of printing its help), and know every kubectl command that only groups subcommands.
 */
import { describe, expect, it } from 'vitest';
import { GROUP_COMMANDS, mayAskForHelp, namespaceFlagsAfterVerb } from '../../src/kubectl/command-words.js';
import { helpFor } from '../../src/kubectl/help/dispatch.js';
import { KUBECTL_HELP } from '../../src/kubectl/help/kubectl/index.js';
import type { CommandHelp, ProgramHelp } from '../../src/kubectl/help/types.js';
import { SIM_HELP } from '../../src/kubectl/sim/help.js';
import { splitArgs } from '../../src/kubectl/shell-words.js';

function paths(program: ProgramHelp): string[][] {
  const out: string[][] = [];
  const walk = (path: string[], cmd: CommandHelp) => {
    out.push(path);
    for (const [name, sub] of Object.entries(cmd.subcommands ?? {})) walk([...path, name], sub);
  };
  for (const [name, cmd] of Object.entries(program.commands)) walk([name], cmd);
  return out;
}

const words = (line: string): readonly string[] => {
  const w = splitArgs(line) as string[];
  return w[0] === 'kubectl' ? namespaceFlagsAfterVerb(w) : w;
};

describe('mayAskForHelp', () => {
  it('is true for every line the help pages answer', () => {
    const lines = ['help', 'kubectl', 'sim', 'kubectl options', 'kubectl help nothing-here', 'kubectl -h'];
    for (const [name, program] of [['kubectl', KUBECTL_HELP], ['sim', SIM_HELP]] as const) {
      for (const path of paths(program)) {
        const p = path.join(' ');
        lines.push(`${name} ${p}`, `${name} ${p} -h`, `${name} ${p} --help`, `${name} ${p} x --help=true`, `${name} help ${p}`, `${name} ${p} -n x`, `${name} -n x ${p} -h`);
      }
    }
    const answered = lines.filter((line) => {
      const w = words(line);
      return helpFor(w[0]!, w.slice(1)) !== undefined;
    });
    expect(answered.length).toBeGreaterThan(100);
    expect(answered.filter((line) => !mayAskForHelp(words(line)))).toEqual([]);
  });

  it('is false for the lines that run a verb', () => {
    for (const line of ['kubectl get pods', 'kubectl rollout status ds/a', 'kubectl -n x get pods -l app=a', 'sim node add a', 'sim advance 5m', 'ls']) {
      expect(mayAskForHelp(words(line)), line).toBe(false);
    }
  });

  it('knows every kubectl command that only groups subcommands', () => {
    const groups = Object.entries(KUBECTL_HELP.commands).filter(([, c]) => c.subcommands && !c.flags).map(([n]) => n);
    expect(groups.sort()).toEqual([...GROUP_COMMANDS].sort());
  });
});

describe('namespaceFlagsAfterVerb', () => {
  it('moves the namespace flags written before the verb after it, ahead of a --', () => {
    expect(namespaceFlagsAfterVerb(['kubectl', '-n', 'x', 'get', 'pods'])).toEqual(['kubectl', 'get', 'pods', '-n', 'x']);
    expect(namespaceFlagsAfterVerb(['kubectl', '-n', 'x', 'create', 'deploy', 'a', '--image=b', '--', 'sleep', '1'])).toEqual([
      'kubectl',
      'create',
      'deploy',
      'a',
      '--image=b',
      '-n',
      'x',
      '--',
      'sleep',
      '1',
    ]);
    const plain = ['kubectl', 'get', 'pods', '--', '-n'];
    expect(namespaceFlagsAfterVerb(plain)).toBe(plain);
  });
});
