/**
 * Help cannot drift from the parsers: every kubectl and sim verb (and each subcommand) has a help
 * entry, and the flags its page lists (plus the deprecated ones pflag hides) are exactly the
 * flags its parser is handed, seen by wrapping the parser itself while the verb runs.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FlagSpec } from '../../../src/kubectl/flags.js';

const seen: { specs: readonly FlagSpec[] | undefined } = { specs: undefined };

vi.mock('../../../src/kubectl/flags.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../src/kubectl/flags.js')>();
  return {
    ...real,
    parseFlags: (argv: readonly string[], specs: readonly FlagSpec[], command: string) => {
      seen.specs ??= specs;
      return real.parseFlags(argv, specs, command);
    },
    parseSimFlags: (argv: readonly string[], specs: readonly FlagSpec[], command: string) => {
      seen.specs ??= specs;
      return real.parseSimFlags(argv, specs, command);
    },
  };
});

// The verbs registered by test/setup-verbs.ts parse with the real flags module: start afresh so
// they are built on the wrapper above.
vi.resetModules();
(await import('../../../src/kubectl/parts/all.js')).registerAllParts();
const { exec } = await import('../../../src/kubectl/exec.js');
const { createCluster } = await import('../../../src/sim/index.js');
const { KUBECTL_VERBS } = await import('../../../src/kubectl/verbs/index.js');
const { SIM_VERBS } = await import('../../../src/kubectl/sim/index.js');
const { KUBECTL_HELP } = await import('../../../src/kubectl/help/kubectl/index.js');
const { UNMODELLED_KUBECTL_COMMANDS } = await import('../../../src/kubectl/unmodelled-commands.js');
const { SIM_HELP } = await import('../../../src/kubectl/sim/help.js');
const { flagDoc, visibleFlags } = await import('../../../src/kubectl/help/render.js');
type CommandHelp = import('../../../src/kubectl/help/types.js').CommandHelp;
type ProgramHelp = import('../../../src/kubectl/help/types.js').ProgramHelp;

/** Every command path of a program with its help entry: `['rollout', 'status']`, ... */
function commandPaths(program: ProgramHelp): { path: string[]; cmd: CommandHelp }[] {
  const out: { path: string[]; cmd: CommandHelp }[] = [];
  const walk = (path: string[], cmd: CommandHelp) => {
    out.push({ path, cmd });
    for (const [name, sub] of Object.entries(cmd.subcommands ?? {})) walk([...path, name], sub);
  };
  for (const [name, cmd] of Object.entries(program.commands)) walk([name], cmd);
  return out;
}

/** The flags the parser of `program path` is handed, or undefined when it never parses flags. */
function parserFlags(program: string, path: readonly string[]): string[] | undefined {
  seen.specs = undefined;
  exec(createCluster(), `${program} ${path.join(' ')} --no-such-flag-for-help-test`);
  const specs = seen.specs as readonly FlagSpec[] | undefined; // set by the parser wrapper while exec ran
  return specs?.map((s) => s.name).sort();
}

const PROGRAMS = [
  { name: 'kubectl', verbs: KUBECTL_VERBS, help: KUBECTL_HELP },
  { name: 'sim', verbs: SIM_VERBS, help: SIM_HELP },
] as const;

describe('help covers every verb and exactly the flags its parser accepts', () => {
  for (const { name, verbs, help } of PROGRAMS) {
    it(`every ${name} verb has a help entry, and help lists no verb that does not exist`, () => {
      const missing = Object.keys(verbs).filter((v) => !Object.prototype.hasOwnProperty.call(help.commands, v));
      expect(missing, `${name} verbs without help: add an entry to ${name === 'kubectl' ? 'src/kubectl/help/kubectl/' : 'src/kubectl/sim/help.ts'}`).toEqual([]);
      expect(Object.keys(help.commands).filter((v) => !Object.prototype.hasOwnProperty.call(verbs, v))).toEqual([]);
    });

    for (const { path, cmd } of commandPaths(help)) {
      const label = `${name} ${path.join(' ')}`;
      it(`${label}: help lists the flags the parser accepts, each described`, () => {
        const parsed = parserFlags(name, path);
        const listed = (cmd.flags ?? []).map((s) => s.name).sort();
        if (cmd.subcommands && !cmd.flags) {
          // A command that only groups subcommands parses nothing itself.
          expect(listed).toEqual([]);
          return;
        }
        expect(listed, `${label}: the flags help lists vs. the flags the parser reads`).toEqual(parsed ?? []);
        for (const spec of cmd.flags ?? []) {
          expect(flagDoc(cmd, spec)?.usage ?? '', `${label} --${spec.name} has no description`).not.toBe('');
          expect(spec.short, `${label} --${spec.name}: -h is help's`).not.toBe('h');
        }
        const hidden = (cmd.flags ?? []).filter((s) => !visibleFlags(cmd).includes(s));
        for (const spec of hidden) expect(flagDoc(cmd, spec)?.deprecated, `${label} --${spec.name} is hidden only when deprecated`).toBe(true);
      });
    }
  }

  it('every command the kubectl help groups name is a verb or says why the playground leaves it out', () => {
    const grouped = KUBECTL_HELP.groups.flatMap((g) => g.commands);
    const unexplained = grouped.filter((c) => !Object.hasOwn(KUBECTL_VERBS, c) && !Object.hasOwn(UNMODELLED_KUBECTL_COMMANDS, c));
    expect(unexplained, 'add each to src/kubectl/unmodelled-commands.ts').toEqual([]);
    expect(Object.keys(UNMODELLED_KUBECTL_COMMANDS).filter((c) => Object.hasOwn(KUBECTL_VERBS, c))).toEqual([]);
    const c = createCluster();
    exec(c, 'sim node add node-1');
    const rv = c.store.resourceVersion;
    expect(exec(c, 'kubectl edit node node-1')).toEqual({
      exitCode: 1,
      stdout: '',
      stderr: `error: "kubectl edit" is not available in this playground: ${UNMODELLED_KUBECTL_COMMANDS.edit}\n`,
    });
    expect(exec(c, 'kubectl exec --help').stderr).toMatch(/^error: "kubectl exec" is not available in this playground: the simulated containers run no processes/);
    expect(exec(c, 'kubectl frobnicate').stderr).toBe('error: unknown command "frobnicate" for "kubectl"\nRun \'kubectl --help\' for usage.\n');
    expect(c.store.resourceVersion).toBe(rv);
  });

  it('the global flags kubectl options lists are described', () => {
    for (const spec of KUBECTL_HELP.globalFlags) expect(flagDoc(undefined, spec)?.usage ?? '').not.toBe('');
    expect(KUBECTL_HELP.globalFlags.some((s) => s.short === 'h')).toBe(false);
  });

  it('the parser probe sees flag tables, and sees none for a verb that parses none', () => {
    expect(parserFlags('kubectl', ['cordon'])).toEqual(['dry-run', 'selector']);
    expect(parserFlags('sim', ['now'])).toBeUndefined();
  });
});
