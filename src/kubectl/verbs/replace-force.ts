/**
 * `kubectl replace --force -f FILE|-`: delete, wait until gone, create again (kubectl v1.34
 * `pkg/cmd/replace/replace.go` `forceReplace`; `pkg/cmd/delete/delete.go`
 * `DeleteOptions.DeleteResult` and `PrintObj`, with the options `replace` gives them:
 * not-found ignored, `--grace-period=0` made 1 with a wait).
 *
 * 1. Standard input is first copied to a temporary file, and the manifest is read from there:
 *    messages that name the source name that file (`/tmp/kubectl_replace_NNN/resource.stdin`;
 *    NNN is random in real kubectl, fixed here).
 * 2. Each object is deleted (`--grace-period`, `--cascade`; one that does not exist is skipped
 *    without a word): `daemonset.apps "x" deleted from default namespace` (delete-print.ts), or `daemonset.apps/x` with `-o name`. Any
 *    error here (a refused delete, a kind the cluster does not serve, a namespace mismatch) ends
 *    the command before anything is created: what was deleted stays deleted, as with kubectl.
 *    No object at all prints `No resources found` and carries on.
 * 3. With `--wait` or `--grace-period=0`, the deleted objects are waited for as `delete` waits
 *    (without `--timeout`, the playground stops once the longest pod grace period plus 60 s has
 *    passed, where real kubectl would wait up to a week).
 * 4. For each object, a GET every second until it answers NotFound, for up to `--timeout`
 *    (default 5 minutes), else `error: timed out waiting for the condition` and nothing is
 *    created. Virtual time moves in the poll's whole seconds. A Pod takes its grace period.
 * 5. Each object is created (`CreateOrUpdateAnnotation`, then `Helper.Create`, which clears the
 *    resourceVersion; request-body.ts `postObject`): `daemonset.apps/x replaced`. These errors
 *    are the API server's without the source, as kubectl returns them. Nothing created and no
 *    error: `no objects passed to replace`.
 */
import type { Kind, Pod } from '../../sim/api/types.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { fail, OutputWriter, type ExecResult } from '../result.js';
import { unreadablePath, type InputItem, type InputObject } from '../apply/input.js';
import { isMap, type JsonMap } from '../apply/json.js';
import { createOrUpdateAnnotation } from '../apply/last-applied.js';
import { checkErr, withSource, type CmdError } from './check-err.js';
import { deletedLine } from './delete-print.js';
import type { Printer, ReplaceOptions } from './replace.js';
import { postObject } from './request-body.js';
import { waitUntilGone, type DeletedRef } from './wait-deleted.js';

/** Where `forceReplace` dumps standard input (`os.MkdirTemp("", "kubectl_replace_")`). */
export const STDIN_COPY = '/tmp/kubectl_replace_2143950381/resource.stdin';

/** `forceReplace`'s poll timeout when `--timeout` is not given. */
const POLL_TIMEOUT_MS = 5 * 60_000;

/** After the longest grace period, how long the playground keeps waiting before "Ctrl-C" (as `delete`). */
const PATIENCE_MS = 60_000;

