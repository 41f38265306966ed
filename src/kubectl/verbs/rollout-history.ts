/**
 * `kubectl rollout history` and `kubectl rollout undo`: kubectl `pkg/cmd/rollout/rollout_history.go`
 * and `rollout_undo.go` with polymorphichelpers' `DaemonSetHistoryViewer` and
 * `DaemonSetRollbacker.Rollback`. Undo writes the revision's template back
 * through the API server; the DaemonSet controller then renumbers that revision.
 */
import type { DaemonSet } from '../../sim/api/types.js';
import { kubectlKindPrefix, type ResourceInfo } from '../../sim/apiserver/resources.js';
import { matchRevision } from '../../sim/controllers/daemonset/history.js';
import type { VerbContext } from '../context.js';
import { flagString, type ParsedFlags } from '../flags.js';
import { historyTable, printTemplate } from '../print/history.js';
import type { ExecResult } from '../result.js';
import { noCompatiblePrinter, parseOutput, renderGeneric } from './get-output.js';
import { applyHistory, daemonSetHistory, groupKind, rolloutTargets } from './rollout-target.js';

function errorText(message: string): string {
  return `${message.startsWith('error: ') || message.startsWith('Error from server') ? message : `error: ${message}`}\n`;
}

function intFlag(flags: ParsedFlags, name: string): number | { error: string } {
  const text = flagString(flags, name) ?? '0';
  if (!/^-?\d+$/.test(text)) return { error: `invalid argument "${text}" for "--${name}" flag: strconv.ParseInt: parsing "${text}": invalid syntax` };
  return Number(text);
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

export function rolloutHistory(ctx: VerbContext, flags: ParsedFlags): ExecResult {
  const revision = intFlag(flags, 'revision');
  if (typeof revision !== 'number') return { exitCode: 1, stdout: '', stderr: errorText(revision.error) };
  const outputText = flagString(flags, 'output') ?? '';
  const output = outputText ? parseOutput(outputText, { readFile: ctx.readFile }) : undefined;
  if (output && 'error' in output) return { exitCode: 1, stdout: '', stderr: errorText(output.error) };
  if (output && (output.kind === 'table' || output.kind === 'custom-columns')) {
    return { exitCode: 1, stdout: '', stderr: errorText(noCompatiblePrinter(outputText)) };
  }
  if (revision < 0) return { exitCode: 1, stdout: '', stderr: errorText(`revision must be a positive integer: ${revision}`) };
  const targets = rolloutTargets(ctx.cluster.store, flags);
  if ('error' in targets) return { exitCode: 1, stdout: '', stderr: errorText(targets.error) };
  let stdout = '';
  const errors = [...targets.errors];
  for (const { info, obj } of targets.objects) {
    if (obj.kind !== 'DaemonSet') {
      errors.push(noVisitor('history viewer', 'history', info));
      continue;
    }
    const history = daemonSetHistory(ctx.cluster.store, obj);
    if (output) {
      // With -o the revisions themselves are printed, each on its own (`GetHistory`).
      const revisions = [...history].sort((a, b) => a.revision - b.revision).filter((h) => revision === 0 || h.revision === revision);
      if (revision > 0 && revisions.length === 0) {
        errors.push('unable to find the specified revision');
        continue;
      }
      for (const cr of revisions) {
        const r = renderGeneric(output, [cr], true, false);
        stdout += (output.kind === 'yaml' && stdout !== '' ? '---\n' : '') + r.stdout;
        if (r.error) errors.push(r.error);
      }
      continue;
    }
    let text: string;
    if (history.length > 0 && revision > 0) {
      const cr = [...history].reverse().find((h) => h.revision === revision);
      if (!cr) {
        errors.push('unable to find the specified revision');
        continue;
      }
      const applied = applyHistory(obj, cr);
      if (!applied) {
        errors.push(`unable to parse history ${cr.metadata.name}`);
        continue;
      }
      text = printTemplate(applied.spec.template);
    } else text = historyTable(history);
    const withRevision = revision > 0 ? `with revision #${revision}` : '';
    stdout += `${kubectlKindPrefix(obj.kind)}/${obj.metadata.name} ${withRevision}\n${text}\n`;
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr: errors.map(errorText).join('') };
}

type UndoOutcome = { readonly operation: string } | { readonly error: string };

/** `DaemonSetRollbacker.Rollback`. */
function rollback(ctx: VerbContext, ds: DaemonSet, toRevision: number, dryRun: string): UndoOutcome {
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
  const r = dryRun === 'server' ? ctx.cluster.api.update(applied, { dryRun: true }) : ctx.client.update(applied, `kubectl rollout undo: restore the pod template of revision ${target.revision}`);
  if (!r.ok) return { error: `failed restoring revision ${toRevision}: ${r.error.message}` };
  return { operation: 'rolled back' };
}

export function rolloutUndo(ctx: VerbContext, flags: ParsedFlags): ExecResult {
  const toRevision = intFlag(flags, 'to-revision');
  if (typeof toRevision !== 'number') return { exitCode: 1, stdout: '', stderr: errorText(toRevision.error) };
  const dryRun = flagString(flags, 'dry-run') ?? 'none';
  if (!['none', 'client', 'server'].includes(dryRun)) {
    return { exitCode: 1, stdout: '', stderr: errorText(`Invalid dry-run value (${dryRun}). Must be "none", "server", or "client".`) };
  }
  const targets = rolloutTargets(ctx.cluster.store, flags);
  if ('error' in targets) return { exitCode: 1, stdout: '', stderr: errorText(targets.error) };
  let stdout = '';
  const errors = [...targets.errors];
  for (const { info, obj } of targets.objects) {
    if (obj.kind !== 'DaemonSet') {
      errors.push(noVisitor('rollbacker', 'rollbacker', info));
      continue;
    }
    const r = rollback(ctx, obj, toRevision, dryRun);
    if ('error' in r) {
      errors.push(r.error);
      continue;
    }
    const suffix = dryRun === 'client' ? ' (dry run)' : dryRun === 'server' ? ' (server dry run)' : '';
    stdout += `${kubectlKindPrefix(obj.kind)}/${obj.metadata.name} ${r.operation}${suffix}\n`;
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr: errors.map(errorText).join('') };
}
