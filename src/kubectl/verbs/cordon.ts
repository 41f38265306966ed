/**
 * `kubectl cordon NODE...` / `kubectl uncordon NODE...` (kubectl `pkg/cmd/drain`:
 * `RunCordonOrUncordon`, `pkg/drain/cordon.go`: `CordonHelper.UpdateIfRequired`,
 * `PatchOrReplace`). Sets or clears `spec.unschedulable`; the node lifecycle controller adds or
 * removes the `node.kubernetes.io/unschedulable:NoSchedule` taint. Uncordon removes the field
 * (the upstream patch is `{"spec":{"unschedulable":null}}`, as the field is `omitempty`).
 *
 * Output: `node/NAME cordoned` or `node/NAME already cordoned` (and the `uncordoned` forms),
 * with ` (dry run)` / ` (server dry run)` for `--dry-run`.
 */
import type { Node } from '../../sim/api/types.js';
import { parseSelector } from '../../sim/api/labels.js';
import type { Verb, VerbContext } from '../context.js';
import { flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail, OutputWriter, serverError, type ExecResult } from '../result.js';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix, type DryRun } from './dry-run.js';
import { lookup } from './targets.js';
import { resolveResource } from '../../sim/apiserver/resources.js';

export const CORDON_FLAGS: readonly FlagSpec[] = [{ name: 'selector', short: 'l', type: 'string' }, DRY_RUN_FLAG];

/** The nodes named by `args` or `-l` (drain's `Complete`), or the error kubectl prints. */
export function selectNodes(ctx: VerbContext, command: string, args: readonly string[], selector: string | undefined): Node[] | { error: string } {
  if (args.length === 0 && !selector) return { error: `error: USAGE: ${command} NODE [flags]\nSee 'kubectl ${command} -h' for help and examples` };
  if (args.length > 0 && selector) return { error: `error: cannot specify both a node name and a --selector option\nSee 'kubectl ${command} -h' for help and examples` };
  if (selector) {
    const sel = parseSelector(selector);
    if ('error' in sel) return { error: `error: ${sel.error}` };
    return ctx.cluster.store.list('Node').filter((n) => sel.matches(n.metadata.labels));
  }
  const nodes: Node[] = [];
  for (const name of args) {
    const t = lookup(ctx, resolveResource('node')!, '', name);
    if (!t.obj) return { error: serverError(t.missing!) };
    nodes.push(t.obj as Node);
  }
  return nodes;
}

/**
 * `RunCordonOrUncordon(desired)`: sets `spec.unschedulable` on each node that needs it and
 * writes a line per node to `w`. Failed writes go to stderr and do not stop the others.
 */
export function cordonNodes(ctx: VerbContext, nodes: readonly Node[], desired: boolean, dryRun: DryRun, w: OutputWriter): void {
  const verb = desired ? 'cordon' : 'uncordon';
  for (const node of nodes) {
    if ((node.spec.unschedulable ?? false) === desired) {
      w.print(`node/${node.metadata.name} already ${verb}ed${dryRunSuffix(dryRun)}\n`);
      continue;
    }
    if (dryRun !== 'client') {
      const { unschedulable: _old, ...rest } = node.spec;
      const next: Node = { ...node, spec: desired ? { ...rest, unschedulable: true } : rest };
      const r = dryRun === 'server' ? ctx.cluster.api.update(next, { dryRun: true }) : ctx.client.update(next, `${ctx.line}: mark the node ${desired ? 'unschedulable' : 'schedulable'}`);
      if (!r.ok) {
        w.warn(`error: unable to ${verb} node "${node.metadata.name}": ${r.error.message}\n`);
        continue;
      }
    }
    w.print(`node/${node.metadata.name} ${verb}ed${dryRunSuffix(dryRun)}\n`);
  }
}

function cordonVerb(command: 'cordon' | 'uncordon'): Verb {
  return (ctx, argv): ExecResult => {
    const flags = parseFlags(argv, CORDON_FLAGS, command);
    if ('error' in flags) return fail(flags.error);
    const dryRun = dryRunStrategy(flags, ctx);
    if (typeof dryRun !== 'string') return fail(dryRun.error);
    const nodes = selectNodes(ctx, command, flags.args, flagString(flags, 'selector'));
    if ('error' in nodes) return fail(nodes.error);
    const w = new OutputWriter();
    cordonNodes(ctx, nodes, command === 'cordon', dryRun, w);
    return w.result(0);
  };
}

export const cordon: Verb = cordonVerb('cordon');
export const uncordon: Verb = cordonVerb('uncordon');
