/**
 * `kubectl create namespace NAME [--dry-run=client|server|none] [-o FORMAT] [--save-config]`
 * (kubectl v1.34 `pkg/cmd/create/create_namespace.go`: `NamespaceOptions.Complete`, `Validate`,
 * `Run`, `createNamespace`). kubectl builds a typed `corev1.Namespace` holding only its name and
 * POSTs it with the typed client; `--dry-run=client` prints the object as built, anything else
 * prints the server's answer, a typed object too, so `-o json` keeps the struct's field order.
 *
 * v1.34 prints no `creationTimestamp: null` for the object as built: apimachinery v0.34 tags
 * `ObjectMeta.CreationTimestamp` `omitzero` (kubernetes#130989); kubectl 1.32 still prints it.
 */
import type { Namespace } from '../../sim/api/types.js';
import type { VerbContext } from '../context.js';
import { flagBool, parseFlags, type FlagSpec } from '../flags.js';
import { typedMeta, pick, type Json } from '../print/typed-meta.js';
import { fail, type ExecResult } from '../result.js';
import { withTypedLastApplied } from '../apply/last-applied.js';
import { checkErr } from './check-err.js';
import { nameFromArgs } from './create-name.js';
import { completeCreate, printOne } from './create-printer.js';
import { VALIDATE_FLAG } from './apply.js';
import { DRY_RUN_FLAG } from './dry-run.js';
import { PRINT_FLAGS } from './get-output.js';

export const NS_FLAGS: readonly FlagSpec[] = [
  ...PRINT_FLAGS,
  { name: 'save-config', type: 'bool' },
  VALIDATE_FLAG,
  DRY_RUN_FLAG,
  { name: 'field-manager', type: 'string' },
];

/** `kubectl create namespace NAME`. */
export function createNamespace(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const flags = parseFlags(argv, NS_FLAGS, 'create namespace');
  if ('error' in flags) return fail(flags.error);
  const name = nameFromArgs(flags.args, flags.argsLenAtDash, 'namespace');
  if (typeof name !== 'string') return fail(name.error);
  const completed = completeCreate(flags, ctx);
  if ('error' in completed) return fail(completed.error);
  const { dryRun, print } = completed;
  if (name === '') return fail('error: name must be specified');
  const built = { kind: 'Namespace' as const, apiVersion: 'v1', metadata: { name }, spec: {}, status: {} };
  const draft = flagBool(flags, 'save-config') ? withTypedLastApplied(built) : built;
  if (dryRun === 'client') return printOne(print, { obj: draft, ref: `namespace/${name}`, typed: true });
  const r = dryRun === 'server' ? ctx.cluster.api.create(draft, { dryRun: true }) : ctx.client.create(draft, `kubectl create namespace ${name}`);
  if (!r.ok) return { exitCode: 1, stdout: '', stderr: checkErr([{ status: r.error }]) };
  return printOne(print, { obj: typedNamespace(r.obj), ref: `namespace/${r.obj.metadata.name}`, typed: true });
}

/** The API server's Namespace as the typed client decodes it: `corev1.Namespace` field order. */
function typedNamespace(ns: Namespace): Json {
  const conditions = ns.status.conditions?.map((c) => pick(c, ['type', 'status', 'lastTransitionTime', 'reason', 'message']));
  return {
    kind: 'Namespace',
    apiVersion: 'v1',
    metadata: typedMeta(ns.metadata),
    spec: pick(ns.spec, ['finalizers']),
    status: { ...pick(ns.status, ['phase']), ...(conditions?.length ? { conditions } : {}) },
  };
}
