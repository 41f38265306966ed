/**
 * `kubectl create deployment NAME --image=IMAGE [--image=...] [-r N] [--port=N] [-o FORMAT]
 * [--dry-run=client] [-- COMMAND [ARGS...]]` (alias `deploy`; kubectl v1.34
 * `pkg/cmd/create/create_deployment.go`: `NewCmdCreateDeployment`, `Complete`, `Validate`, `Run`,
 * `createDeployment`, `buildPodSpec`, `sanitizeAndUniquify`).
 *
 * The playground serves no Deployments, but a learner writing a DaemonSet starts here: with
 * `--dry-run=client -o yaml` kubectl only prints the object it built, a manifest to edit into a
 * DaemonSet. Every other run POSTs it and meets the API server's missing route, as
 * create-unserved.ts words it. Checks, in kubectl's order: pflag's values (`--image` as CSV,
 * `--port` and `-r` as int32), cobra's required `--image`, exactly one NAME before `--`, the
 * dry-run strategy, the printer, `--validate`, then several images with a command.
 *
 * The object: labels and selector `app=NAME`, `replicas` (1 unless `-r`), `strategy: {}`, one
 * container per image named after the image's last path part without tag or digest (`.` and `_`
 * become `-` and a random 5-character suffix is added), `resources: {}`, the command on every
 * container, `--port` on the first. `-n` puts the namespace in the metadata. v1.34 writes no
 * `creationTimestamp: null` (apimachinery v0.34 tags it `omitzero`, kubernetes#130989); kubectl
 * 1.32 still prints it, in the metadata and in the template's.
 */
import { newRngState, randomSuffix, type RngState } from '../../sim/engine/rng.js';
import type { Verb } from '../context.js';
import { flagArray, flagBool, parseFlags, parseGoIntFlag, type FlagSpec, type ParsedFlags } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { readStringSlice } from '../string-slice.js';
import { withTypedLastApplied } from '../apply/last-applied.js';
import { nameFromArgs } from './create-name.js';
import { completeCreate, printOne } from './create-printer.js';
import { noRouteFailure } from './create-unserved.js';
import { VALIDATE_FLAG } from './apply.js';
import { DRY_RUN_FLAG } from './dry-run.js';
import { PRINT_FLAGS } from './get-output.js';
import { commandNamespace } from './targets.js';

export const DEPLOYMENT_FLAGS: readonly FlagSpec[] = [
  ...PRINT_FLAGS,
  { name: 'save-config', type: 'bool' },
  VALIDATE_FLAG,
  DRY_RUN_FLAG,
  { name: 'image', type: 'stringArray' },
  { name: 'port', type: 'int', default: '-1' },
  { name: 'replicas', short: 'r', type: 'int', default: '1' },
  { name: 'field-manager', type: 'string' },
];

const COMMAND = 'create deployment';

/** What the command line asks for: `CreateDeploymentOptions` after `Complete`. */
interface DeploymentOptions {
  readonly name: string;
  readonly namespace: string | undefined;
  readonly images: readonly string[];
  readonly port: number;
  readonly replicas: number;
  readonly command: readonly string[];
}

export const createDeployment: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, DEPLOYMENT_FLAGS, COMMAND);
  if ('error' in flags) return fail(flags.error);
  const values = flagValues(flags);
  if ('error' in values) return fail(values.error);
  // cobra's ValidateRequiredFlags, before Run.
  if (!flags.visited.some(([name]) => name === 'image')) return fail('error: required flag(s) "image" not set');
  const name = nameFromArgs(flags.args, flags.argsLenAtDash, 'deployment');
  if (typeof name !== 'string') return fail(name.error);
  const completed = completeCreate(flags, ctx);
  if ('error' in completed) return fail(completed.error);
  const { dryRun, print } = completed;
  const command = flags.args.slice(1);
  if (values.images.length > 1 && command.length > 0) return fail('error: cannot specify multiple --image options and command');
  if (dryRun !== 'client') return noRouteFailure('failed to create deployment: ');
  const ns = commandNamespace(flags);
  const options = { ...values, name, namespace: ns.explicit ? ns.namespace : undefined, command };
  // kubectl draws the suffix from its own random source; a copy of the cluster's seeded one keeps
  // a replayed session's output the same and leaves the cluster's sequence where it was.
  const built = buildDeployment(options, newRngState(ctx.cluster.rng.s));
  const deployment = flagBool(flags, 'save-config') ? withTypedLastApplied(built) : built;
  return printOne(print, { obj: deployment, ref: `deployment.apps/${name}`, typed: true });
};

/** The values pflag parses as it reads the flags, in command-line order: the first bad one is the error. */
function flagValues(flags: ParsedFlags): { images: string[]; port: number; replicas: number } | { error: string } {
  let port = -1;
  let replicas = 1;
  for (const [name, text] of flags.visited) {
    if (name !== 'port' && name !== 'replicas') continue;
    const n = parseGoIntFlag(COMMAND, name, text, { bits: 32, ...(name === 'replicas' ? { short: 'r' } : {}) });
    if (typeof n !== 'number') return n;
    if (name === 'port') port = n;
    else replicas = n;
  }
  const images = readStringSlice(COMMAND, 'image', flagArray(flags, 'image'));
  return 'error' in images ? images : { images, port, replicas };
}

/** `createDeployment`: the `appsv1.Deployment` in its Go field order. */
function buildDeployment(o: DeploymentOptions, rng: RngState) {
  const labels = { app: o.name };
  const containers = o.images.map((image, i) => ({
    name: containerName(image, rng),
    ...(image !== '' ? { image } : {}),
    ...(o.command.length > 0 ? { command: [...o.command] } : {}),
    ...(i === 0 && o.port >= 0 ? { ports: [{ containerPort: o.port }] } : {}),
    resources: {},
  }));
  return {
    kind: 'Deployment',
    apiVersion: 'apps/v1',
    metadata: { ...(o.name !== '' ? { name: o.name } : {}), ...(o.namespace !== undefined ? { namespace: o.namespace } : {}), labels },
    spec: { replicas: o.replicas, selector: { matchLabels: labels }, template: { metadata: { labels }, spec: { containers } }, strategy: {} },
    status: {},
  };
}

/** `buildPodSpec`'s container name: the last path part without tag or digest, then `sanitizeAndUniquify`. */
function containerName(image: string, rng: RngState): string {
  const name = image.split('/').pop()!.split(':')[0]!.split('@')[0]!;
  return /[_.]/.test(name) ? `${name.replace(/[_.]/g, '-')}-${randomSuffix(rng, 5)}` : name;
}
