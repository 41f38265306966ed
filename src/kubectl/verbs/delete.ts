/**
 * `kubectl delete (TYPE NAME... | TYPE/NAME... | TYPE -l SEL | TYPE --all | -f -) [-n NS] [-A]
 * [--grace-period=N] [--now] [--force] [--wait=false] [--timeout=D] [--ignore-not-found]
 * [--cascade=background|orphan|foreground] [--dry-run] [-o name] [-i]` and `kubectl delete --raw URI`
 * (kubectl `pkg/cmd/delete/delete.go`: `Complete`, `Validate`, `RunDelete`, `DeleteResult`, `PrintObj`
 * in delete-print.ts: v1.34's `pod "x" deleted from default namespace`). `-i` asks before deleting (delete-interactive.ts); `--raw`
 * sends a DELETE of its own (delete-raw.ts). `-R` is accepted and changes nothing but what `--raw`
 * allows: the editor's files are flat tabs, with no directory to recurse into.
 *
 * Pods are deleted gracefully by the API server (terminating until their kubelet stops them).
 * Like kubectl, `delete` then waits until every deleted object is gone (`--wait`, default true),
 * which here advances virtual time (wait-deleted.ts). With `--timeout=0` (the default) kubectl
 * would wait up to a week; the playground stops waiting once the longest grace period of the
 * deleted pods plus 60 s has passed, the point where a learner would press Ctrl-C at a pod that
 * can no longer terminate (its node is down): the command then ends quietly, the pod stays
 * Terminating. An explicit `--timeout` is honoured with kubectl's timeout error.
 */
import type { ApiObject, Kind, Pod } from '../../sim/api/types.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { parseDuration } from '../../sim/engine/time.js';
import type { Verb, VerbContext } from '../context.js';
import { ALL_NAMESPACES_FLAG, flagArray, flagBool, flagString, KUSTOMIZE_FLAG, parseFlags, type FlagSpec } from '../flags.js';
import { fail, OutputWriter, type ExecResult } from '../result.js';
import { readInput } from '../apply/input.js';
import { withSource, type CmdError } from './check-err.js';
import { checkContinueOnError } from './file-visit.js';
import { DRY_RUN_FLAG, dryRunStrategy } from './dry-run.js';
import { deletedLine } from './delete-print.js';
import { CASCADE_FLAG, parseCascade } from './cascade.js';
import { confirmationPrompt, confirmed } from './delete-interactive.js';
import { rawDelete, rawRequest } from './delete-raw.js';
import { commandNamespace, lookup, visitTargets, type Target } from './targets.js';
import { waitUntilGone, type DeletedRef } from './wait-deleted.js';

export const FLAGS: readonly FlagSpec[] = [
  ALL_NAMESPACES_FLAG,
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'field-selector', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'grace-period', type: 'int', default: '-1' },
  { name: 'now', type: 'bool' },
  { name: 'force', type: 'bool' },
  { name: 'wait', type: 'bool', default: true },
  { name: 'timeout', type: 'duration', default: '0s' },
  { name: 'ignore-not-found', type: 'bool' },
  CASCADE_FLAG,
  { name: 'output', short: 'o', type: 'string' },
  { name: 'recursive', short: 'R', type: 'bool' },
  { name: 'raw', type: 'string' },
  { name: 'interactive', short: 'i', type: 'bool' },
  DRY_RUN_FLAG,
];

const NO_RESOURCES =
  "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'";

/** After the longest grace period, how long the playground keeps waiting before "Ctrl-C". */
const PATIENCE_MS = 60_000;

