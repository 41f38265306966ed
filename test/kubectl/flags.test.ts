/** pflag's reading of shorthand flags: several in one word (`-it`), a value glued on (`-nkube-system`), and its errors. */
import { describe, expect, it } from 'vitest';
import { parseFlags, type FlagSpec } from '../../src/kubectl/flags.js';

const SPECS: readonly FlagSpec[] = [
  { name: 'stdin', short: 'i', type: 'bool' },
  { name: 'tty', short: 't', type: 'bool' },
  { name: 'output', short: 'o', type: 'string' },
];

const parse = (...argv: string[]) => parseFlags(argv, SPECS, 'run');

describe('parseFlags: shorthands', () => {
  it('reads bool shorthands in a row, the last one may take a value from the rest of the word or the next word', () => {
    const a = parse('-it', 'web');
    expect('error' in a ? a : a.visited).toEqual([['stdin', 'true'], ['tty', 'true']]);
    const b = parse('-ito', 'yaml');
    expect('error' in b ? b : b.visited).toEqual([['stdin', 'true'], ['tty', 'true'], ['output', 'yaml']]);
    const c = parse('-iojson', '-nkube-system', '-o=name');
    expect('error' in c ? c : c.visited).toEqual([['stdin', 'true'], ['output', 'json'], ['namespace', 'kube-system'], ['output', 'name']]);
  });

  it('names an unknown shorthand with the rest of its word, and a missing value, as pflag does', () => {
    expect(parse('-ix')).toEqual({ error: "error: unknown shorthand flag: 'x' in -x\nSee 'kubectl run --help' for usage." });
    expect(parse('-x')).toEqual({ error: "error: unknown shorthand flag: 'x' in -x\nSee 'kubectl run --help' for usage." });
    expect(parse('-io')).toEqual({ error: "error: flag needs an argument: 'o' in -o\nSee 'kubectl run --help' for usage." });
  });
});

describe('parseFlags: bool values', () => {
  const specs: readonly FlagSpec[] = [...SPECS, { name: 'overwrite', type: 'bool' }];
  const values = (...argv: string[]) => {
    const r = parseFlags(argv, specs, 'label');
    return 'error' in r ? r.error : [r.values.get('overwrite'), r.values.get('stdin')];
  };

  it('takes every spelling strconv.ParseBool reads, long or short', () => {
    expect(values('--overwrite=T', '-i=0')).toEqual([true, false]);
    expect(values('--overwrite=False', '--stdin=1')).toEqual([false, true]);
  });

  it('refuses any other value, naming the flag with its shorthand as pflag does (recorded from kubectl 1.32)', () => {
    const usage = "\nSee 'kubectl label --help' for usage.";
    expect(values('--overwrite=yes')).toBe(`error: invalid argument "yes" for "--overwrite" flag: strconv.ParseBool: parsing "yes": invalid syntax${usage}`);
    expect(values('--stdin=x')).toBe(`error: invalid argument "x" for "-i, --stdin" flag: strconv.ParseBool: parsing "x": invalid syntax${usage}`);
    expect(values('-i=x')).toBe(`error: invalid argument "x" for "-i, --stdin" flag: strconv.ParseBool: parsing "x": invalid syntax${usage}`);
  });
});

describe('-k, --kustomize', () => {
  it('is understood by every verb kubectl gives it, and refused: with -f beside it as FilenameOptions refuses it (recorded from kubectl 1.32)', async () => {
    const { exec } = await import('../../src/kubectl/exec.js');
    const { createCluster } = await import('../../src/sim/index.js');
    const refusal = 'error: -k (kustomize) is not available in this playground: kustomizations are not modelled; write the objects into a manifest and use -f\n';
    const verbs = ['apply', 'create', 'delete', 'describe', 'diff', 'get', 'label', 'annotate', 'patch', 'replace', 'rollout status', 'rollout history', 'rollout undo', 'rollout restart', 'rollout pause', 'rollout resume', 'set image', 'scale'];
    for (const verb of verbs) {
      const c = createCluster();
      // diff exits 2 on an error, as CheckDiffErr does (1 means differences).
      expect(exec(c, `kubectl ${verb} -k ./overlays/dev`), verb).toEqual({ exitCode: verb === 'diff' ? 2 : 1, stdout: '', stderr: refusal });
      expect(exec(c, `kubectl ${verb} --kustomize=. -f agent.yaml`).stderr, verb).toBe('error: only one of -f or -k can be specified\n');
    }
  });
});

describe('flags written bare: pflag NoOptDefVal', () => {
  it('--dry-run alone is client and takes no value from the next word; --cascade and --validate alone are their defaults', async () => {
    const { exec } = await import('../../src/kubectl/exec.js');
    const { createCluster } = await import('../../src/sim/index.js');
    const c = createCluster();
    // kubectl 1.32 `create ns x --dry-run -o name` printed namespace/x, and klog's deprecation warning (verbs/dry-run.test.ts).
    expect(exec(c, 'kubectl create namespace x --dry-run -o name').stdout).toBe('namespace/x\n');
    expect(c.store.get('Namespace', '', 'x')).toBeUndefined();
    // With NoOptDefVal the next word is an argument, not the value: two names for one.
    expect(exec(c, 'kubectl create namespace x --dry-run client').stderr).toContain('exactly one NAME is required, got 2');
    exec(c, 'kubectl create namespace y');
    expect(exec(c, 'kubectl delete namespace y --cascade --wait=false').stdout).toBe('namespace "y" deleted\n');
    expect(exec(c, 'kubectl apply --validate -f - --dry-run=client -o name', 'apiVersion: v1\nkind: Namespace\nmetadata: {name: z}\n').stdout).toBe('namespace/z\n');
  });
});
