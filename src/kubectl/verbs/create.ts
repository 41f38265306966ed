/**
 * `kubectl create -f - [--validate] [--dry-run] [--save-config]` and
 * `kubectl create namespace NAME [--dry-run]` (kubectl `pkg/cmd/create/create.go: RunCreate`,
 * `create_namespace.go`). Each object is created once; an existing one is the API server's
 * `AlreadyExists`. Objects fail independently and errors come out in stream order, exit code 1.
 * Only `--save-config` writes the last-applied annotation, as upstream. The stored object lacks
 * the manifest's zero values of `omitempty` fields, as the API server's Go round trip drops them
 * (manifest/omitempty.ts); the annotation keeps them. The POST itself is request-body.ts
 * `postObject`, shared with `replace --force`.
 */
import type { ValidateMode } from '../../manifest/index.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { flagBool, parseFlags, type FlagSpec } from '../flags.js';
import { fail, OutputWriter, type ExecResult } from '../result.js';
import type { InputObject } from '../apply/input.js';
import { modifiedConfiguration } from '../apply/last-applied.js';
import { readVerbInput, validationDirective } from './apply.js';
import { checkErr, withSource, type CmdError } from './check-err.js';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, type DryRun } from './dry-run.js';
import { createUnserved } from './create-unserved.js';
import { postObject } from './request-body.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  { name: 'validate', type: 'string', default: 'strict' },
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string' },
  DRY_RUN_FLAG,
];

export const create: Verb = (ctx, argv): ExecResult => {
  const [sub, ...rest] = argv;
  if (sub === 'namespace' || sub === 'ns') return createNamespace(ctx, rest);
  const unserved = sub === undefined ? undefined : createUnserved(sub, rest);
  if (unserved) return unserved;
  const flags = parseFlags(argv, FLAGS, 'create');
  if ('error' in flags) return fail(flags.error);
  const dryRun = dryRunStrategy(flags);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const validate = validationDirective(flags);
  if (typeof validate !== 'string') return fail(validate.error);
  // CreateOptions.RunCreate: UsageErrorf(cmd, "Unexpected args: %v", args).
  if (flags.args.length > 0) return fail(`error: Unexpected args: [${flags.args.join(' ')}]\nSee 'kubectl create -h' for help and examples`);
  const items = readVerbInput(ctx, flags, validate);
  if ('error' in items) return fail(items.error);
  if (items.length === 0) return fail('error: no objects passed to create');
  const w = new OutputWriter();
  const errors: CmdError[] = [];
  for (const item of items) {
    if ('error' in item) {
      errors.push({ message: item.error });
      continue;
    }
    // The server's warnings come with its answer, before kubectl prints the object's line.
    const out = createObject(ctx, item, validate, dryRun, flagBool(flags, 'save-config'));
    w.warn(out.stderr);
    w.print(out.stdout);
    if (out.error) errors.push(out.error);
  }
  w.warn(checkErr(errors));
  return w.result(errors.length > 0 ? 1 : 0);
};

function createObject(ctx: VerbContext, item: InputObject, validate: ValidateMode, dryRun: DryRun, saveConfig: boolean): { stdout: string; stderr: string; error?: CmdError } {
  const { info, name, source } = item;
  // keys written twice never reach the server: kubectl's YAML-to-JSON step keeps the last one
  const sent = saveConfig ? modifiedConfiguration(item.obj).modified : item.obj;
  const out = postObject(ctx, item, sent, validate, dryRun, 'kubectl create');
  if (out.error) return { stdout: '', stderr: out.warnings, error: { status: withSource('creating', source, out.error) } };
  const created = out.created ? `${kubectlKindPrefix(out.created.kind)}/${out.created.metadata.name}` : `${kubectlKindPrefix(info.kind)}/${name}`;
  return { stdout: `${created} created${dryRunSuffix(dryRun)}\n`, stderr: out.warnings };
}

export const NS_FLAGS: readonly FlagSpec[] = [DRY_RUN_FLAG, { name: 'field-manager', type: 'string' }, { name: 'save-config', type: 'bool' }];

/** `kubectl create namespace NAME`. */
function createNamespace(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const flags = parseFlags(argv, NS_FLAGS, 'create namespace');
  if ('error' in flags) return fail(flags.error);
  const dryRun = dryRunStrategy(flags);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  if (flags.args.length !== 1) {
    return fail(`error: exactly one NAME is required, got ${flags.args.length}\nSee 'kubectl create namespace -h' for help and examples`);
  }
  const name = flags.args[0]!;
  const done = `namespace/${name} created${dryRunSuffix(dryRun)}\n`;
  if (dryRun === 'client') return { exitCode: 0, stdout: done, stderr: '' };
  const draft = { apiVersion: 'v1', kind: 'Namespace' as const, metadata: { name }, spec: {} };
  const r = dryRun === 'server' ? ctx.cluster.api.create(draft, { dryRun: true }) : ctx.client.create(draft, `kubectl create namespace ${name}`);
  if (!r.ok) return { exitCode: 1, stdout: '', stderr: checkErr([{ status: r.error }]) };
  return { exitCode: 0, stdout: done, stderr: '' };
}
