/**
 * `kubectl apply --force` for an object whose patch the API server refused as Invalid (an
 * immutable field, such as a DaemonSet's `spec.selector`) or Conflict: kubectl v1.34
 * `pkg/cmd/apply/patcher.go` `Patcher.Patch`, `deleteAndCreate`, `delete` (with
 * `asDeleteOptions`).
 *
 * 1. The live object is deleted with `--grace-period` (when not negative) and `--cascade`
 *    (background by default: a DaemonSet goes at once and the garbage collector then removes its
 *    pods).
 * 2. It is looked up at once, then every second until it is gone, for up to `--timeout`. With the
 *    default 0 it is looked up once: an object still there (a pod in its grace period, an owner
 *    kept by `--cascade=foreground`) ends the apply with `context deadline exceeded`, deleted and
 *    not created again. Waiting moves the virtual clock, the cluster settled first so the kubelet
 *    sees the deletion.
 * 3. The manifest, with its last-applied annotation (apply's `modified`), is created with apply's
 *    field validation (`Helper.Create`, which clears a resourceVersion); replace-force.ts and
 *    request-body.ts do the polling and the request.
 * 4. If that create fails, the object as read before the delete is created again (with a new uid,
 *    as any create), and the create's error is still the apply's; if the restore fails too, both
 *    errors are reported as one.
 * Nothing is printed for the delete: apply reports the object as `configured`. The errors come
 * back bare; apply.go wraps them (`error when applying patch: ...`).
 */
import type { ValidateMode } from '../../manifest/index.js';
import type { ApiObject } from '../../sim/api/types.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import type { Cascade } from '../verbs/cascade.js';
import type { CmdError } from '../verbs/check-err.js';
import { pollUntilNotFound, withoutResourceVersion } from '../verbs/replace-force.js';
import { postObject } from '../verbs/request-body.js';
import type { InputObject } from './input.js';
import type { JsonMap } from './json.js';

/** The deletion flags the patcher takes from apply's `DeleteOptions`. */
export interface ForceOptions {
  /** `--grace-period`; negative leaves each object's own. */
  readonly grace: number;
  readonly cascade: Cascade;
  /** `--timeout` in ms: how long to wait for the old object to be gone (0: look once). */
  readonly timeoutMs: number;
}

/** The created (or, on failure, restored) object, or the error; `warnings` are the server's, in order. */
export type RecreateOutcome = { readonly obj: ApiObject; readonly warnings: string; readonly error?: undefined } | { readonly error: CmdError; readonly warnings: string };

/** `deleteAndCreate(live, modified)` for the manifest object `item`. */
export function deleteAndCreate(ctx: VerbContext, item: InputObject, live: ApiObject, modified: JsonMap, validate: ValidateMode, o: ForceOptions): RecreateOutcome {
  const verb = `kubectl apply --force`;
  const opts = { ...(o.grace >= 0 ? { gracePeriodSeconds: o.grace } : {}), propagationPolicy: o.cascade };
  const deleted = ctx.client.delete(live, `${verb}: delete ${kubectlKindPrefix(item.info.kind)}/${item.name}`, opts);
  if (!deleted.ok) return { error: { status: deleted.error }, warnings: '' };
  if (o.timeoutMs > 0 && ctx.cluster.api.get(item.info.kind, item.namespace, item.name)) ctx.cluster.settle(ctx.line);
  if (!pollUntilNotFound(ctx, item, o.timeoutMs)) return { error: { message: 'context deadline exceeded' }, warnings: '' };
  const created = postObject(ctx, item, withoutResourceVersion(modified), validate, 'none', verb);
  if (created.created) return { obj: created.created, warnings: created.warnings };
  const failure = created.error!;
  const restored = postObject(ctx, item, withoutResourceVersion(live as unknown as JsonMap), validate, 'none', `${verb} (restore)`);
  const warnings = created.warnings + restored.warnings;
  if (restored.created) return { error: { status: failure }, warnings };
  return {
    error: {
      message: `An error occurred force-replacing the existing object with the newly provided one:\n\n${failure.message}.\n\nAdditionally, an error occurred attempting to restore the original object:\n\n${restored.error!.message}`,
    },
    warnings,
  };
}
