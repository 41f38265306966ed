/**
 * `kubectl create -f - [--validate] [--dry-run] [--save-config] [-o FORMAT]` (kubectl v1.34
 * `pkg/cmd/create/create.go: Complete, RunCreate`), and the dispatch to its generators:
 * `create namespace` (create-namespace.ts), `create deployment` (create-deployment.ts), the kinds
 * the playground does not serve (create-unserved.ts). Each object is created once; an existing
 * one is the API server's `AlreadyExists`. Objects fail independently and errors come out in
 * stream order, exit code 1. Only `--save-config` writes the last-applied annotation, as
 * upstream. The stored object lacks the manifest's zero values of `omitempty` fields, as the API
 * server's Go round trip drops them (manifest/omitempty.ts); the annotation keeps them. The POST
 * itself is request-body.ts `postObject`, shared with `replace --force`.
 *
 * Each object is printed as it is created, by one printer (create-printer.ts): the server's
 * answer, or under `--dry-run=client` the object as read from the manifest (its namespace filled
 * in, the annotation added). `-o yaml` puts `---` between the objects; there is no List.
 */
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { flagBool, GLOBAL_FLAGS, KUSTOMIZE_FLAG, parseFlags, type FlagSpec } from '../flags.js';
import { fail, OutputWriter, type ExecResult } from '../result.js';
import type { InputObject } from '../apply/input.js';
import { modifiedConfiguration } from '../apply/last-applied.js';
import { readVerbInput, VALIDATE_FLAG } from './apply.js';
import { checkErr, withSource, type CmdError } from './check-err.js';
import { createDeployment } from './create-deployment.js';
import { createNamespace } from './create-namespace.js';
import { completeCreate, type CreateOptions } from './create-printer.js';
import { createUnserved } from './create-unserved.js';
import { DRY_RUN_FLAG } from './dry-run.js';
import { PRINT_FLAGS } from './get-output.js';
import { postObject } from './request-body.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  VALIDATE_FLAG,
  { name: 'save-config', type: 'bool' },
  { name: 'field-manager', type: 'string' },
  ...PRINT_FLAGS,
  DRY_RUN_FLAG,
];

/**
 * cobra's `Find` under `create`: the first word that is neither a flag nor a flag's value names
 * the subcommand (`kubectl create --dry-run=client deployment web ...`); the rest are its words.
 */
function subcommandOf(argv: readonly string[]): { sub: string | undefined; rest: readonly string[] } {
  const specs = [...FLAGS, ...GLOBAL_FLAGS];
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i]!;
    if (w === '--') break;
    if (!w.startsWith('-') || w === '-') return { sub: w, rest: [...argv.slice(0, i), ...argv.slice(i + 1)] };
    const spec = w.startsWith('--') ? specs.find((s) => s.name === w.slice(2)) : w.length === 2 ? specs.find((s) => s.short === w[1]) : undefined;
    if (spec && spec.type !== 'bool') i++;
  }
  return { sub: undefined, rest: argv };
}

export const create: Verb = (ctx, argv): ExecResult => {
  const { sub, rest } = subcommandOf(argv);
  if (sub === 'namespace' || sub === 'ns') return createNamespace(ctx, rest);
  if (sub === 'deployment' || sub === 'deploy') return createDeployment(ctx, rest);
  const unserved = sub === undefined ? undefined : createUnserved(sub, rest);
  if (unserved) return unserved;
  const flags = parseFlags(argv, FLAGS, 'create');
  if ('error' in flags) return fail(flags.error);
  // CreateOptions.Complete: UsageErrorf(cmd, "Unexpected args: %v", args), then the dry-run
  // strategy, the printer and the validation directive.
  if (flags.args.length > 0) return fail(`error: Unexpected args: [${flags.args.join(' ')}]\nSee 'kubectl create -h' for help and examples`);
  const o = completeCreate(flags, ctx);
  if ('error' in o) return fail(o.error);
  const items = readVerbInput(ctx, flags, o.validate);
  if ('error' in items) return fail(items.error);
  if (items.length === 0) return fail('error: no objects passed to create');
  const w = new OutputWriter();
  const errors: CmdError[] = [];
  for (const item of items) {
    if ('error' in item) {
      errors.push({ message: item.error });
      continue;
    }
    // The server's warnings come with its answer, before kubectl prints the object.
    const out = createObject(ctx, item, { ...o, saveConfig: flagBool(flags, 'save-config') });
    w.warn(out.stderr);
    w.print(out.stdout);
    if (out.error) errors.push(out.error);
  }
  w.warn(checkErr(errors));
  return w.result(errors.length > 0 ? 1 : 0);
};

function createObject(ctx: VerbContext, item: InputObject, o: CreateOptions & { readonly saveConfig: boolean }): { stdout: string; stderr: string; error?: CmdError } {
  const { info, name, source } = item;
  // keys written twice never reach the server: kubectl's YAML-to-JSON step keeps the last one
  const sent = o.saveConfig ? modifiedConfiguration(item.obj).modified : item.obj;
  const out = postObject(ctx, item, sent, o.validate, o.dryRun, 'kubectl create');
  if (out.error) return { stdout: '', stderr: out.warnings, error: { status: withSource('creating', source, out.error) } };
  const answer = out.created ? { obj: out.created, ref: `${kubectlKindPrefix(out.created.kind)}/${out.created.metadata.name}` } : { obj: sent, ref: `${kubectlKindPrefix(info.kind)}/${name}` };
  // A printer's error (a JSONPath that fails on this object) joins the others; the object stays created.
  const printed = o.print({ ...answer, typed: false });
  return { stdout: printed.stdout, stderr: out.warnings, ...(printed.error ? { error: { message: printed.error } } : {}) };
}
