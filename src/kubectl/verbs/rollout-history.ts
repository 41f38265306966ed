/**
 * `kubectl rollout history` and `kubectl rollout undo`: kubectl `pkg/cmd/rollout/rollout_history.go`
 * and `rollout_undo.go` with polymorphichelpers' `DaemonSetHistoryViewer` and
 * `DaemonSetRollbacker.Rollback`. Undo writes the revision's template back
 * through the API server; the DaemonSet controller then renumbers that revision.
 *
 * Both name their objects by arguments or `-f` (rollout-target.ts) and print through
 * cli-runtime's `PrintFlags` (create-printer.ts): history with `-o` prints the revisions, without
 * it the name printer carries the table as its "operation" (so `--template` alone prints the
 * DaemonSet); undo prints the DaemonSet as it was read before the rollback (`info.Object`), by
 * default `daemonset.apps/NAME rolled back`. The errors are what `r.Visit` returns, printed by
 * `CheckErr` (rollout-target.ts `visitRolloutTargets`).
 */
import type { ControllerRevision, DaemonSet } from '../../sim/api/types.js';
import { kubectlKindPrefix, type ResourceInfo } from '../../sim/apiserver/resources.js';
import { matchRevision } from '../../sim/controllers/daemonset/history.js';
import { goEncodeObject } from '../../manifest/go-encode.js';
import type { JsonMap } from '../apply/json.js';
import type { VerbContext } from '../context.js';
import { flagString, type ParsedFlags } from '../flags.js';
import { historyTable, printTemplate } from '../print/history.js';
import { sortKeysDeep } from '../print/object-output.js';
import type { ExecResult } from '../result.js';
import { createPrinter } from './create-printer.js';
import { dryRunStrategy, type DryRun } from './dry-run.js';
import { aggregateText, applyHistory, daemonSetHistory, groupKind, requiredResource, rolloutTargets, visitRolloutTargets, type RolloutTargets } from './rollout-target.js';

/** An error that stops the subcommand before its visit (`Validate`, a printer it cannot make). */
function failed(errors: readonly string[]): ExecResult {
  return { exitCode: 1, stdout: '', stderr: aggregateText(errors) };
}

/** The outcome of a subcommand's visit: what it printed, and the visit's error as CheckErr prints it. */
function finish(stdout: string, stderr: string): ExecResult {
  return { exitCode: stderr === '' ? 0 : 1, stdout, stderr };
}

function intFlag(flags: ParsedFlags, name: string): number | { error: string } {
  const text = flagString(flags, name) ?? '0';
  if (!/^-?\d+$/.test(text)) return { error: `invalid argument "${text}" for "--${name}" flag: strconv.ParseInt: parsing "${text}": invalid syntax` };
  return Number(text);
}

/** A printer's error among the object errors: CheckErr adds `error: ` only when it is alone. */
function bare(message: string): string {
  return message.replace(/^error: /, '');
}

/** What the name printer writes for a DaemonSet: `daemonset.apps/agent`. */
function ref(ds: DaemonSet): string {
  return `${kubectlKindPrefix(ds.kind)}/${ds.metadata.name}`;
}

/**
 * The DaemonSet as its own printer writes it (a printer per object, asked for with `operation`,
 * as history and undo do), as a typed object; with the printer's or the print's error.
 */
function printDaemonSet(ctx: VerbContext, flags: ParsedFlags, dryRun: DryRun, operation: string, ds: DaemonSet): { stdout: string; error?: string } {
  const print = createPrinter(flags, dryRun, ctx.readFile, operation);
  if ('error' in print) return { stdout: '', error: bare(print.error) };
  return print({ obj: goEncodeObject(ds as unknown as JsonMap), ref: ref(ds), typed: true });
}

/**
 * `HistoryViewerFor` / `RollbackerFor`: `GroupKindElement.Accept` knows the workload kinds only
 * (`no visitor method exists for {group kind}`, the element printed with %v); a Pod is visited
 * but has no viewer or rollbacker.
 */
function noVisitor(what: string, retrieving: string, info: ResourceInfo): string {
  if (info.kind === 'Pod') return `no ${what} has been implemented for "${groupKind(info)}"`;
  return `error retrieving ${retrieving} for "${groupKind(info)}", no visitor method exists for {${info.group} ${info.kind}}`;
}

/**
 * `RolloutHistoryOptions` `Validate` then `Run`: with `-o` (`OutputFlagSpecified`; `--template`
 * alone is not) the revisions themselves, else per object the name printer whose operation is the
 * revision table or one revision's pod template (`ViewHistory`).
 */
export function rolloutHistory(ctx: VerbContext, flags: ParsedFlags): ExecResult {
  const revision = intFlag(flags, 'revision');
  if (typeof revision !== 'number') return failed([revision.error]);
  const missing = requiredResource(flags);
  if (missing) return failed([missing]);
  if (revision < 0) return failed([`revision must be a positive integer: ${revision}`]);
  const targets = rolloutTargets(ctx, flags);
  if ('stderr' in targets) return finish('', targets.stderr);
  if (flags.visited.some(([name]) => name === 'output')) return printRevisions(ctx, flags, targets, revision);
  let stdout = '';
  const visit = visitRolloutTargets(targets, ({ info, obj }) => {
    if (obj.kind !== 'DaemonSet') return noVisitor('history viewer', 'history', info);
    const history = daemonSetHistory(ctx.cluster.store, obj);
    let text: string;
    if (history.length > 0 && revision > 0) {
      const cr = [...history].reverse().find((h) => h.revision === revision);
      if (!cr) return 'unable to find the specified revision';
      const applied = applyHistory(obj, cr);
      if (!applied) return `unable to parse history ${cr.metadata.name}`;
      text = printTemplate(applied.spec.template);
    } else text = historyTable(history);
    const withRevision = revision > 0 ? `with revision #${revision}` : '';
    const printed = printDaemonSet(ctx, flags, 'none', `${withRevision}\n${text}`, obj);
    stdout += printed.stdout;
    return printed.error;
  });
  return finish(stdout, visit.stderr);
}

