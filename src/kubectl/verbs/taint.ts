/**
 * `kubectl taint nodes NAME... SPEC... [--overwrite] [-l SEL | --all] [--dry-run]` (kubectl
 * `pkg/cmd/taint/taint.go`: `Complete`, `Validate`, `validateFlags`, `RunTaint`,
 * `updateTaints`). Writes `spec.taints` through the API server and prints `node/NAME tainted`,
 * `untainted` or `modified`.
 *
 * A NoExecute taint added here gets `timeAdded` = virtual now, as a stored NoExecute taint
 * carries it on a real cluster (the taint manager times evictions from it); other taints have
 * none. Taints that stay keep theirs.
 */
import type { Node, Taint } from '../../sim/api/types.js';
import { parseSelector } from '../../sim/api/labels.js';
import { rfc3339 } from '../../sim/engine/time.js';
import type { Verb } from '../context.js';
import { flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix } from './dry-run.js';
import { existingTaintKeys, parseTaints, reorganizeTaints, type TaintSpec } from './taint-spec.js';
import { lookup, resolveType } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'overwrite', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'validate', type: 'string' },
  { name: 'field-manager', type: 'string' },
  DRY_RUN_FLAG,
];

const USAGE = "\nSee 'kubectl taint -h' for help and examples";

export const taint: Verb = (ctx, argv) => {
  const flags = parseFlags(argv, FLAGS, 'taint');
  if ('error' in flags) return fail(flags.error);
  const dryRun = dryRunStrategy(flags);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const resources: string[] = [];
  const specs: string[] = [];
  for (const s of flags.args) {
    const isTaint = s.includes('=') || s.includes(':') || s.endsWith('-');
    if (isTaint) specs.push(s);
    else if (specs.length > 0) return fail(`error: all resources must be specified before taint changes: ${s}`);
    else resources.push(s);
  }
  if (resources.length < 1) return fail('error: one or more resources must be specified as <resource> <name>');
  if (specs.length < 1) return fail('error: at least one taint update is required');
  const parsed = parseTaints(specs);
  if ('error' in parsed) return fail(`error: ${parsed.error}${USAGE}`);
  const info = resolveType(resources[0]!);
  if ('error' in info) return fail(info.error);
  if (info.kind !== 'Node') return fail(`error: invalid resource type ${resources[0]!.toLowerCase()}, only node types are supported`);
  const conflicts = parsed.add.flatMap((a) =>
    parsed.remove.filter((r) => r.key === a.key && (r.effect === '' || r.effect === a.effect)).map((r) => `{"${r.key}":"${r.effect}"}`),
  );
  if (conflicts.length > 0) return fail(`error: can not both modify and remove the following taint(s) in the same command: ${conflicts.join(', ')}`);
  const all = flagBool(flags, 'all');
  const selector = flagString(flags, 'selector');
  if (all && selector) return fail("error: setting 'all' parameter with a non empty selector is prohibited");
  if (!all && !selector && resources.length < 2) return fail("error: at least one resource name must be specified since 'all' parameter is not set");

  let nodes: (Node | CmdError)[];
  if (all || selector) {
    const sel = parseSelector(selector ?? '');
    if ('error' in sel) return fail(`error: ${sel.error}`);
    nodes = ctx.cluster.store.list('Node').filter((n) => sel.matches(n.metadata.labels));
  } else {
    nodes = resources.slice(1).map((name) => {
      const t = lookup(ctx, info, '', name);
      return t.obj ? (t.obj as Node) : { status: t.missing! };
    });
  }
  const overwrite = flagBool(flags, 'overwrite');
  let stdout = '';
  const errors: CmdError[] = [];
  for (const node of nodes) {
    if (!('kind' in node)) {
      errors.push(node);
      continue;
    }
    const old = node.spec.taints ?? [];
    const exists = overwrite ? '' : existingTaintKeys(old, parsed.add);
    if (exists) {
      errors.push({ message: `node ${node.metadata.name} already has ${exists} taint(s) with same effect(s) and --overwrite is false` });
      continue;
    }
    const now = rfc3339(ctx.cluster.now);
    const r = reorganizeTaints(old, parsed.add.map((t) => toTaint(t, old, now)), parsed.remove, overwrite);
    if (r.errors.length > 0) {
      errors.push(...r.errors.map((message) => ({ message })));
      continue;
    }
    if (dryRun !== 'client') {
      const { taints: _old, ...rest } = node.spec;
      const next: Node = { ...node, spec: r.taints.length > 0 ? { ...rest, taints: r.taints } : rest };
      const w = dryRun === 'server' ? ctx.cluster.api.update(next, { dryRun: true }) : ctx.client.update(next, `${ctx.line}: ${r.operation} node ${node.metadata.name}`);
      if (!w.ok) {
        errors.push({ status: w.error });
        continue;
      }
    }
    stdout += `node/${node.metadata.name} ${r.operation}${dryRunSuffix(dryRun)}\n`;
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr: checkErr(errors) };
};

/** The stored form of a taint to add: no empty value; NoExecute ones get `timeAdded`, kept if unchanged. */
function toTaint(t: TaintSpec, old: readonly Taint[], now: string): Taint {
  const base: Taint = { key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect as Taint['effect'] };
  if (t.effect !== 'NoExecute') return base;
  const same = old.find((o) => o.key === t.key && o.effect === t.effect && (o.value ?? '') === t.value);
  return { ...base, timeAdded: same?.timeAdded ?? now };
}
