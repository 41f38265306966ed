/**
 * One object of `kubectl apply` (kubectl `pkg/cmd/apply/apply.go: applyOneObject`,
 * `patcher.go: Patcher.Patch/patchSimple`), against the simulated API server.
 *
 * - Absent object: created with the last-applied annotation -> `created`.
 * - Present object: the three-way strategic merge patch (three-way.ts) between the annotation,
 *   the manifest and the live object; `{}` -> `unchanged`, else the patch is applied as the
 *   server would (strategic-merge.ts) and the result stored with an update -> `configured`.
 * - The API server's strict decoding (`--validate`): an unknown field rejects the object
 *   (strict) or is dropped with a `Warning:` (warn) or silently (ignore); a wrongly typed value
 *   always rejects it. A create is decoded by the JSON serializer (`... cannot be handled as a
 *   DaemonSet: strict decoding error: ...`); a patch of an existing object is applied to the live
 *   object and the result decoded by the unstructured converter (`applyPatchToObject`), whose
 *   failures are an Invalid error without kind or name on the field `patch`, the bad value being
 *   the patch as Go's `%+v` prints the map: `The request is invalid: patch: Invalid value:
 *   "map[...]": strict decoding error: unknown field "spec.replicas"`.
 * - Keys written twice in the YAML never reach the server: kubectl's YAML-to-JSON step keeps the
 *   last one (kubernetes/kubernetes#99286, #125885), so they are not reported here.
 * - `--dry-run=client` sends nothing; `--dry-run=server` runs the server's checks, stores nothing.
 * - `kubectl diff` computes its would-be object through this same path (`flavor: 'diff'`, always a
 *   server dry run; diff.go `InfoObject.Merged`): the manifest is sent without the last-applied
 *   annotation (a create of the object as read; a patch from `GetModifiedConfiguration(obj,
 *   annotate=false)`, so the live annotation stays), only the patcher's own error wrapping
 *   (`error when patching "FILE"`) applies, and apply's missing-annotation warning is not printed.
 * - A live object that is being deleted gets `WarnIfDeleting`'s warning after the patch.
 * - A patch kubectl cannot work out fails before anything is sent. kubectl tries the OpenAPI v3
 *   schema, then v2, then its built-in types; the first two failures are only warnings
 *   (`warning: error calculating patch from openapi v3 spec: ...`), the third is the error.
 * - `--overwrite=false` makes the patch refuse a field the live object changed since the last
 *   apply (three-way.ts). `--force` turns a patch the server refuses as Invalid or Conflict into
 *   a delete and a create (force-recreate.ts), printed as `configured`; kubectl wraps its errors
 *   as patch errors, the patch being the whole manifest.
 * - What the server stores is the decoded object written back by Go's encoder: zero values of
 *   `omitempty` fields are gone (manifest/omitempty.ts). The last-applied annotation keeps the
 *   manifest as kubectl serialised it, zeros included, so re-applying a manifest with such a
 *   zero (`hostNetwork: false`, `value: ""`) patches it in again and prints `configured` every
 *   time, never `unchanged`, while the stored object does not change (kubernetes/kubernetes#114777).
 * - The object handed back for printing is `info.Object` after apply.go's `info.Refresh`: the
 *   server's answer to the create or the patch (a server dry run's too); the live object when the
 *   patch is `{}` (`patchSimple` returns what it read); under `--dry-run=client` the manifest with
 *   its annotation and without null map values (`pruneNullsFromMap`) for a create, and for an
 *   existing object the live one that `info.Get` read, not the merge: kubectl up to 1.35 never
 *   works the merge out locally (kubernetes/kubernetes#134640, changed in 1.36 by #135513).
 */
import { decodeObject, formatDecodeError, omitEmpty, withDecodedNulls, type ValidateMode } from '../../manifest/index.js';
import type { ApiObject, Kind, Node } from '../../sim/api/types.js';
import { goQuote } from '../../sim/api/goquote.js';
import { badRequest, type StatusError } from '../../sim/apiserver/errors.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { withSource, type CmdError } from '../verbs/check-err.js';
import type { DryRun } from '../verbs/dry-run.js';
import { dropFields } from './drop-fields.js';
import { deleteAndCreate, type ForceOptions } from './force-recreate.js';
import { infoString, type InputObject } from './input.js';
import { goJson, isMap, type Json, type JsonMap } from './json.js';
import { hasLastApplied, LAST_APPLIED, modifiedConfiguration, originalConfiguration } from './last-applied.js';
import { PatchError } from './list-order.js';
import { reportedNodeStatus, withKubeletLabels } from './node-registration.js';
import { kindPatchMeta } from './patch-schema.js';
import { describe, strategicMerge } from './strategic-merge.js';
import { threeWayPatch } from './three-way.js';

