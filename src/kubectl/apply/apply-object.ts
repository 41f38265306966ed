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
 *   always rejects it.
 * - `--dry-run=client` sends nothing; `--dry-run=server` runs the server's checks, stores nothing.
 */
import { decodeObject, formatDecodeError, type ValidateMode } from '../../manifest/index.js';
import type { ApiObject, Kind, Node } from '../../sim/api/types.js';
import { badRequest } from '../../sim/apiserver/errors.js';
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
import { strategicMerge } from './strategic-merge.js';
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
  const decoded = decodeObject(item.obj, validate, { duplicates: item.doc.duplicateFields });
  const decodeError = decoded.error ? badRequest(formatDecodeError(info.kind, info.version, decoded.error)) : undefined;
  const warnings = decoded.warnings.map((w) => `Warning: ${w}\n`).join('');
  const { modified, annotation } = modifiedConfiguration(item.obj);
  const clean = withAnnotation(dropFields(item.obj, decoded.unknownFields), annotation);
  const printed = (op: string) => `${kubectlKindPrefix(info.kind)}/${name} ${op}${dryRunSuffix(dryRun)}\n`;
  const current = ctx.cluster.api.get(info.kind as Kind, namespace, name);

  if (!current) {
    if (decodeError) return { stdout: '', stderr: '', error: { status: withSource('creating', source, decodeError) } };
    if (dryRun === 'client') return { stdout: printed('created'), stderr: '' };
    const draft = (info.kind === 'Node' ? withKubeletLabels(clean, name) : clean) as unknown as ApiObject;
    const r = dryRun === 'server' ? ctx.cluster.api.create(draft, { dryRun: true }) : ctx.client.create(draft, `kubectl apply: create ${kubectlKindPrefix(info.kind)}/${name}`);
    if (!r.ok) return { stdout: '', stderr: warnings, error: { status: withSource('creating', source, r.error) } };
    if (r.obj.kind === 'Node' && dryRun === 'none') {
      const status = reportedNodeStatus(clean, r.obj);
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
  let next: JsonMap;
  try {
    patch = threeWayPatch(original, modified, live, meta);
    next = strategicMerge(live, threeWayPatch(original, clean, live, meta), meta);
  } catch (e) {
    if (!(e instanceof PatchError)) throw e;
    const text = `creating patch with:\noriginal:\n${goJson(original)}\nmodified:\n${goJson(modified)}\ncurrent:\n${goJson(live)}\nfor:`;
    return { stdout: '', stderr: noAnnotation, error: { message: `error when ${text} "${source}": ${e.message}` } };
  }
  const patchText = goJson(patch);
  if (patchText === '{}') return { stdout: printed('unchanged'), stderr: noAnnotation };
  const patching = (status: NonNullable<typeof decodeError>) =>
    withSource(`applying patch:\n${patchText}\nto:\n${infoString(info, namespace, name)}\nfor:`, source, withSource('patching', source, status));
  if (decodeError) return { stdout: '', stderr: noAnnotation, error: { status: patching(decodeError) } };
  const obj = next as unknown as ApiObject;
  const r = dryRun === 'server' ? ctx.cluster.api.update(obj, { dryRun: true }) : ctx.client.update(obj, `kubectl apply: configure ${kubectlKindPrefix(info.kind)}/${name}`);
  if (!r.ok) return { stdout: '', stderr: noAnnotation + warnings, error: { status: patching(r.error) } };
  return { stdout: printed('configured'), stderr: noAnnotation + warnings };
}

function withAnnotation(obj: JsonMap, annotation: string): JsonMap {
  const meta = (obj.metadata ?? {}) as JsonMap;
  const annotations = { ...((meta.annotations ?? {}) as JsonMap), [LAST_APPLIED]: annotation };
  return { ...obj, metadata: { ...meta, annotations } };
}
