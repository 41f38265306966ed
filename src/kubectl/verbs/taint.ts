/**
 * `kubectl taint nodes NAME... SPEC... [--overwrite] [-l SEL | --all] [--dry-run] [-o FORMAT]`
 * (kubectl `pkg/cmd/taint/taint.go`: `Complete`, `Validate`, `validateFlags`, `RunTaint`,
 * `updateTaints`). Writes `spec.taints` through the API server and prints `node/NAME tainted`,
 * `untainted` or `modified`.
 *
 * Printing: `RunTaint` asks for a printer per node, `ToPrinter(operation)` (create-printer.ts's),
 * once the new taints are worked out and before anything is written, so a bad `-o` is an error of
 * each node and writes nothing; a new printer per node means `-o yaml` puts no `---` between nodes.
 * `-o name` prints `node/NAME`; `-o json|yaml|jsonpath|go-template` print the node: the server's
 * answer, which the typed client holds as a `v1.Node` (JSON in struct field order), or under
 * `--dry-run=client` the node with its new taints, decoded into an unstructured object (sorted).
 *
 * A NoExecute taint added here gets `timeAdded` = virtual now, as a stored NoExecute taint
 * carries it on a real cluster (the taint manager times evictions from it); other taints have
 * none. Taints that stay keep theirs. Under `--dry-run=client` nothing is stored, so a new one
 * shows without it.
 */
import { goEncodeObject } from '../../manifest/index.js';
import type { ApiObject, Node, Taint } from '../../sim/api/types.js';
import { parseSelector } from '../../sim/api/labels.js';
import { rfc3339 } from '../../sim/engine/time.js';
import type { JsonMap } from '../apply/json.js';
import type { Verb } from '../context.js';
import { flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import { createPrinter } from './create-printer.js';
import { VALIDATE_FLAG } from './apply.js';
import { DRY_RUN_FLAG, dryRunStrategy } from './dry-run.js';
import { PRINT_FLAGS } from './get-output.js';
import { existingTaintKeys, parseTaints, reorganizeTaints, type TaintSpec } from './taint-spec.js';
import { lookup, resolveType } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'overwrite', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
  VALIDATE_FLAG,
  { name: 'field-manager', type: 'string' },
  DRY_RUN_FLAG,
  ...PRINT_FLAGS,
];

const USAGE = "\nSee 'kubectl taint -h' for help and examples";

export const taint: Verb = (ctx, argv) => {
  const flags = parseFlags(argv, FLAGS, 'taint');
  if ('error' in flags) return fail(flags.error);
  const dryRun = dryRunStrategy(flags, ctx);
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
    const now = dryRun === 'client' ? undefined : rfc3339(ctx.cluster.now);
    const r = reorganizeTaints(old, parsed.add.map((t) => toTaint(t, old, now)), parsed.remove, overwrite);
    if (r.errors.length > 0) {
      errors.push(...r.errors.map((message) => ({ message })));
      continue;
    }
    // RunTaint's ToPrinter sets the name printer's operation afresh, dropping the dry-run suffix
    // Complete gave it: kubectl prints `node/node-1 tainted` under --dry-run too.
    const print = createPrinter(flags, 'none', ctx.readFile, r.operation);
    if ('error' in print) {
      errors.push({ message: print.error.replace(/^error: /, '') });
      continue;
    }
    const { taints: _old, ...rest } = node.spec;
    const next: Node = { ...node, spec: r.taints.length > 0 ? { ...rest, taints: r.taints } : rest };
    let shown: ApiObject = next;
    if (dryRun !== 'client') {
      const w = dryRun === 'server' ? ctx.cluster.api.update(next, { dryRun: true }) : ctx.client.update(next, `${ctx.line}: ${r.operation} node ${node.metadata.name}`);
      if (!w.ok) {
        errors.push({ status: w.error });
        continue;
      }
      shown = w.obj;
    }
    const out = print({ obj: goEncodeObject(shown as unknown as JsonMap), ref: `node/${node.metadata.name}`, typed: dryRun !== 'client' });
    stdout += out.stdout;
    if (out.error) errors.push({ message: out.error });
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr: checkErr(errors) };
};

/**
 * The stored form of a taint to add: no empty value; NoExecute ones get `timeAdded` (`now`, none
 * when nothing is stored), kept if unchanged.
 */
function toTaint(t: TaintSpec, old: readonly Taint[], now: string | undefined): Taint {
  const base: Taint = { key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect as Taint['effect'] };
  if (t.effect !== 'NoExecute') return base;
  const same = old.find((o) => o.key === t.key && o.effect === t.effect && (o.value ?? '') === t.value);
  const timeAdded = same?.timeAdded ?? now;
  return timeAdded === undefined ? base : { ...base, timeAdded };
}
