/**
 * `sim node`: the machines under the cluster, which no kubectl command can create or break.
 *
 *   sim node add NAME [NAME...] [--labels k=v,k2=] [--taints k=v:Effect,k:Effect]
 *                [--cpu N] [--memory Q] [--pods N] [--paths /a,/b]
 *   sim node fail NAME...        the kubelet stops posting status (Ready=Unknown after the grace)
 *   sim node recover NAME...     the kubelet comes back
 *   sim node remove NAME...      the VM and its Node object are gone (pod GC cleans up)
 *   sim node condition NAME... Type=Status...   the kubelet reports this condition until changed
 *
 * `add` registers a machine like a kubelet joining: the Node gets kubernetes.io/hostname,
 * kubernetes.io/os=linux and kubernetes.io/arch=amd64 (plus --labels, which may override them),
 * capacity = allocatable (default --cpu 4 --memory 8Gi --pods 110), and boots NotReady for
 * SIM_DEFAULTS.nodeBootSeconds. Every subcommand takes many names, which the shell's brace expansion
 * gives (`node-{1..3}`, `node-{001..099}`, `node-{a,b}`): a zone of a fleet fails, recovers or
 * leaves in one command (`sim node fail node-{0001..0500}`). Every argument is checked before
 * anything changes.
 */
import type { Verb, VerbContext } from '../context.js';
import { flagString, parseSimFlags, type FlagSpec } from '../flags.js';
import { fail, ok, serverError, type ExecResult } from '../result.js';
import { parseTaint } from '../verbs/taint-spec.js';
import { isDNS1123Subdomain, isQualifiedName, isValidLabelValue } from '../../sim/api/labels.js';
import { canonicalQuantity, parseQuantity } from '../../sim/api/quantity.js';
import type { ConditionStatus, Taint } from '../../sim/api/types.js';
import { notFound } from '../../sim/apiserver/errors.js';
import { DEFAULT_HOST_PATHS, parsePathSpec, type HostPathKind } from '../../sim/controllers/kubelet/hostpaths.js';
import type { Kubelet } from '../../sim/controllers/kubelet/kubelet.js';
import { NODE_CONDITION_TYPES, type NodeConditionType } from '../../sim/controllers/kubelet/nodestatus.js';
import { registrationNode } from '../../sim/controllers/kubelet/registration.js';

const SUBCOMMANDS = 'add, fail, recover, remove or condition';

/** The first name `names` holds twice, if any. */
function givenTwice(names: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return undefined;
}

/** The failure of node names `names` that name one node twice, if they do. */
function repeatedName(names: readonly string[]): ExecResult | undefined {
  const twice = givenTwice(names);
  return twice === undefined ? undefined : fail(`node name "${twice}" is given twice`);
}

function kubeletOf(ctx: VerbContext): Kubelet | undefined {
  return ctx.cluster.controller<Kubelet>('kubelet');
}

