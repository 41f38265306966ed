/**
 * The playground's API server answering a plain `GET PATH?QUERY`, for `kubectl get --raw`: what
 * the apiserver's handler chain (go-restful routes, the non-go-restful mux, kube-aggregator's
 * discovery) sends back for the paths a learner asks for here.
 *
 * - `/api`, `/api/v1`, `/apis`, `/apis/G`, `/apis/G/V`: discovery (raw-discovery.ts).
 * - Collections and objects: `/api/v1/nodes`, `/api/v1/pods` (every namespace),
 *   `/api/v1/namespaces/NS/pods`, `/api/v1/nodes/NAME`, `/api/v1/namespaces/NS/pods/NAME` and
 *   `.../NAME/status` for the kinds with a status subresource; the same under `/apis/G/V`
 *   (raw-list.ts for collections). A missing object is the NotFound Status
 *   (`pods "x" not found`); a path no route matches, the generic 404 (`the server could not find
 *   the requested resource`): a namespaced object outside `namespaces/NS`, a cluster-scoped
 *   resource inside one, a subresource the kind lacks, an unknown resource or group.
 * - API objects are encoded as the JSON serializer does (`json.NewEncoder(w).Encode`: compact,
 *   struct field order, HTML-safe escapes, then a newline); `?pretty=true` (any value
 *   `strconv.ParseBool` takes as true) asks for `json.MarshalIndent(obj, "", "  ")`, without the
 *   newline (`isPrettyPrint` of the negotiation).
 * - `/` lists the paths above (`{"paths":[...]}`), `/version` is `version.Info`; both written by
 *   `responsewriters.WriteRawJSON`, always indented and without a newline.
 * - `/healthz`, `/livez`, `/readyz`: `ok` (no newline): the playground's API server is healthy.
 *
 * A trailing `/` is ignored (`routedPath`). Refused with the playground's own message: `watch=true` on a
 * resource path (a watch never ends, and the clock only moves between commands) and `verbose`
 * on a health path (the list of checks is not modelled).
 */
import type { ApiObject } from '../../sim/api/types.js';
import { noRoute, notFound, type StatusError } from '../../sim/apiserver/errors.js';
import { qualifiedResource } from '../../sim/apiserver/resources.js';
import type { Store } from '../../sim/store/store.js';
import { goEncodeObject } from '../../manifest/index.js';
import { goJsonInOrder } from '../apply/json.js';
import { parseGoBool } from '../flags.js';
import { htmlSafe } from '../print/object-output.js';
import { discoveryDocument, rootPaths } from './raw-discovery.js';
import { queryValue, serveList } from './raw-list.js';
import { parseResourcePath } from './raw-path.js';
import { routedPath, type RawRequest } from './raw-uri.js';
import { versionInfo } from './version-info.js';
import { WITH_STATUS } from './subresource.js';

/** The server's answer: the body as sent, an error Status, or the playground's refusal (an `error: ...` line). */
export type RawAnswer = { readonly body: string } | { readonly status: StatusError } | { readonly refused: string };

const NO_WATCH =
  'error: watch=true is not supported in the playground: a watch would never end, and time only moves with "sim advance" or "kubectl rollout status". ' +
  'Ask without watch, advance the clock, then ask again.';

const NO_VERBOSE = 'error: the playground does not list its health checks (verbose): /healthz, /livez and /readyz answer ok';


/** `responsewriters.WriteRawJSON`: `json.MarshalIndent(obj, "", "  ")`, no trailing newline. */
function indented(obj: unknown): string {
  return htmlSafe(JSON.stringify(obj, null, 2));
}

/** The negotiated JSON serializer: `Encoder.Encode` (compact, then a newline), or indented when `?pretty` says true. */
export function encodeBody(doc: unknown, query: RawRequest['query']): string {
  return parseGoBool(queryValue(query, 'pretty')) === true ? indented(doc) : `${goJsonInOrder(doc)}\n`;
}

/** `Convert_Slice_string_To_bool` of `watch`: present and neither `0` nor `false` (any case). */
function watching(query: RawRequest['query']): boolean {
  const v = query.get('watch')?.[0];
  return v !== undefined && v !== '0' && v.toLowerCase() !== 'false';
}

/**
 * The answer to `GET` of a resource path (`/api/v1/...`, `/apis/G/V/...`, raw-path.ts): the
 * collection, an object or its status; the generic 404 when no route matches.
 */
function serveResource(store: Store, path: string, req: RawRequest): RawAnswer {
  const target = parseResourcePath(path);
  if (!target) return { status: noRoute() };
  const { info, namespace, name, subresource } = target;
  if (name === undefined) {
    if (watching(req.query)) return { refused: NO_WATCH };
    const list = serveList(store, info, info.namespaced && namespace === '' ? undefined : namespace, req.query);
    return 'status' in list ? list : { body: encodeBody(list.doc, req.query) };
  }
  if (subresource !== undefined && (subresource !== 'status' || !WITH_STATUS.has(info.kind))) return { status: noRoute() };
  if (watching(req.query)) return { refused: NO_WATCH };
  const obj: ApiObject | undefined = store.get(info.kind, namespace, name);
  if (!obj) return { status: notFound(qualifiedResource(info.kind), name) };
  return { body: encodeBody(goEncodeObject(obj as unknown as Record<string, unknown>), req.query) };
}

/** What the API server sends back for `GET req.path?req.query`. */
export function serveGet(store: Store, req: RawRequest): RawAnswer {
  const path = routedPath(req);
  if (path === '/') return { body: indented({ paths: rootPaths() }) };
  if (path === '/version') return { body: indented(versionInfo(true)) };
  if (path === '/healthz' || path === '/livez' || path === '/readyz') return req.query.has('verbose') ? { refused: NO_VERBOSE } : { body: 'ok' };
  const doc = discoveryDocument(path);
  if (doc) return { body: encodeBody(doc, req.query) };
  return /^\/apis?\//.test(path) ? serveResource(store, path, req) : { status: noRoute() };
}