/** What apply did to an object: the operation its name printer reports (`daemonset.apps/x configured`). */
export type ApplyOperation = 'created' | 'configured' | 'unchanged';

/**
 * One object's outcome. `stderr` holds warnings as apply prints them: its own, the server's, then
 * `WarnIfDeleting`'s. A success carries the operation and the object to print (see above).
 */
export type ObjectOutcome =
  | { readonly stderr: string; readonly error: CmdError; readonly operation?: undefined; readonly obj?: undefined }
  | { readonly stderr: string; readonly error?: undefined; readonly operation: ApplyOperation; readonly obj: ApiObject };

/** Whose request this is: `kubectl apply`, or `kubectl diff` computing its would-be object. */
export type ApplyFlavor = 'apply' | 'diff';

/** What apply's patcher takes from the flags (`newPatcher`): `--overwrite`, and with `--force` the deletion flags. */
export interface PatcherOptions {
  readonly overwrite: boolean;
  readonly force?: ForceOptions | undefined;
}

/** The patcher without `--overwrite=false` or `--force` (diff's, and apply's by default). */
const DEFAULT_PATCHER: PatcherOptions = { overwrite: true };

/**
 * Applies one input object (apply.go `applyOneObject` for client-side apply, with the patcher's
 * `Patch`): creates it, patches it, or leaves it unchanged, and says which, or why it failed.
 */
