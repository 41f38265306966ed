/**
 * The shared body of `kubectl label` and `kubectl annotate` (kubectl `pkg/cmd/label`:
 * `RunLabel`, `parseLabels`, `labelFunc`, `validateNoOverwrites`, `updateDataChangeMsg`;
 * `pkg/cmd/annotate`: `RunAnnotate`, `parseAnnotations`; `cmdutil.GetResourcesAndPairs`).
 *
 * `TYPE NAME... k=v k2-` (or `TYPE/NAME`, `-l`, `--all`): sets and removes keys of
 * `metadata.labels` / `metadata.annotations` through the API server's metadata write. A key that
 * already has a different value needs `--overwrite` (each verb words the refusal its own way). Label keys and values are checked as the
 * API server's `ValidateLabels` would, with its Invalid error.
 */
import type { ApiObject, Kind } from '../../sim/api/types.js';
import { isQualifiedName } from '../../sim/api/labels.js';
import { invalid } from '../../sim/apiserver/errors.js';
import { kubectlKindPrefix, qualifiedKind } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { goJson } from '../apply/json.js';
import { checkErr, type CmdError } from './check-err.js';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix } from './dry-run.js';
import { commandNamespace, resolveTargets } from './targets.js';

export interface MetadataEdit {
  readonly command: 'label' | 'annotate';
  readonly field: 'labels' | 'annotations';
  /** Parses the `k=v` / `k-` words into additions and removals, or returns kubectl's error. */
  parse(pairs: readonly string[]): { set: Map<string, string>; remove: string[] } | { error: string };
  /** The operation printed after `kind/name`, from the maps before and after. */
  operation(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>, overwrite: boolean): string;
  /** Without `--overwrite`: kubectl's errors for keys that already have another value, if any. */
  overwriteErrors(before: Readonly<Record<string, string>>, set: ReadonlyMap<string, string>): string[];
}

export const FLAGS: readonly FlagSpec[] = [
  { name: 'overwrite', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
  DRY_RUN_FLAG,
];

/** `GetResourcesAndPairs`: resource words first, then `k=v` / `k-` words. */
export function splitResourcesAndPairs(args: readonly string[], pairType: string): { resources: string[]; pairs: string[] } | { error: string } {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const s of args) {
    const isPair = (s.includes('=') && !s.startsWith('=')) || (s.endsWith('-') && s !== '-');
    if (isPair) pairs.push(s);
    else if (pairs.length > 0) return { error: `error: all resources must be specified before ${pairType} changes: ${s}` };
    else resources.push(s);
  }
  return { resources, pairs };
}

export function runMetadataEdit(ctx: VerbContext, argv: readonly string[], edit: MetadataEdit): ExecResult {
  const flags = parseFlags(argv, FLAGS, edit.command);
  if ('error' in flags) return fail(flags.error);
  const dryRun = dryRunStrategy(flags);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const split = splitResourcesAndPairs(flags.args, edit.command === 'label' ? 'label' : 'annotation');
  if ('error' in split) return fail(split.error);
  const parsed = edit.parse(split.pairs);
  if ('error' in parsed) return fail(parsed.error);
  const all = flagBool(flags, 'all');
  const selector = flagString(flags, 'selector');
  if (all && selector) return fail('error: cannot set --all and --selector at the same time');
  if (split.resources.length === 0) return fail('error: one or more resources must be specified as <resource> <name> or <resource>/<name>');
  if (parsed.set.size === 0 && parsed.remove.length === 0) return fail(`error: at least one ${edit.command === 'label' ? 'label' : 'annotation'} update is required`);
  const overwrite = flagBool(flags, 'overwrite');
  const targets = resolveTargets(ctx, { args: split.resources, namespace: commandNamespace(flags).namespace, ...(selector ? { selector } : {}), all });
  if ('error' in targets) return fail(targets.error);
  let stdout = '';
  const errors: CmdError[] = [];
  for (const t of targets) {
    if (!t.obj) {
      errors.push({ status: t.missing! });
      continue;
    }
    const before = t.obj.metadata[edit.field] ?? {};
    const conflicts = overwrite ? [] : edit.overwriteErrors(before, parsed.set);
    if (conflicts.length > 0) {
      for (const message of conflicts) errors.push({ message });
      continue;
    }
    const after: Record<string, string> = { ...before };
    for (const [k, v] of parsed.set) after[k] = v;
    for (const k of parsed.remove) {
      if (!(k in before) && dryRun !== 'client' && edit.command === 'label') stdout += `label "${k}" not found.\n`;
      delete after[k];
    }
    const bad = edit.field === 'labels' ? labelErrors(t.obj, after) : undefined;
    if (bad) {
      errors.push({ status: bad });
      continue;
    }
    if (dryRun === 'none') {
      const r = ctx.client.updateMetadata(t.obj, { [edit.field]: Object.keys(after).length > 0 ? after : undefined }, `${ctx.line}: ${edit.command} ${t.name}`);
      if (!r.ok) {
        errors.push({ status: r.error });
        continue;
      }
    }
    stdout += `${kubectlKindPrefix(t.info.kind)}/${t.name} ${edit.operation(before, after, overwrite)}${dryRunSuffix(dryRun)}\n`;
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr: checkErr(errors) };
}

/** The API server's `ValidateLabels` on the edited labels: an Invalid error, if any. */
function labelErrors(obj: ApiObject, labels: Readonly<Record<string, string>>) {
  const causes = [];
  for (const k of Object.keys(labels).sort()) {
    for (const msg of isQualifiedName(k)) causes.push({ field: 'metadata.labels', message: `metadata.labels: Invalid value: ${JSON.stringify(k)}: ${msg}` });
  }
  return causes.length > 0 ? invalid(qualifiedKind(obj.kind as Kind), obj.metadata.name, causes) : undefined;
}

/** label's `validateNoOverwrites`: one error per key that already has another value. */
export function labelOverwriteErrors(before: Readonly<Record<string, string>>, set: ReadonlyMap<string, string>): string[] {
  return [...set].filter(([k, v]) => k in before && before[k] !== v).map(([k]) => `'${k}' already has a value (${before[k]}), and --overwrite is false`);
}

/** `updateDataChangeMsg`: the label operation, judged as kubectl does by the JSON size. */
export function labelOperation(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>, overwrite: boolean): string {
  const a = goJson(before);
  const b = goJson(after);
  if (a === b) return 'not labeled';
  return !overwrite && b.length < a.length ? 'unlabeled' : 'labeled';
}