/**
 * History with `-o`: one printer for every object (so YAML documents are apart by `---`), asked
 * for once the builder has found the objects; `GetHistory`'s revisions in revision order, or
 * only `--revision`. kubectl does not check what `PrintObj` returns here, so a template that
 * fails on a revision prints what it printed and the command still succeeds.
 */
function printRevisions(ctx: VerbContext, flags: ParsedFlags, targets: RolloutTargets, revision: number): ExecResult {
  const print = createPrinter(flags, 'none', ctx.readFile, '');
  if ('error' in print) return failed([print.error]);
  let stdout = '';
  const visit = visitRolloutTargets(targets, ({ info, obj }) => {
    if (obj.kind !== 'DaemonSet') return noVisitor('history viewer', 'history', info);
    const revisions = daemonSetHistory(ctx.cluster.store, obj)
      .sort((a, b) => a.revision - b.revision)
      .filter((h) => revision === 0 || h.revision === revision);
    if (revision > 0 && revisions.length === 0) return 'unable to find the specified revision';
    for (const cr of revisions) stdout += print({ obj: typedRevision(cr), ref: `${kubectlKindPrefix(cr.kind)}/${cr.metadata.name}`, typed: true }).stdout;
    return undefined;
  });
  return finish(stdout, visit.stderr);
}

/**
 * A revision as `GetHistory` hands it to the printer: the typed ControllerRevision of the
 * clientset, so fields come in Go's declaration order, with `data` as the bytes the DaemonSet
 * controller wrote (`getPatch` marshals maps, so every level's keys are sorted).
 */
function typedRevision(cr: ControllerRevision): JsonMap {
  const typed = goEncodeObject(cr as unknown as JsonMap);
  return { ...typed, data: sortKeysDeep(typed['data']) as JsonMap };
}

type UndoOutcome = { readonly operation: string } | { readonly error: string };

/**
 * `DaemonSetRollbacker.Rollback`. `refused` is the error the printer will give: kubectl asks for
 * its printer only after the rollback, so a bad `-o` would roll back and then fail; here the
 * write is refused with that error instead, so bad input changes nothing.
 */
function rollback(ctx: VerbContext, ds: DaemonSet, toRevision: number, dryRun: DryRun, refused: string | undefined): UndoOutcome {
  if (toRevision < 0) return { error: `unable to find specified revision ${toRevision} in history` };
  const history = daemonSetHistory(ctx.cluster.store, ds);
  if (toRevision === 0 && history.length <= 1) return { error: 'no last revision to roll back to' };
  const sorted = [...history].sort((a, b) => a.revision - b.revision);
  const target = toRevision === 0 ? sorted[sorted.length - 2] : history.find((h) => h.revision === toRevision);
  if (!target) return { error: `unable to find specified revision ${toRevision} in history` };
  const applied = applyHistory(ds, target);
  if (!applied) return { error: `failed restoring revision ${toRevision}: unable to parse history ${target.metadata.name}` };
  if (dryRun === 'client') return { operation: `will roll back to ${printTemplate(applied.spec.template)}` };
  if (matchRevision(ds.spec.template, target)) return { operation: `skipped rollback (current template already matches revision ${toRevision})` };
  if (refused && dryRun === 'none') return { error: refused };
  const r = dryRun === 'server' ? ctx.cluster.api.update(applied, { dryRun: true }) : ctx.client.update(applied, `kubectl rollout undo: restore the pod template of revision ${target.revision}`);
  if (!r.ok) return { error: `failed restoring revision ${toRevision}: ${r.error.message}` };
  return { operation: 'rolled back' };
}

/**
 * `UndoOptions` `Complete`, `Validate` then `RunUndo`: per object the rollback, then the printer
 * for its result (`ToPrinter(result)`, fresh for each object, with the dry-run suffix) prints the
 * object as the builder read it.
 */
export function rolloutUndo(ctx: VerbContext, flags: ParsedFlags): ExecResult {
  const toRevision = intFlag(flags, 'to-revision');
  if (typeof toRevision !== 'number') return failed([toRevision.error]);
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return failed([dryRun.error]);
  const missing = requiredResource(flags);
  if (missing) return failed([missing]);
  const targets = rolloutTargets(ctx, flags);
  if ('stderr' in targets) return finish('', targets.stderr);
  const probe = createPrinter(flags, dryRun, ctx.readFile, 'rolled back');
  const refused = 'error' in probe ? bare(probe.error) : undefined;
  let stdout = '';
  const visit = visitRolloutTargets(targets, ({ info, obj }) => {
    if (obj.kind !== 'DaemonSet') return noVisitor('rollbacker', 'rollbacker', info);
    const r = rollback(ctx, obj, toRevision, dryRun, refused);
    if ('error' in r) return r.error;
    const printed = printDaemonSet(ctx, flags, dryRun, r.operation, obj);
    stdout += printed.stdout;
    return printed.error;
  });
  return finish(stdout, visit.stderr);
}
