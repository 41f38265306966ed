/**
 * `kubectl delete --raw URI` (kubectl v1.34 `pkg/cmd/delete/delete.go`: `DeleteOptions.Validate`'s
 * raw checks and `RunDelete` through `rawhttp.RawDelete`): a DELETE request to the URI with an
 * empty body, whose answer is copied to standard output as the API server wrote it (compact
 * JSON and a newline); an error answer is printed as CheckErr prints API errors. Nothing else
 * of delete applies: no waiting, and `--dry-run`, the selectors and the resource arguments are
 * ignored, as kubectl ignores them (a raw delete under `--dry-run` really deletes).
 *
 * The URI is read as `kubectl get --raw` reads it (raw-uri.ts), and its path as the API server
 * routes it (raw-path.ts). The playground answers for one object's path when the answer can be
 * exact: an object the registry removes at once answers with a Status naming it (the generic
 * registry's `finalizeDelete` without `ReturnDeletedObject`: `details.kind` holds the resource);
 * a missing object is NotFound, and a resource path the server has no route for the generic 404.
 * Pods and namespaces (`ReturnDeletedObject`), and any object that stays marked deleted for its
 * finalizers, answer with the object itself, printed as `get --raw` prints objects (without the
 * managedFields the playground does not keep). Refused before anything is deleted: collections
 * (their answer is the list of deleted objects), subresources, query strings (DeleteOptions as
 * parameters), `-f` (DeleteOptions as a body) and the paths that are not resources (discovery,
 * `/version`, ...).
 */
import type { ApiObject } from '../../sim/api/types.js';
import { noRoute, type StatusError } from '../../sim/apiserver/errors.js';
import type { VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, type ParsedFlags } from '../flags.js';
import { goEncodeObject } from '../../manifest/index.js';
import type { ExecResult } from '../result.js';
import { checkErr } from './check-err.js';
import { discoveryDocument } from './raw-discovery.js';
import { parseResourcePath } from './raw-path.js';
import { encodeBody } from './raw-server.js';
import { parseRawUri, routedPath, type RawRequest } from './raw-uri.js';

/**
 * `DeleteOptions.Validate` once `--raw` is given, after the checks every delete makes: kubectl's
 * error, or the request the URI makes.
 */
export function rawRequest(flags: ParsedFlags, raw: string): RawRequest | { error: string } {
  const filenames = flagArray(flags, 'filename');
  if (flagBool(flags, 'interactive')) return { error: 'error: --interactive can not be used with --raw' };
  if (filenames.length > 1) return { error: 'error: --raw can only use a single local file or stdin' };
  if (filenames.length === 1 && /^https?:\/\//.test(filenames[0]!)) return { error: 'error: --raw cannot read from a url' };
  if (flagBool(flags, 'recursive')) return { error: 'error: --raw and --recursive are mutually exclusive' };
  if ((flagString(flags, 'output') ?? '') !== '') return { error: 'error: --raw and --output are mutually exclusive' };
  const req = parseRawUri(raw);
  return 'error' in req ? { error: `error: ${req.error}` } : req;
}

/** The object paths a refusal points to. */
const OBJECT_PATHS = '/api/v1/nodes/NAME, /api/v1/namespaces/NS/pods/NAME or /apis/apps/v1/namespaces/NS/daemonsets/NAME';

/** `RawDelete` with no body: the API server's answer to `DELETE req.path`. */
export function rawDelete(ctx: VerbContext, flags: ParsedFlags, req: RawRequest): ExecResult {
  const refuse = (why: string): ExecResult => ({ exitCode: 1, stdout: '', stderr: `error: kubectl delete --raw ${why}\n` });
  const answerError = (status: StatusError): ExecResult => ({ exitCode: 1, stdout: '', stderr: checkErr([{ status }]) });
  if (flagArray(flags, 'filename').length > 0) return refuse('-f (a DeleteOptions body) is not available in this playground: give the URI alone');
  if (req.query.size > 0) return refuse('with a query string is not available in this playground: use kubectl delete and its flags (--grace-period, --cascade, --dry-run)');
  const path = routedPath(req);
  const target = parseResourcePath(path);
  if (!target) {
    const resourceShaped = /^\/apis?\//.test(path) && !discoveryDocument(path);
    return resourceShaped ? answerError(noRoute()) : refuse(`is available in this playground for one object's path (${OBJECT_PATHS}); "${path}" is not one`);
  }
  const { info, namespace, name, subresource } = target;
  if (subresource !== undefined) return refuse(`of a subresource is not available in this playground: name the object itself (${OBJECT_PATHS})`);
  if (name === undefined) return refuse(`of a whole collection is not available in this playground: name one object (${OBJECT_PATHS}) or use kubectl delete ${info.resource} --all`);
  // The same request as a server dry run: the API server's refusals (NotFound, Forbidden) are exact answers.
  const tried = ctx.cluster.api.delete(info.kind, namespace, name, { dryRun: true });
  if (!tried.ok) return answerError(tried.error);
  const r = ctx.client.delete(tried.obj, `${ctx.line}: DELETE ${path}`);
  if (!r.ok) return answerError(r.error);
  // The pod and namespace registries answer with the object (`ReturnDeletedObject`), and so does
  // the registry for an object its finalizers keep, marked deleted: as GET --raw prints it.
  if (answersWithObject(tried.obj)) return { exitCode: 0, stdout: encodeBody(goEncodeObject(r.obj as unknown as Record<string, unknown>), req.query), stderr: '' };
  const details = { name, ...(info.group ? { group: info.group } : {}), kind: info.resource, uid: r.obj.metadata.uid };
  return { exitCode: 0, stdout: encodeBody({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details }, req.query), stderr: '' };
}

/**
 * Whether the registry's answer to a DELETE of `obj` (with default options) is the object rather
 * than a Status: the pod and namespace registries return what they deleted
 * (`ReturnDeletedObject`), and an object with finalizers is only marked deleted.
 */
function answersWithObject(obj: ApiObject): boolean {
  return obj.kind === 'Pod' || obj.kind === 'Namespace' || (obj.metadata.finalizers?.length ?? 0) > 0;
}