function entries(text: string | undefined): string[] {
  return (text ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}

function parseLabels(text: string | undefined): Record<string, string> | { error: string } {
  const out: Record<string, string> = {};
  for (const e of entries(text)) {
    const eq = e.indexOf('=');
    if (eq < 0) return { error: `invalid --labels entry "${e}": expected key=value (key= for an empty value)` };
    const key = e.slice(0, eq);
    const value = e.slice(eq + 1);
    const keyErrs = isQualifiedName(key);
    if (keyErrs.length > 0) return { error: `invalid --labels entry "${e}": invalid key "${key}": ${keyErrs.join('; ')}` };
    const valueErrs = isValidLabelValue(value);
    if (valueErrs.length > 0) return { error: `invalid --labels entry "${e}": invalid value "${value}": ${valueErrs.join('; ')}` };
    out[key] = value;
  }
  return out;
}

function parseTaints(text: string | undefined): Taint[] | { error: string } {
  const out: Taint[] = [];
  for (const e of entries(text)) {
    const t = parseTaint(e);
    if ('error' in t) return { error: `invalid --taints entry "${e}": ${t.error}` };
    if (t.effect === '') return { error: `invalid --taints entry "${e}": a taint needs an effect: key=value:Effect or key:Effect (NoSchedule, PreferNoSchedule or NoExecute)` };
    if (out.some((o) => o.key === t.key && o.effect === t.effect)) return { error: `invalid --taints entry "${e}": a taint with key "${t.key}" and effect ${t.effect} is already listed` };
    out.push({ key: t.key, ...(t.value ? { value: t.value } : {}), effect: t.effect });
  }
  return out;
}

function parseQuantityFlag(flag: string, text: string): string | { error: string } {
  const q = canonicalQuantity(text);
  if (typeof q !== 'string') return { error: `invalid --${flag} "${text}": ${q.error}` };
  const parsed = parseQuantity(text);
  if (!('error' in parsed) && q.startsWith('-')) return { error: `invalid --${flag} "${text}": must not be negative` };
  return q;
}

function parsePaths(text: string | undefined): { path: string; kind: HostPathKind }[] | { error: string } {
  const list = text === undefined ? [...DEFAULT_HOST_PATHS] : entries(text);
  const out: { path: string; kind: HostPathKind }[] = [];
  for (const e of list) {
    const p = parsePathSpec(e);
    if ('error' in p) return { error: `invalid --paths entry "${e}": ${p.error}` };
    out.push(p);
  }
  return out;
}

export const NODE_ADD_FLAGS: readonly FlagSpec[] = [
  { name: 'labels', type: 'string' },
  { name: 'taints', type: 'string' },
  { name: 'cpu', type: 'string' },
  { name: 'memory', type: 'string' },
  { name: 'pods', type: 'string' },
  { name: 'paths', type: 'string' },
];

function add(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const f = parseSimFlags(argv, NODE_ADD_FLAGS, 'node add');
  if ('error' in f) return fail(f.error);
  const kubelet = kubeletOf(ctx);
  if (!kubelet) return fail('this cluster runs no kubelet, so it cannot add machines');
  const names = f.args;
  if (names.length === 0) return fail('sim node add needs at least one node name, e.g. "sim node add node-1"');
  const seen = new Set<string>();
  const existing: string[] = [];
  // Indexed loops over the names: this runs once per command, over up to 10,000 names, too
  // rarely to be optimised, and unoptimised for-of allocates an iterator result per name.
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const errs = isDNS1123Subdomain(name);
    if (errs.length > 0) return fail(`invalid node name "${name}": ${errs.join('; ')}`);
    if (seen.has(name)) return fail(`node name "${name}" is given twice`);
    seen.add(name);
    if (ctx.cluster.api.get('Node', '', name)) existing.push(name);
  }
  if (existing.length > 0) return fail(alreadyExist(existing, names.length));
  const labels = parseLabels(flagString(f, 'labels'));
  if ('error' in labels) return fail(labels.error);
  const taints = parseTaints(flagString(f, 'taints'));
  if ('error' in taints) return fail(taints.error);
  const d = ctx.cluster.defaults;
  const cpu = parseQuantityFlag('cpu', flagString(f, 'cpu') ?? d.nodeCpu);
  if (typeof cpu !== 'string') return fail(cpu.error);
  const memory = parseQuantityFlag('memory', flagString(f, 'memory') ?? d.nodeMemory);
  if (typeof memory !== 'string') return fail(memory.error);
  const podsText = flagString(f, 'pods') ?? String(d.nodePods);
  if (!/^\d+$/.test(podsText)) return fail(`invalid --pods "${podsText}": must be a whole number of pods`);
  const paths = parsePaths(flagString(f, 'paths'));
  if ('error' in paths) return fail(paths.error);

  // One registration and one machine spec for all the names: the machines of one command share
  // their resources, host paths and registration time (the clock does not move inside a command).
  const now = ctx.cluster.now;
  const reg = { labels, taints, cpu, memory, pods: String(Number(podsText)) };
  const spec = { paths, now, bootSeconds: d.nodeBootSeconds };
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const m = kubelet.registerMachine(name, spec);
    const draft = registrationNode(name, m.index, reg, now);
    const r = ctx.client.create(draft, `sim node add: the kubelet of machine ${name} registers its Node`);
    if (!r.ok) {
      kubelet.forgetMachine(name);
      return fail(serverError(r.error), createdLines(names, i));
    }
  }
  return ok(createdLines(names, names.length));
}

/**
 * The API server's AlreadyExists for the first of `existing` (kubectl's words), and, when the
 * command named more than one node, how many of its `total` names exist and that none was added:
 * the verb adds all its names or none, so `sim node add node-{1..5000}` on a cluster that has
 * node-1 to node-3 says which to leave out rather than only that node-1 exists.
 */
function alreadyExist(existing: readonly string[], total: number): string {
  const first = serverError({ code: 409, reason: 'AlreadyExists', message: `nodes "${existing[0]}" already exists` });
  if (total === 1) return first;
  const shown = existing.length <= MAX_NAMES_SHOWN ? existing.join(', ') : `${existing.slice(0, MAX_NAMES_SHOWN).join(', ')} and ${existing.length - MAX_NAMES_SHOWN} more`;
  const which = existing.length === 1 ? `1 of the ${total} nodes already exists` : `${existing.length} of the ${total} nodes already exist`;
  return `${first}\n${which} (${shown}); no node was added`;
}

/** How many existing names `alreadyExist` lists before "and N more". */
const MAX_NAMES_SHOWN = 5;

/**
 * "node/NAME created", a line for each of the first `n` names, joined once (flat): a line
 * appended per node kept the output as a rope of three nodes per node until printed.
 */
function createdLines(names: readonly string[], n: number): string {
  return names.slice(0, n).map((name) => `node/${name} created\n`).join('');
}

/** Checks that every name is a Node with a simulated machine; returns the first problem. */
function checkMachines(ctx: VerbContext, sub: string, names: readonly string[]): ExecResult | undefined {
  if (names.length === 0) return fail(`sim node ${sub} needs a node name, e.g. "sim node ${sub} node-1"`);
  const kubelet = kubeletOf(ctx);
  for (const name of names) {
    if (!ctx.cluster.api.get('Node', '', name)) return fail(serverError(notFound('nodes', name)));
    if (!kubelet?.machine(name)) return fail(`node "${name}" has no simulated machine (it was not added with "sim node add"), so its kubelet cannot be controlled`);
  }
  return undefined;
}