export const del: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'delete');
  if ('error' in flags) return fail(flags.error);
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const graceText = flagString(flags, 'grace-period') ?? '-1';
  if (!/^-?\d+$/.test(graceText)) return fail(`error: invalid argument "${graceText}" for "--grace-period" flag: strconv.ParseInt: parsing "${graceText}": invalid syntax\nSee 'kubectl delete --help' for usage.`);
  let grace = Number(graceText);
  const force = flagBool(flags, 'force');
  if (flagBool(flags, 'now')) {
    if (grace !== -1) return fail('error: --now and --grace-period cannot be specified together');
    grace = 1;
  }
  if (grace === 0 && !force) grace = 1;
  if (force && grace < 0) grace = 0;
  // DeleteFlags.ToOptions: parseCascadingFlag (booleans still parse, with a warning).
  const parsedCascade = parseCascade(flagString(flags, 'cascade') ?? 'background');
  if ('error' in parsedCascade) return fail(parsedCascade.error);
  const cascade = parsedCascade.cascade;
  const w = new OutputWriter();
  if (parsedCascade.warning) w.warn(parsedCascade.warning);
  const output = flagString(flags, 'output') ?? '';
  if (output !== '' && output !== 'name') return fail(`error: unexpected -o output mode: ${output}. We only support '-o name'`);
  const all = flagBool(flags, 'all');
  const selector = flagString(flags, 'selector');
  const fieldSelector = flagString(flags, 'field-selector');
  if (all && selector) return fail('error: cannot set --all and --selector at the same time');
  if (all && fieldSelector) return fail('error: cannot set --all and --field-selector at the same time');
  if (grace === 0 && force) w.warn('Warning: Immediate deletion does not wait for confirmation that the running resource has been terminated. The resource may continue to run on the cluster indefinitely.\n');
  if (grace > 0 && force) return fail('error: --force and --grace-period greater than 0 cannot be specified together', '');
  const timeout = parseDuration(flagString(flags, 'timeout') ?? '0s');
  if (typeof timeout !== 'number') return fail(`error: invalid argument "${flagString(flags, 'timeout')}" for "--timeout" flag: ${timeout.error}`);
  const raw = flagString(flags, 'raw') ?? '';
  if (raw !== '') {
    const req = rawRequest(flags, raw);
    if ('error' in req) {
      w.warn(`${req.error}\n`);
      return w.result(1);
    }
    const answer = rawDelete(ctx, flags, req);
    w.append(answer);
    return w.result(answer.exitCode);
  }
  const ignoreNotFound = flags.values.has('ignore-not-found') ? flagBool(flags, 'ignore-not-found') : all || !!selector || !!fieldSelector;

  const ns = commandNamespace(flags);
  const collected = collectTargets(ctx, flags.args, flagArray(flags, 'filename'), { ns: ns.namespace, explicit: ns.explicit, selector, fieldSelector, all, allNamespaces: flagBool(flags, 'all-namespaces') });
  if ('error' in collected) {
    w.warn(collected.error.endsWith('\n') ? collected.error : `${collected.error}\n`);
    return w.result(1);
  }
  const { targets, listErrors } = collected;
  if (flagBool(flags, 'interactive')) {
    // RunDelete's preview: the objects as the builder lists them (named ones unfetched), errors ending the command.
    const previewErrors = targets.flatMap((t) => ('error' in t ? [{ message: t.error }] : []));
    if (previewErrors.length + listErrors.length > 0) {
      w.warn(checkContinueOnError(previewErrors, listErrors));
      return w.result(1);
    }
    if (targets.length === 0) {
      w.print('No resources found\n');
      return w.result(0);
    }
    w.print(confirmationPrompt(targets.filter((t): t is Target => !('error' in t))));
    // `-f -` has read standard input to its end before the question is asked.
    if (!confirmed(flagArray(flags, 'filename').includes('-') ? '' : (ctx.stdin ?? ''))) {
      w.print('deletion is cancelled\n');
      return w.result(0);
    }
  }

  const errors: CmdError[] = [];
  const deleted: DeletedRef[] = [];
  let warnClusterScope = ns.explicit && !flagBool(flags, 'all-namespaces');
  let found = 0;
  let longestGraceMs = 0;
  for (const t of targets) {
    if ('error' in t) {
      errors.push({ message: t.error });
      continue;
    }
    found++;
    if (warnClusterScope && !t.info.namespaced) {
      w.warn('Warning: deleting cluster-scoped resources, not scoped to the provided namespace\n');
      warnClusterScope = false;
    }
    const line = deletedLine(t.info, t.namespace, t.name, grace, dryRun, output);
    if (dryRun === 'client') {
      w.print(line);
      continue;
    }
    if (!t.obj) {
      if (!ignoreNotFound) errors.push({ status: t.source ? withSource('deleting', t.source, t.missing!) : t.missing! });
      continue;
    }
    const opts = { ...(grace >= 0 ? { gracePeriodSeconds: grace } : {}), ...(dryRun === 'server' ? { dryRun: true } : {}), propagationPolicy: cascade };
    const r = dryRun === 'server' ? ctx.cluster.api.delete(t.obj.kind, t.namespace, t.name, opts) : ctx.client.delete(t.obj, `${ctx.line}: delete ${kubectlKindPrefix(t.info.kind)}/${t.name}`, opts);
    if (!r.ok) {
      if (!(ignoreNotFound && r.error.reason === 'NotFound')) errors.push({ status: t.source ? withSource('deleting', t.source, r.error) : r.error });
      continue;
    }
    w.print(line);
    deleted.push({ kind: t.obj.kind as Kind, namespace: t.namespace, name: t.name, uid: t.obj.metadata.uid });
    if (t.obj.kind === 'Pod') longestGraceMs = Math.max(longestGraceMs, podGraceMs(t.obj, grace));
  }
  if (errors.length + listErrors.length > 0) {
    w.warn(checkContinueOnError(errors, listErrors));
    return w.result(1);
  }
  if (found === 0) w.print('No resources found\n');
  if (found === 0 || !flagBool(flags, 'wait') || dryRun !== 'none' || deleted.length === 0) return w.result(0);
  const limit = timeout > 0 ? timeout : longestGraceMs + PATIENCE_MS;
  const left = waitUntilGone(ctx, deleted, limit);
  if (left.length > 0 && timeout > 0) {
    const r = left[0]!;
    const resource = targets.find((t) => !('error' in t) && t.name === r.name && t.namespace === r.namespace) as Target | undefined;
    w.warn(`error: timed out waiting for the condition on ${resource?.info.resource ?? 'pods'}/${r.name}\n`);
    return w.result(1);
  }
  return w.result(0);
};

