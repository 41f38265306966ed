/**
 * kubectl apply's checks of --prune, --all, --prune-allowlist, --force, --cascade, --grace-period,
 * --timeout, --overwrite and --wait before anything is read or sent (apply.go `ToOptions` and
 * `Validate`). Every expected text was recorded from kubectl 1.32 (offline: these errors come
 * before any request), and every refused command leaves the cluster as it was.
 */
import { describe, expect, it } from 'vitest';
import { DS_YAML, expectUnchanged, fixture } from './mutating-fixture.js';

/** Runs `apply ARGS -f -` with the DaemonSet manifest and expects exit 1 with exactly `stderr`, nothing changed. */
function refused(args: string, stderr: string): void {
  const f = fixture();
  expectUnchanged(f.cluster, () => {
    expect(f.run(`kubectl apply ${args}`, DS_YAML)).toEqual({ exitCode: 1, stdout: '', stderr });
  });
}

const USAGE = "\nSee 'kubectl apply --help' for usage.\n";
const NO_SELECTOR =
  'error: all resources selected for prune without explicitly passing --all. To prune all resources, pass the --all flag. If you did not mean to prune all resources, specify a label selector\n';

describe('kubectl apply: ApplyOptions.Validate (recorded from kubectl 1.32)', () => {
  it('--force-conflicts first, --subresource last, both only with --server-side', () => {
    refused('--force-conflicts --prune -f -', 'error: --force-conflicts only works with --server-side\n');
    refused('--subresource=status --prune -f -', NO_SELECTOR);
    refused('--subresource=status -f -', 'error: --subresource can only be specified for --server-side\n');
  });
  it('--prune needs -l or --all', () => refused('--prune -f -', NO_SELECTOR));
  it('--all and -l exclude each other, with or without --prune', () => {
    refused('--prune --all -l a=b -f -', 'error: cannot set --all and --selector at the same time\n');
    refused('--all -l a=b -f -', 'error: cannot set --all and --selector at the same time\n');
  });
  it('--force cannot go with --prune (checked before the selector)', () => refused('--prune --force -f -', 'error: --force cannot be used with --prune\n'));
  it('--force cannot go with --dry-run=server, before the --prune checks', () => {
    refused('--force --dry-run=server -f -', 'error: --dry-run=server cannot be used with --force\n');
    refused('--force --prune --dry-run=server -f -', 'error: --dry-run=server cannot be used with --force\n');
  });
  it("kubectl's own --server-side checks come before the playground's refusal of --server-side", () => {
    refused('--force --server-side -f -', 'error: --force cannot be used with --server-side\n');
    refused('--dry-run=client --server-side --force -f -', "error: --dry-run=client doesn't work with --server-side (did you mean --dry-run=server instead?)\n");
    refused('--prune --server-side -l a=b -f -', "error: --prune is in alpha and doesn't currently work on objects created by server-side apply\n");
  });
});

describe('kubectl apply: ToOptions, in its order (recorded from kubectl 1.32)', () => {
  it('pflag refuses a bad --grace-period, --timeout, --overwrite or --wait value, the first on the line', () => {
    refused('--grace-period=1.5 -f -', `error: invalid argument "1.5" for "--grace-period" flag: strconv.ParseInt: parsing "1.5": invalid syntax${USAGE}`);
    refused('--timeout=x -f -', `error: invalid argument "x" for "--timeout" flag: time: invalid duration "x"${USAGE}`);
    refused('--grace-period=x --timeout=y -f -', `error: invalid argument "x" for "--grace-period" flag: strconv.ParseInt: parsing "x": invalid syntax${USAGE}`);
    refused('--timeout=y --grace-period=x -f -', `error: invalid argument "y" for "--timeout" flag: time: invalid duration "y"${USAGE}`);
    refused('--overwrite=maybe -f -', `error: invalid argument "maybe" for "--overwrite" flag: strconv.ParseBool: parsing "maybe": invalid syntax${USAGE}`);
    refused('--wait=x -f -', `error: invalid argument "x" for "--wait" flag: strconv.ParseBool: parsing "x": invalid syntax${USAGE}`);
  });

  it('a Go int literal is a grace period: 0x10 parses, and the prune check comes next', () => refused('--grace-period=0x10 --prune -f -', NO_SELECTOR));

  it('arguments, then --dry-run, then --cascade', () => {
    refused('x --prune -f -', "error: Unexpected args: [x]\nSee 'kubectl apply -h' for help and examples\n");
    refused('--cascade=maybe --dry-run=bad -f -', 'error: Invalid dry-run value (bad). Must be "none", "server", or "client".\n');
    refused('--cascade=maybe -f -', 'error: invalid cascade value (maybe). Must be "background", "foreground", or "orphan"\n');
  });

  it('a boolean --cascade warns at once, before a later error', () => {
    refused('--cascade=true --prune', 'warning: --cascade=true is deprecated (boolean value) and can be replaced with --cascade=background.\nerror: must specify one of -f and -k\n');
    refused(
      '--cascade=false --dry-run=client --all -l a=b -f -',
      'warning: --cascade=false is deprecated (boolean value) and can be replaced with --cascade=orphan.\nerror: cannot set --all and --selector at the same time\n',
    );
  });

  it('--validate, then the --prune-allowlist entries, then Validate', () => {
    refused('--prune --all --prune-allowlist=foo --validate=bad -f -', 'error: invalid - validate option "bad"; must be one of: strict (or true), warn, ignore (or false)\n');
    refused('--prune --all --prune-allowlist=foo --force -f -', 'error: invalid GroupVersionKind format: foo, please follow <group/version/kind>\n');
    refused('--prune --all --prune-allowlist=a/b/c/d -f -', 'error: invalid GroupVersionKind format: a/b/c/d, please follow <group/version/kind>\n');
  });

  it('the allowlist is only read with --prune', () => {
    const f = fixture();
    expect(f.run('kubectl apply --prune-allowlist=foo -f -', DS_YAML)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent created\n', stderr: '' });
  });
});

describe('kubectl apply: --prune-allowlist kinds (the REST mapper)', () => {
  // prune.ParseResources asks the mapper: kinds are case-sensitive, `core` is the core group.
  const modelled = 'This playground models pods, nodes, namespaces, events, daemonsets, controllerrevisions, priorityclasses ("kubectl api-resources" lists them).\n';
  it('a kind the cluster does not serve is the mapper\'s NoKindMatchError', () => {
    refused('--prune --all --prune-allowlist=core/v1/ConfigMap -f -', `error: no matches for kind "ConfigMap" in version "v1"\n${modelled}`);
    refused('--prune --all --prune-allowlist=core/v1/pod -f -', `error: no matches for kind "pod" in version "v1"\n${modelled}`);
    refused('--prune --all --prune-allowlist=apps/v2/DaemonSet -f -', `error: no matches for kind "DaemonSet" in version "apps/v2"\n${modelled}`);
  });

  it('an empty version takes the served one', () => {
    const f = fixture();
    expect(f.run('kubectl apply --prune --all --prune-allowlist=apps//DaemonSet -f -', DS_YAML)).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/log-agent created\n',
      stderr: '',
    });
  });
});

describe('kubectl apply: flags that change nothing on their own', () => {
  it('--all, --wait, --grace-period, --cascade and --timeout without --prune or --force apply as usual', () => {
    const f = fixture();
    expect(f.run('kubectl apply --all --wait --grace-period=0 --cascade=orphan --timeout=1m -f -', DS_YAML)).toEqual({
      exitCode: 0,
      stdout: 'daemonset.apps/log-agent created\n',
      stderr: '',
    });
  });
});