export function applyObject(
  ctx: VerbContext,
  item: InputObject,
  validate: ValidateMode,
  dryRun: DryRun,
  flavor: ApplyFlavor = 'apply',
  patcher: PatcherOptions = DEFAULT_PATCHER,
): ObjectOutcome {
  const { info, namespace, name, source } = item;
  if (!name) {
    return { stderr: '', error: { message: `error when retrieving current configuration of:\n${infoString(info, namespace, name)}\nfrom server for: "${source}": resource name may not be empty` } };
  }
  const annotate = flavor === 'apply';
  const decoded = decodeObject(item.obj, validate);
  const decodeError = decoded.error ? badRequest(formatDecodeError(info.kind, info.version, decoded.error)) : undefined;
  const warnings = decoded.warnings.map((w) => `Warning: ${w}\n`).join('');
  const { modified, annotation } = modifiedConfiguration(item.obj, annotate);
  const dropped = dropFields(item.obj, decoded.unknownFields);
  const clean = annotate ? withAnnotation(dropped, annotation) : dropped;
  const current = ctx.cluster.api.get(info.kind as Kind, namespace, name);
  // apply.go wraps a failed create with its source; diff returns the helper's error as it is.
  const creating = (status: StatusError) => (annotate ? withSource('creating', source, status) : status);

  if (!current) {
    if (decodeError) return { stderr: '', error: { status: creating(decodeError) } };
    if (dryRun === 'client') return { operation: 'created', stderr: '', obj: withoutNullValues(withAnnotation(item.obj, annotation)) as unknown as ApiObject };
    const sent = omitEmpty(withDecodedNulls(clean));
    const draft = (info.kind === 'Node' ? withKubeletLabels(sent, name) : sent) as unknown as ApiObject;
    const r = dryRun === 'server' ? ctx.cluster.api.create(draft, { dryRun: true }) : ctx.client.create(draft, `kubectl apply: create ${kubectlKindPrefix(info.kind)}/${name}`);
    if (!r.ok) return { stderr: warnings, error: { status: creating(r.error) } };
    if (r.obj.kind === 'Node' && dryRun === 'none') {
      const status = reportedNodeStatus(sent, r.obj);
      if (status) ctx.client.updateStatus({ ...r.obj, status } as Node, `kubectl apply: node/${name} reports its capacity`);
    }
    return { operation: 'created', stderr: warnings, obj: r.obj };
  }

  if (dryRun === 'client') return { operation: 'configured', stderr: '', obj: current };
  const live = current as unknown as JsonMap;
  const noAnnotation =
    !annotate || hasLastApplied(live)
      ? ''
      : `Warning: resource ${info.resource}/${name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`;
  const original = originalConfiguration(live) ?? {};
  const meta = kindPatchMeta(info.kind);
  let patch: JsonMap;
  let patched: JsonMap;
  try {
    patch = threeWayPatch(original, modified, live, meta, patcher.overwrite);
    patched = strategicMerge(live, patch, meta);
  } catch (e) {
    if (!(e instanceof PatchError)) throw e;
    // patchSimple warns of the OpenAPI v3 and v2 attempts, then fails with the built-in types'
    // `createPatchErrFormat` (each document as the JSON encoder ends it, with a newline), wrapped
    // by the patcher's `AddSourceToErr("patching")`, and by apply.go's wrapper around that.
    const fallbacks = `warning: error calculating patch from openapi v3 spec: ${e.message}\nwarning: error calculating patch from openapi spec: ${e.message}\n`;
    const text = `error when patching "${source}": creating patch with:\noriginal:\n${goJson(original)}\n\nmodified:\n${goJson(modified)}\n\ncurrent:\n${goJson(live)}\n\nfor: ${e.message}`;
    const message = annotate ? `error when applying patch:\n\nto:\n${infoString(info, namespace, name)}\nfor: "${source}": ${text}` : text;
    return { stderr: noAnnotation + fallbacks, error: { message } };
  }
  const patchText = goJson(patch);
  if (patchText === '{}') return { operation: 'unchanged', stderr: noAnnotation + warnIfDeleting(current), obj: current };
  // The patcher wraps a failed patch with its source; apply.go wraps that once more.
  const patching = (status: StatusError) =>
    annotate
      ? withSource(`applying patch:\n${patchText}\nto:\n${infoString(info, namespace, name)}\nfor:`, source, withSource('patching', source, status))
      : withSource('patching', source, status);
  // Patcher.Patch: with --force, a patch refused as Invalid or Conflict becomes a delete and a create.
  const refused = (stderr: string, status: StatusError, alone?: string): ObjectOutcome => {
    if (!patcher.force || (status.reason !== 'Invalid' && status.reason !== 'Conflict')) return { stderr, error: { status: patching(status), ...(alone ? { alone } : {}) } };
    const out = deleteAndCreate(ctx, item, current, modified, validate, patcher.force);
    if (!out.error) return { operation: 'configured', stderr: stderr + out.warnings + warnIfDeleting(out.obj), obj: out.obj };
    const wrapper = `applying patch:\n${goJson(modified)}\n\nto:\n${infoString(info, namespace, name)}\nfor:`;
    const error = 'status' in out.error ? { status: withSource(wrapper, source, out.error.status) } : { message: `error when ${wrapper} "${source}": ${out.error.message}` };
    return { stderr: stderr + out.warnings, error };
  };
  // The server applies the patch to the live object and decodes the result (strategicPatchObject).
  const result = decodeObject({ ...patched, apiVersion: info.group ? `${info.group}/${info.version}` : info.version, kind: info.kind }, validate, { flavor: 'unstructured' });
  if (result.error) {
    const detail = `patch: Invalid value: ${goQuote(describe(patch))}: ${result.error}`;
    const status: StatusError = { code: 422, reason: 'Invalid', message: ` "" is invalid: ${detail}`, causes: [{ field: 'patch', message: detail }] };
    return refused(noAnnotation, status, `The request is invalid: ${detail}`);
  }
  const patchWarnings = result.warnings.map((w) => `Warning: ${w}\n`).join('');
  const obj = omitEmpty(withDecodedNulls(dropFields(patched, result.unknownFields))) as unknown as ApiObject;
  const r = dryRun === 'server' ? ctx.cluster.api.update(obj, { dryRun: true }) : ctx.client.update(obj, `kubectl apply: configure ${kubectlKindPrefix(info.kind)}/${name}`);
  if (!r.ok) return refused(noAnnotation + patchWarnings, r.error);
  return { operation: 'configured', stderr: noAnnotation + patchWarnings + warnIfDeleting(r.obj), obj: r.obj };
}

/** `WarnIfDeleting`: the warning for an object that has a deletionTimestamp. */
export function warnIfDeleting(obj: ApiObject): string {
  return obj.metadata.deletionTimestamp ? `Warning: Detected changes to resource ${obj.metadata.name} which is currently being deleted.\n` : '';
}

/**
 * `pruneNullsFromMap`: a copy without the map entries whose value is null, at every depth; list
 * items stay as they are (a null item too). apply.go does this to a created object after writing
 * its annotation, so the annotation keeps the nulls.
 */
function withoutNullValues(v: Json): Json {
  if (Array.isArray(v)) return v.map(withoutNullValues);
  if (!isMap(v)) return v;
  const out: JsonMap = {};
  for (const [k, x] of Object.entries(v)) if (x !== null) out[k] = withoutNullValues(x);
  return out;
}

function withAnnotation(obj: JsonMap, annotation: string): JsonMap {
  const meta = (obj.metadata ?? {}) as JsonMap;
  const annotations = { ...((meta.annotations ?? {}) as JsonMap), [LAST_APPLIED]: annotation };
  return { ...obj, metadata: { ...meta, annotations } };
}
