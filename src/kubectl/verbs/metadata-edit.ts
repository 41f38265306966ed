/**
 * The shared front of `kubectl label` and `kubectl annotate` (kubectl v1.34 `pkg/cmd/label`:
 * `Complete`, `Validate`, `validateNoOverwrites`, `updateDataChangeMsg`; `pkg/cmd/annotate`:
 * `ToOptions`; `cmdutil.GetResourcesAndPairs`): the flags, the `k=v` / `k-` words, and the checks
 * that stop the command before any object is read, in kubectl's order.
 *
 * Then the run: without `--local`, the objects of the cluster named by `TYPE NAME...`,
 * `TYPE/NAME...`, `-l`, `--field-selector`, `--all` (in every namespace with `-A`) or `-f FILE`
 * (metadata-edit-targets.ts, metadata-edit-live.ts); with `--local`, the objects of the files
 * alone, the server never asked (metadata-edit-local.ts). A key that already has a different
 * value needs `--overwrite` (each verb words the refusal its own way). Each object is printed by
 * the printer `-o` asks for (metadata-edit-print.ts): by default the name printer,
 * `daemonset.apps/agent labeled`.
 *
 * `--resource-version` is put on each edited object (so `-o yaml` shows it), after the one it
 * had is dropped, so that the merge patch always carries it: the API server then refuses a
 * stale one (optimistic-lock.ts). Only one object may be named so (the builder's
 * singleItemImplied). `--field-manager` is accepted and changes nothing: the playground keeps no
 * managedFields. `-R` changes nothing: the editor's files are a flat list.
 */
import type { VerbContext } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagArray, flagBool, flagString, KUSTOMIZE_FLAG, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { goJson } from '../apply/json.js';
import { DRY_RUN_FLAG, dryRunStrategy, type DryRun } from './dry-run.js';
import { PRINT_FLAGS } from './get-output.js';
import { editLive } from './metadata-edit-live.js';
import { editLocal } from './metadata-edit-local.js';
import { editPrinter, type EditPrinter } from './metadata-edit-print.js';

/** The `k=v` / `k-` words as additions and removals. */
export interface Pairs {
  readonly set: Map<string, string>;
  readonly remove: string[];
}

/**
 * What label's operation judges from: the object's metadata before the edit (undefined when it
 * has none; without the resourceVersion that `--resource-version` replaces) and after it.
 */
type Operation = (before: unknown, after: object, overwrite: boolean) => string;

export interface MetadataEdit {
  readonly command: 'label' | 'annotate';
  readonly field: 'labels' | 'annotations';
  /** How messages name one pair: `label`, `annotation`. */
  readonly noun: 'label' | 'annotation';
  /** Parses the `k=v` / `k-` words into additions and removals, or returns kubectl's error. */
  parse(pairs: readonly string[]): Pairs | { error: string };
  /** A check of the pairs made after every other check of the flags (annotate's `validateAnnotations`); label makes its own in `parse`. */
  validate?(pairs: Pairs): { error: string } | undefined;
  /**
   * What the name printer says after `kind/name`. Annotate's is one word, and it builds its one
   * printer before reading anything; label judges each object and asks for a printer per object
   * (`ToPrinter(dataChangeMsg)`), so a bad `-o` fails each object and `-o yaml` writes no `---`
   * between objects.
   */
  readonly operation: string | Operation;
  /** Without `--overwrite`: kubectl's errors for keys that already have another value, if any. */
  overwriteErrors(before: Readonly<Record<string, string>>, set: ReadonlyMap<string, string>): string[];
  /** Whether `-o` prints the API server's answer (annotate's `outputObj`) rather than the edited object (label's `info.Object`). */
  readonly printsAnswer: boolean;
}

export const FLAGS: readonly FlagSpec[] = [
  { name: 'overwrite', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'field-selector', type: 'string' },
  { name: 'all', type: 'bool' },
  ALL_NAMESPACES_FLAG,
  { name: 'resource-version', type: 'string' },
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', type: 'bool' },
  { name: 'local', type: 'bool' },
  { name: 'list', type: 'bool' },
  { name: 'field-manager', type: 'string' },
  ...PRINT_FLAGS,
  DRY_RUN_FLAG,
];

/** Everything `Complete` and `Validate` settled, for the run. */
export interface EditOptions {
  readonly flags: ParsedFlags;
  readonly dryRun: DryRun;
  readonly pairs: Pairs;
  readonly resources: readonly string[];
  readonly filenames: readonly string[];
  readonly local: boolean;
  readonly overwrite: boolean;
  readonly selector: string | undefined;
  /** `--field-selector`, or undefined. */
  readonly fieldSelector: string | undefined;
  readonly all: boolean;
  /** `-A`: selectors and `--all` look in every namespace (ignored with `--local`). */
  readonly allNamespaces: boolean;
  /** `--resource-version`, '' when not given. */
  readonly resourceVersion: string;
  readonly printer: EditPrinter;
  /** `--list`: the edited map is listed, never written nor printed. */
  readonly list: boolean;
  /** The builder's singleItemImplied: one TYPE/NAME, one name, or one file that is not stdin. */
  readonly one: boolean;
}

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
  const o = completeEdit(ctx, argv, edit);
  if ('error' in o) return fail(o.error);
  return o.local ? editLocal(ctx, o, edit) : editLive(ctx, o, edit);
}

