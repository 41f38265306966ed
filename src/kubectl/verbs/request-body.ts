/**
 * A whole object sent to the API server as a create (POST) or an update (PUT) body, as `create`,
 * `replace` and `replace --force` send manifests (cli-runtime `resource.Helper.Create` /
 * `Replace`; apiserver `handlers/create.go` and `update.go`, which decode the body with the
 * request's field validation before anything else happens).
 *
 * - A wrongly typed value, or an unknown field under `--validate=strict`, rejects the request as
 *   BadRequest: `DaemonSet in version "v1" cannot be handled as a DaemonSet: strict decoding
 *   error: unknown field "spec.replicas"`. Under `warn` the unknown fields come back as
 *   `Warning:` lines; under `warn` and `ignore` they are dropped.
 * - What the server keeps is the decoded object written back by Go's encoder: without the
 *   unknown fields and without the zero values of `omitempty` fields (manifest/omitempty.ts).
 */
import { decodeObject, formatDecodeError, omitEmpty, withDecodedNulls, type ValidateMode } from '../../manifest/index.js';
import type { ApiObject, Node } from '../../sim/api/types.js';
import { badRequest, type StatusError } from '../../sim/apiserver/errors.js';
import { kubectlKindPrefix, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { dropFields } from '../apply/drop-fields.js';
import type { InputObject } from '../apply/input.js';
import type { JsonMap } from '../apply/json.js';
import { reportedNodeStatus, withKubeletLabels } from '../apply/node-registration.js';
import type { DryRun } from './dry-run.js';

export interface DecodedBody {
  /** The object as the server goes on with it (meaningless when `error` is set). */
  readonly obj: JsonMap;
  /** The server's `Warning:` lines, newline-terminated. */
  readonly warnings: string;
  /** The BadRequest that rejects the body. */
  readonly error?: StatusError;
}

/** How the API server reads `sent`, an object of kind `info`. */
export function decodeBody(info: ResourceInfo, sent: JsonMap, validate: ValidateMode): DecodedBody {
  const decoded = decodeObject(sent, validate);
  if (decoded.error) return { obj: sent, warnings: '', error: badRequest(formatDecodeError(info.kind, info.version, decoded.error)) };
  const warnings = decoded.warnings.map((w) => `Warning: ${w}\n`).join('');
  return { obj: omitEmpty(withDecodedNulls(dropFields(sent, decoded.unknownFields))), warnings };
}

export interface PostOutcome {
  /** The object the server created (absent under `--dry-run=client` and on error). */
  readonly created?: ApiObject;
  readonly warnings: string;
  /** The API error, as the server gives it (callers add the source when kubectl does). */
  readonly error?: StatusError;
}

/**
 * `Helper.Create` of one object, `item` naming its kind and name: a manifest object, or one a
 * generator built (`kubectl run`); `sent` is the object as kubectl sends it (its annotations
 * already settled). `--dry-run=client` stops after the decoding checks the playground runs for
 * every create. A Node is registered as node-registration.ts describes.
 */
export function postObject(ctx: VerbContext, item: Pick<InputObject, 'info' | 'name'>, sent: JsonMap, validate: ValidateMode, dryRun: DryRun, verb: string): PostOutcome {
  const { info, name } = item;
  const body = decodeBody(info, sent, validate);
  if (body.error) return { warnings: '', error: body.error };
  if (dryRun === 'client') return { warnings: '' };
  const obj = info.kind === 'Node' ? withKubeletLabels(body.obj, name) : body.obj;
  const draft = obj as unknown as ApiObject;
  const r = dryRun === 'server' ? ctx.cluster.api.create(draft, { dryRun: true }) : ctx.client.create(draft, `${verb}: ${kubectlKindPrefix(info.kind)}/${name}`);
  if (!r.ok) return { warnings: body.warnings, error: r.error };
  if (r.obj.kind === 'Node' && dryRun === 'none') {
    const status = reportedNodeStatus(obj, r.obj);
    if (status) ctx.client.updateStatus({ ...r.obj, status } as Node, `${verb}: node/${name} reports its capacity`);
  }
  return { created: r.obj, warnings: body.warnings };
}
