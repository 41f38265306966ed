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
 * - What the server stores is the decoded object written back by Go's encoder: zero values of
 *   `omitempty` fields are gone (manifest/omitempty.ts). The last-applied annotation keeps the
 *   manifest as kubectl serialised it, zeros included, so re-applying a manifest with such a
 *   zero (`hostNetwork: false`, `value: ""`) patches it in again and prints `configured` every
 *   time, never `unchanged`, while the stored object does not change (kubernetes/kubernetes#114777).
 */
import { decodeObject, formatDecodeError, omitEmpty, withDecodedNulls, type ValidateMode } from '../../manifest/index.js';
import type { ApiObject, Kind, Node } from '../../sim/api/types.js';
import { goQuote } from '../../sim/api/goquote.js';
import { badRequest, type StatusError } from '../../sim/apiserver/errors.js';
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { withSource, type CmdError } from '../verbs/check-err.js';
import { dryRunSuffix, type DryRun } from '../verbs/dry-run.js';
import { dropFields } from './drop-fields.js';
import { infoString, type InputObject } from './input.js';
import { goJson, type JsonMap } from './json.js';
import { hasLastApplied, LAST_APPLIED, modifiedConfiguration, originalConfiguration } from './last-applied.js';
import { PatchError } from './list-order.js';
import { reportedNodeStatus, withKubeletLabels } from './node-registration.js';
import { kindPatchMeta } from './patch-schema.js';
import { describe, strategicMerge } from './strategic-merge.js';
import { threeWayPatch } from './three-way.js';

export interface ObjectOutcome {
  readonly stdout: string;
  /** Warnings printed as the server answered. */
  readonly stderr: string;
  readonly error?: CmdError;
}

export function applyObject(ctx: VerbContext, item: InputObject, validate: ValidateMode, dryRun: DryRun): ObjectOutcome {
  const { info, namespace, name, source } = item;
  if (!name) {
    return { stdout: '', stderr: '', error: { message: `error when retrieving current configuration of:\n${infoString(info, namespace, name)}\nfrom server for: "${source}": resource name may not be empty` } };
  }
  const decoded = decodeObject(item.obj, validate);
  const decodeError = decoded.error ? badRequest(formatDecodeError(info.kind, info.version, decoded.error)) : undefined;
  const warnings = decoded.warnings.map((w) => `Warning: ${w}\n`).join('');
  const { modified, annotation } = modifiedConfiguration(item.obj);
  const clean = withAnnotation(dropFields(item.obj, decoded.unknownFields), annotation);
  const printed = (op: string) => `${kubectlKindPrefix(info.kind)}/${name} ${op}${dryRunSuffix(dryRun)}\n`;
  const current = ctx.cluster.api.get(info.kind as Kind, namespace, name);

  if (!current) {
    if (decodeError) return { stdout: '', stderr: '', error: { status: withSource('creating', source, decodeError) } };
    if (dryRun === 'client') return { stdout: printed('created'), stderr: '' };
    const sent = omitEmpty(withDecodedNulls(clean));
    const draft = (info.kind === 'Node' ? withKubeletLabels(sent, name) : sent) as unknown as ApiObject;
    const r = dryRun === 'server' ? ctx.cluster.api.create(draft, { dryRun: true }) : ctx.client.create(draft, `kubectl apply: create ${kubectlKindPrefix(info.kind)}/${name}`);
    if (!r.ok) return { stdout: '', stderr: warnings, error: { status: withSource('creating', source, r.error) } };
    if (r.obj.kind === 'Node' && dryRun === 'none') {
      const status = reportedNodeStatus(sent, r.obj);
      if (status) ctx.client.updateStatus({ ...r.obj, status } as Node, `kubectl apply: node/${name} reports its capacity`);
    }
    return { stdout: printed('created'), stderr: warnings };
  }

  if (dryRun === 'client') return { stdout: printed('configured'), stderr: '' };
  const live = current as unknown as JsonMap;
  const noAnnotation = hasLastApplied(live)
    ? ''
    : `Warning: resource ${info.resource}/${name} is missing the ${LAST_APPLIED} annotation which is required by kubectl apply. kubectl apply should only be used on resources created declaratively by either kubectl create --save-config or kubectl apply. The missing annotation will be patched automatically.\n`;
  const original = originalConfiguration(live) ?? {};
  const meta = kindPatchMeta(info.kind);
  let patch: JsonMap;
  let patched: JsonMap;
  try {
    patch = threeWayPatch(original, modified, live, meta);
    patched = strategicMerge(live, patch, meta);
  } catch (e) {
    if (!(e instanceof PatchError)) throw e;
    const text = `creating patch with:\noriginal:\n${goJson(original)}\nmodified:\n${goJson(modified)}\ncurrent:\n${goJson(live)}\nfor:`;
    return { stdout: '', stderr: noAnnotation, error: { message: `error when ${text} "${source}": ${e.message}` } };
  }
  const patchText = goJson(patch);
  if (patchText === '{}') return { stdout: printed('unchanged'), stderr: noAnnotation };
  const patching = (status: StatusError) =>
    withSource(`applying patch:\n${patchText}\nto:\n${infoString(info, namespace, name)}\nfor:`, source, withSource('patching', source, status));
  // The server applies the patch to the live object and decodes the result (strategicPatchObject).
  const result = decodeObject({ ...patched, apiVersion: info.group ? `${info.group}/${info.version}` : info.version, kind: info.kind }, validate, { flavor: 'unstructured' });
  if (result.error) {
    const detail = `patch: Invalid value: ${goQuote(describe(patch))}: ${result.error}`;
    const status: StatusError = { code: 422, reason: 'Invalid', message: ` "" is invalid: ${detail}`, causes: [{ field: 'patch', message: detail }] };
    return { stdout: '', stderr: noAnnotation, error: { status: patching(status), alone: `The request is invalid: ${detail}` } };
  }
  const patchWarnings = result.warnings.map((w) => `Warning: ${w}\n`).join('');
  const obj = omitEmpty(withDecodedNulls(dropFields(patched, result.unknownFields))) as unknown as ApiObject;
  const r = dryRun === 'server' ? ctx.cluster.api.update(obj, { dryRun: true }) : ctx.client.update(obj, `kubectl apply: configure ${kubectlKindPrefix(info.kind)}/${name}`);
  if (!r.ok) return { stdout: '', stderr: noAnnotation + patchWarnings, error: { status: patching(r.error) } };
  return { stdout: printed('configured'), stderr: noAnnotation + patchWarnings };
}

function withAnnotation(obj: JsonMap, annotation: string): JsonMap {
  const meta = (obj.metadata ?? {}) as JsonMap;
  const annotations = { ...((meta.annotations ?? {}) as JsonMap), [LAST_APPLIED]: annotation };
  return { ...obj, metadata: { ...meta, annotations } };
}