/** label's `Complete` + `Validate` (annotate's `ToOptions`), with their errors in their order. */
function completeEdit(ctx: VerbContext, argv: readonly string[], edit: MetadataEdit): EditOptions | { error: string } {
  const flags = parseFlags(argv, FLAGS, edit.command);
  if ('error' in flags) return flags;
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return dryRun;
  const printer = editPrinter(ctx, flags, dryRun, edit);
  if ('error' in printer) return printer;
  const split = splitResourcesAndPairs(flags.args, edit.noun);
  if ('error' in split) return split;
  const pairs = edit.parse(split.pairs);
  if ('error' in pairs) return pairs;
  const list = flagBool(flags, 'list');
  // Annotate means to make the same check, but reads a field that -o never sets: it lists, and -o goes unused.
  if (edit.command === 'label' && list && flagString(flags, 'output')) return { error: 'error: --list and --output may not be specified together' };
  const all = flagBool(flags, 'all');
  const selector = flagString(flags, 'selector');
  const fieldSelector = flagString(flags, 'field-selector');
  const local = flagBool(flags, 'local');
  const filenames = flagArray(flags, 'filename');
  if (all && selector) return { error: 'error: cannot set --all and --selector at the same time' };
  if (all && fieldSelector) return { error: 'error: cannot set --all and --field-selector at the same time' };
  // Each verb names its example file its own way.
  const example = edit.command === 'label' ? '-f pod.yaml or --filename=pod.json' : '-f rsrc.yaml or --filename=rsrc.json';
  if (local) {
    if (dryRun === 'server') return { error: 'error: cannot specify --local and --dry-run=server - did you mean --dry-run=client?' };
    if (split.resources.length > 0) return { error: `error: can only use local files by ${example} when --local=true is set` };
    if (filenames.length === 0) return { error: `error: one or more files must be specified as ${example}` };
  } else if (split.resources.length === 0 && filenames.length === 0) {
    return { error: 'error: one or more resources must be specified as <resource> <name> or <resource>/<name>' };
  }
  if (pairs.set.size === 0 && pairs.remove.length === 0 && !list) return { error: `error: at least one ${edit.noun} update is required` };
  const invalid = edit.validate?.(pairs);
  if (invalid) return invalid;
  const overwrite = flagBool(flags, 'overwrite');
  const one = singleItemImplied(split.resources, filenames);
  const allNamespaces = flagBool(flags, 'all-namespaces');
  const resourceVersion = flagString(flags, 'resource-version') ?? '';
  const resources = split.resources;
  return { flags, dryRun, pairs, resources, filenames, local, overwrite, selector, fieldSelector, all, allNamespaces, resourceVersion, printer, list, one };
}

/**
 * cli-runtime's singleItemImplied for what label and annotate read: one file that is not stdin
 * (`FilenameParam`), else one `TYPE/NAME` (`visitByResource`) or one name after one type
 * (`visitByName`; `a,b NAME` is two `TYPE/NAME`s, `normalizeMultipleResourcesArgs`); a selector
 * or `--all` never.
 */
function singleItemImplied(resources: readonly string[], filenames: readonly string[]): boolean {
  if (filenames.length > 0) return filenames.length === 1 && filenames[0] !== '-';
  if (resources.some((r) => r.includes('/'))) return resources.length === 1;
  return resources.length === 2 && new Set(resources[0]!.split(',')).size === 1;
}

/** label's `validateNoOverwrites`: one error per key that already has another value. */
export function labelOverwriteErrors(before: Readonly<Record<string, string>>, set: ReadonlyMap<string, string>): string[] {
  return [...set].filter(([k, v]) => k in before && before[k] !== v).map(([k]) => `'${k}' already has a value (${before[k]}), and --overwrite is false`);
}

/**
 * `updateDataChangeMsg`: the label operation, judged as kubectl does by the object's JSON before
 * and after. Only the metadata differs, so comparing it is enough: an object without labels
 * gains `"labels":{}` (`SetLabels` of an empty map), and `--resource-version` a resourceVersion,
 * so either reads as changed; an object without metadata gains it, so it is `labeled`.
 */
export function labelOperation(before: unknown, after: object, overwrite: boolean): string {
  if (before === undefined) return 'labeled';
  const a = goJson(before);
  const b = goJson(after);
  if (a === b) return 'not labeled';
  return !overwrite && b.length < a.length ? 'unlabeled' : 'labeled';
}