export function forceReplace(ctx: VerbContext, o: ReplaceOptions, read: () => InputItem[] | { error: string }, print: Printer): ExecResult {
  const builder = builderError(ctx, o);
  if (builder) return fail(builder);
  const items = read();
  if ('error' in items) return fail(items.error);

  const w = new OutputWriter();
  const errors: CmdError[] = [];
  const streamErrors: string[] = [];
  const infos: InputObject[] = [];
  const deleted: DeletedRef[] = [];
  let longestGraceMs = 0;
  for (const item of items) {
    if ('error' in item) {
      if (item.fromStream) streamErrors.push(item.error);
      else errors.push({ message: item.error });
      continue;
    }
    infos.push(item);
    const { info, namespace, name, source } = item;
    const what = kubectlKindPrefix(info.kind);
    if (!name) {
      errors.push({ message: `error when deleting "${source}": resource name may not be empty` });
      continue;
    }
    const live = ctx.cluster.api.get(info.kind, namespace, name);
    if (!live) continue;
    const opts = { ...(o.grace >= 0 ? { gracePeriodSeconds: o.grace } : {}), propagationPolicy: o.cascade };
    const r = ctx.client.delete(live, `kubectl replace --force: delete ${what}/${name}`, opts);
    if (!r.ok) {
      if (r.error.reason !== 'NotFound') errors.push({ status: withSource('deleting', source, r.error) });
      continue;
    }
    w.print(deletedLine(info, namespace, name, o.grace, 'none', o.output));
    deleted.push({ kind: info.kind as Kind, namespace, name, uid: live.metadata.uid });
    if (live.kind === 'Pod') longestGraceMs = Math.max(longestGraceMs, (o.grace >= 0 ? o.grace : ((live as Pod).spec.terminationGracePeriodSeconds ?? 30)) * 1000);
  }
  const deleteErrors = visitErrors(errors, streamErrors);
  if (deleteErrors.length > 0) {
    w.warn(checkErr(deleteErrors));
    return w.result(1);
  }
  if (infos.length === 0) w.print('No resources found\n');
  else if (o.waitForDeletion && deleted.length > 0) {
    const left = waitUntilGone(ctx, deleted, o.timeoutMs > 0 ? o.timeoutMs : longestGraceMs + PATIENCE_MS);
    if (left.length > 0 && o.timeoutMs > 0) {
      const ref = left[0]!;
      const resource = infos.find((i) => i.name === ref.name && i.namespace === ref.namespace)?.info.resource ?? 'pods';
      w.warn(`error: timed out waiting for the condition on ${resource}/${ref.name}\n`);
      return w.result(1);
    }
  }

  ctx.cluster.settle(ctx.line);
  const limit = o.timeoutMs !== 0 ? o.timeoutMs : POLL_TIMEOUT_MS;
  for (const item of infos) {
    if (!pollUntilNotFound(ctx, item, limit)) {
      w.warn('error: timed out waiting for the condition\n');
      return w.result(1);
    }
  }

  let count = 0;
  const createErrors: CmdError[] = [];
  for (const item of infos) {
    const sent = withoutResourceVersion(createOrUpdateAnnotation(item.obj, o.saveConfig));
    const out = postObject(ctx, item, sent, o.validate, 'none', 'kubectl replace --force');
    // The server's warnings come with its answer, before kubectl prints the object.
    w.warn(out.warnings);
    if (out.error) createErrors.push({ status: out.error });
    if (!out.created) continue;
    count++;
    w.print(print(out.created, item.info.kind, out.created.metadata.name));
  }
  w.warn(checkErr(createErrors));
  if (createErrors.length === 0 && count === 0) w.warn('error: no objects passed to replace\n');
  return w.result(createErrors.length > 0 || count === 0 ? 1 : 0);
}

/**
 * What `r.Visit` of a `ContinueOnError` builder returns to CheckErr: the errors raised per object
 * (the namespace check, the request) in stream order, then the stream's own (an unserved kind) as
 * one nested aggregate, which prints on one line as `[a, b]` when it is not alone.
 */
export function visitErrors(inOrder: readonly CmdError[], fromStream: readonly string[]): CmdError[] {
  if (inOrder.length === 0 || fromStream.length <= 1) return [...inOrder, ...fromStream.map((message) => ({ message }))];
  const unique = [...new Set(fromStream)];
  return [...inOrder, { message: unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]` }];
}

/**
 * The first builder's errors before it reads anything: `ResourceTypeOrNameArgs` takes the
 * positional arguments, which cannot go with `-f`; a path that does not exist.
 */
function builderError(ctx: VerbContext, o: ReplaceOptions): string | undefined {
  const slashed = o.args.filter((a) => a.includes('/')).length;
  if (slashed > 0 && slashed < o.args.length) {
    return "error: there is no need to specify a resource type as a separate argument when passing arguments in resource/name form (e.g. 'kubectl get resource/<resource_name>' instead of 'kubectl get resource resource/<resource_name>'";
  }
  const missing = o.filenames.find((f) => f !== '-' && ctx.readFile?.(f) === undefined);
  if (missing !== undefined) return unreadablePath(missing);
  if (slashed > 0) return 'error: resource/name arguments cannot be provided when a path is specified';
  if (o.args.length > 0) return 'error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well';
  return undefined;
}

/**
 * `wait.PollImmediate(1s, limit, info.Get() is NotFound)`, moving virtual time a second a poll
 * (also apply --force's `PollUntilContextTimeout(1s, timeout, immediate)`: a 0 limit looks once).
 */
export function pollUntilNotFound(ctx: VerbContext, item: InputObject, limitMs: number): boolean {
  const start = ctx.cluster.now;
  for (let waited = 0; ; waited += 1000) {
    if (!ctx.cluster.api.get(item.info.kind, item.namespace, item.name)) return true;
    if (waited + 1000 > limitMs) return false;
    ctx.cluster.advanceTo(start + waited + 1000);
  }
}

/** `Helper.Create(modify=true)`: a resourceVersion is cleared before the POST. */
export function withoutResourceVersion(obj: JsonMap): JsonMap {
  if (!isMap(obj.metadata) || !('resourceVersion' in obj.metadata)) return obj;
  const { resourceVersion: _cleared, ...metadata } = obj.metadata;
  return { ...obj, metadata };
}