function podGraceMs(pod: ApiObject, grace: number): number {
  const p = pod as Pod;
  return (grace >= 0 ? grace : (p.spec.terminationGracePeriodSeconds ?? 30)) * 1000;
}

interface Scope {
  readonly ns: string;
  readonly explicit: boolean;
  readonly selector: string | undefined;
  readonly fieldSelector: string | undefined;
  readonly all: boolean;
  readonly allNamespaces: boolean;
}

type DeleteTarget = (Target & { readonly source?: string }) | { readonly error: string };

/** The objects named by arguments or by `-f`, in order, errors for the unreadable ones; then the lists the API server refused. */
interface Collected {
  readonly targets: readonly DeleteTarget[];
  readonly listErrors: readonly CmdError[];
}

/** The builder of `DeleteOptions.Complete` (`FilenameParam`, selectors, `SelectAllParam`, `AllNamespaces`, `ResourceTypeOrNameArgs(false)`). */
function collectTargets(ctx: VerbContext, args: readonly string[], filenames: readonly string[], s: Scope): Collected | { error: string } {
  if (filenames.length > 0) {
    if (args.length > 0) return { error: 'error: Unexpected args: [' + args.join(' ') + "]\nSee 'kubectl delete -h' for help and examples" };
    const items = readInput({ filenames, stdin: ctx.stdin, readFile: ctx.readFile, validate: 'ignore', namespace: s.ns, enforceNamespace: s.explicit });
    if ('error' in items) return items;
    return { targets: items.map((it) => ('error' in it ? it : { ...lookup(ctx, it.info, it.namespace, it.name), source: it.source })), listErrors: [] };
  }
  // Without arguments a selector or --all is still refused by the builder, in its own words.
  if (args.length === 0 && !s.selector?.trim() && !s.fieldSelector?.trim() && !s.all) return { error: NO_RESOURCES };
  return visitTargets(ctx, {
    args,
    namespace: s.ns,
    ...(s.selector ? { selector: s.selector } : {}),
    ...(s.fieldSelector ? { fieldSelector: s.fieldSelector } : {}),
    selectAll: s.all,
    allNamespaces: s.allNamespaces,
  });
}
