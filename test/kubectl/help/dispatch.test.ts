/** Which lines ask for help (cobra's help flag, help command and Find), through `exec`. */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { createCluster } from '../../../src/sim/index.js';

const run = (line: string) => exec(createCluster(), line);

describe('help requests', () => {
  it('kubectl, kubectl -h, kubectl --help and kubectl help print the command groups on stdout', () => {
    const page = run('kubectl --help');
    expect(page.exitCode).toBe(0);
    expect(page.stderr).toBe('');
    expect(page.stdout.startsWith('kubectl controls the Kubernetes cluster manager.\n')).toBe(true);
    for (const line of ['kubectl', 'kubectl -h', 'kubectl help']) expect(run(line)).toEqual(page);
  });

  it('VERB -h, VERB --help and help VERB give the same page, wherever the flag is', () => {
    const page = run('kubectl get -h');
    expect(page.exitCode).toBe(0);
    expect(page.stdout.startsWith('Display one or many resources.\n\n')).toBe(true);
    expect(page.stdout).toContain('\nUsage:\n  kubectl get ');
    for (const line of ['kubectl get --help', 'kubectl help get', 'kubectl get pods -o wide -h', 'kubectl get --help=true']) expect(run(line), line).toEqual(page);
  });

  it('subcommands are found by name or alias, also among other words and flags', () => {
    expect(run('kubectl rollout status -h').stdout.startsWith('Show the status of the rollout.\n')).toBe(true);
    expect(run('kubectl rollout -n kube-system status ds/x -h').stdout.startsWith('Show the status of the rollout.\n')).toBe(true);
    expect(run('kubectl help rollout status')).toEqual(run('kubectl rollout status --help'));
    expect(run('kubectl set image -h').stdout.startsWith('Update existing container image(s) of resources.\n')).toBe(true);
    const ns = run('kubectl create ns -h');
    expect(ns.stdout.startsWith('Create a namespace with the specified name.\n')).toBe(true);
    expect(ns.stdout).toContain('\nAliases:\nnamespace, ns\n');
    expect(ns).toEqual(run('kubectl create namespace --help'));
    expect(run('sim node add -h').stdout.startsWith('A machine joins the cluster.\n')).toBe(true);
    expect(run('sim help node add')).toEqual(run('sim node add --help'));
  });

  it('a flag value that reads -h is a value, and nothing after -- is a flag', () => {
    const sel = run('kubectl get pods -l -h');
    expect(sel.stdout).not.toContain('Display one or many resources.');
    expect(sel.stderr).not.toBe('');
    expect(run('kubectl label nodes n1 a=b -- -h').stdout).not.toContain('Update the labels on a resource.');
  });

  it('a kubectl command that only groups subcommands prints its page on stderr and exits 1', () => {
    const r = run('kubectl rollout');
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.startsWith('Manage the rollout of one or many resources.\n')).toBe(true);
    expect(r.stderr).toContain('Use "kubectl rollout <command> --help" for more information about a given command.\n');
    expect(run('kubectl set').stderr.startsWith('Configure application resources.\n')).toBe(true);
    expect(run('kubectl rollout bogus').stderr).toBe('error: unknown command "bogus"\nSee \'kubectl rollout -h\' for help and examples\n');
  });

  it('an unknown help topic says so and lists the commands, on stderr', () => {
    const r = run('kubectl help frobnicate');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr.startsWith('Unknown help topic [`frobnicate`]\n\n\nBasic Commands (Beginner):\n')).toBe(true);
  });

  it('kubectl options lists the global flags; sim has its own groups', () => {
    expect(run('kubectl options').stdout.startsWith('The following options can be passed to any command:\n\n    -n, --namespace=\'\':\n')).toBe(true);
    const sim = run('sim');
    expect(sim.exitCode).toBe(0);
    expect(sim.stdout.startsWith('sim does to the cluster what no kubectl command can')).toBe(true);
    expect(sim.stdout).toContain('\nUse "sim <command> --help" for more information about a given command.\n');
    expect(sim.stdout).not.toContain('kubectl options');
    expect(run('sim --help')).toEqual(sim);
  });

  it('a bare help points at both programs', () => {
    const r = run('help');
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toContain('kubectl --help');
    expect(r.stdout).toContain('sim --help');
    expect(r.stdout).toContain('brace ranges (kubectl cordon node-{1..3})');
    expect(r.stdout).toContain('"> FILE"');
  });

  it('an unknown verb still gets kubectl\'s error, whose hint now works', () => {
    const r = run('kubectl frobnicate -h');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe('error: unknown command "frobnicate" for "kubectl"\nRun \'kubectl --help\' for usage.\n');
  });

  it('sim verbs parse their own flags only, and point at sim help', () => {
    const r = run('sim node add node-1 -n kube-system');
    expect(r.exitCode).toBe(1);
    expect(r.stderr).toBe("error: unknown shorthand flag: 'n' in -n\nSee 'sim node add --help' for usage.\n");
    expect(run('sim advance --bogus').stderr).toBe("error: unknown flag: --bogus\nSee 'sim advance --help' for usage.\n");
  });

  it('-A is a flag of the verbs that list across namespaces only', () => {
    expect(run('kubectl get pods -A').exitCode).toBe(0);
    expect(run('kubectl cordon node-1 -A').stderr).toBe("error: unknown shorthand flag: 'A' in -A\nSee 'kubectl cordon --help' for usage.\n");
  });
});