function failOrRecover(ctx: VerbContext, argv: readonly string[], sub: 'fail' | 'recover'): ExecResult {
  const f = parseSimFlags(argv, [], `node ${sub}`);
  if ('error' in f) return fail(f.error);
  const names = f.args;
  const bad = repeatedName(names) ?? checkMachines(ctx, sub, names);
  if (bad) return bad;
  const kubelet = kubeletOf(ctx)!;
  for (const name of names) {
    const running = kubelet.machine(name)!.running;
    if (sub === 'fail' && !running) return fail(`node "${name}" has already failed (bring it back with "sim node recover ${name}")`);
    if (sub === 'recover' && running) return fail(`node "${name}" has not failed: its kubelet is running`);
  }
  // One line per node, joined once (a line appended per node kept a rope until printed).
  const lines: string[] = [];
  const grace = ctx.cluster.defaults.nodeMonitorGracePeriodSeconds;
  if (sub === 'fail') {
    for (const name of names) {
      kubelet.failNode(name, ctx.cluster.now);
      lines.push(`node/${name} failed: its kubelet stopped posting status (Ready turns Unknown after ${grace}s)\n`);
    }
  } else {
    // Neither records an Event, so recovering them all and then emptying their correlator
    // entries leaves what node by node would.
    kubelet.recoverNodes(names, ctx.cluster.now);
    ctx.cluster.restartEventSources('kubelet', names);
    for (const name of names) lines.push(`node/${name} recovered: its kubelet posts status again\n`);
  }
  return ok(lines.join(''));
}

function remove(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const f = parseSimFlags(argv, [], 'node remove');
  if ('error' in f) return fail(f.error);
  const names = f.args;
  if (names.length === 0) return fail('sim node remove needs a node name, e.g. "sim node remove node-1"');
  const twice = repeatedName(names);
  if (twice) return twice;
  for (const name of names) if (!ctx.cluster.api.get('Node', '', name)) return fail(serverError(notFound('nodes', name)));
  // The machines go together once their Nodes are deleted (the kubelet reads nothing of them
  // while the API server deletes the others).
  const removed: string[] = [];
  let error: string | undefined;
  for (const name of names) {
    const node = ctx.cluster.api.get('Node', '', name)!;
    const r = ctx.client.delete(node, `sim node remove: machine ${name} is gone, and its Node object with it`);
    if (!r.ok) {
      error = serverError(r.error);
      break;
    }
    removed.push(name);
  }
  kubeletOf(ctx)?.forgetMachines(removed);
  const lines = removed.map((name) => `node/${name} removed\n`).join('');
  return error === undefined ? ok(lines) : fail(error, lines);
}

function condition(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const f = parseSimFlags(argv, [], 'node condition');
  if ('error' in f) return fail(f.error);
  // Node names first (a name holds no "="), then the conditions, as `kubectl label` reads them.
  const first = f.args.findIndex((a) => a.includes('='));
  const names = first < 0 ? f.args : f.args.slice(0, first);
  const pairs = first < 0 ? [] : f.args.slice(first);
  if (names.length === 0 || pairs.length === 0) return fail('sim node condition needs a node and Type=Status, e.g. "sim node condition node-1 MemoryPressure=True"');
  const bad = repeatedName(names) ?? checkMachines(ctx, 'condition', names);
  if (bad) return bad;
  const settings: { type: NodeConditionType; status: ConditionStatus }[] = [];
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    const type = eq < 0 ? pair : pair.slice(0, eq);
    const status = eq < 0 ? '' : pair.slice(eq + 1);
    if (!(NODE_CONDITION_TYPES as readonly string[]).includes(type)) {
      return fail(`invalid condition "${pair}": unknown type "${type}" (use ${NODE_CONDITION_TYPES.join(', ')})`);
    }
    if (status === 'Unknown') return fail(`invalid condition "${pair}": a running kubelet never posts Unknown; use "sim node fail ${names.join(' ')}" to stop it`);
    if (status !== 'True' && status !== 'False') return fail(`invalid condition "${pair}": the status must be True or False`);
    settings.push({ type: type as NodeConditionType, status });
  }
  const kubelet = kubeletOf(ctx)!;
  const lines: string[] = [];
  for (const node of names) {
    for (const s of settings) {
      kubelet.setNodeCondition(node, s.type, s.status);
      lines.push(`node/${node} condition ${s.type}=${s.status}\n`);
    }
  }
  return ok(lines.join(''));
}

export const node: Verb = (ctx, argv) => {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'add':
      return add(ctx, rest);
    case 'fail':
    case 'recover':
      return failOrRecover(ctx, rest, sub);
    case 'remove':
      return remove(ctx, rest);
    case 'condition':
      return condition(ctx, rest);
    case undefined:
      return fail(`sim node needs a subcommand: ${SUBCOMMANDS} (e.g. "sim node add node-1")`);
    default:
      return fail(`unknown subcommand "${sub}" for "sim node" (use ${SUBCOMMANDS})`);
  }
};
