/**
 * A list request's answer as the API server sends it (apiserver `handlers.ListResource` over the
 * storage's `GetList` and `storage.PrepareContinueToken`): `{"kind":"PodList","apiVersion":"v1",
 * "metadata":{"resourceVersion":"N"},"items":[...]}`.
 *
 * - Items are the stored objects in key order (namespace, then name), each encoded through its
 *   Go struct (field order, zero values) and without `kind` and `apiVersion`: a typed list's items
 *   carry no TypeMeta, only the list has one. The list's resourceVersion is the store's.
 * - `labelSelector` and `fieldSelector` filter as `kubectl get -l` does; a bad one, or a field the
 *   kind does not support, is a BadRequest with the handler's message.
 * - `limit=N` (N > 0) returns the first N matches. When any object, matching or not, follows the
 *   last one returned, `metadata.continue` holds a token (base64url of
 *   `{"v":"meta.k8s.io/v1","rv":RV,"start":"KEY\u0000"}`, KEY relative to the list's key prefix)
 *   and, without selectors, `remainingItemCount` how many objects follow. `continue=TOKEN`
 *   resumes after the token's key and reports the token's resourceVersion.
 * - `limit` that is no integer fails as its conversion does (`strconv.ParseInt: ...`); a token
 *   that is not one is `invalid continue token: ...`.
 *
 * Departures: a continued page lists the store as it is now, not as it was at the token's
 * resourceVersion (the playground keeps no history to read; etcd would, until compaction, and
 * then answer 410 Expired), and a token that is not base64url JSON gets the generic
 * `continue key is not valid` without Go's decoder detail.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { badRequest, type StatusError } from '../../sim/apiserver/errors.js';
import { apiVersionOf, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { Store } from '../../sim/store/store.js';
import { goEncodeObject } from '../../manifest/index.js';
import { listFilter } from './get-fetch.js';

/** The first value of a query parameter (`Convert_Slice_string_To_string`), empty when absent. */
export function queryValue(query: ReadonlyMap<string, readonly string[]>, key: string): string {
  return query.get(key)?.[0] ?? '';
}

/** `strconv.ParseInt(s, 10, 64)`, or its error text. */
function parseInt64(s: string): number | { error: string } {
  if (!/^[+-]?[0-9]+$/.test(s)) return { error: `strconv.ParseInt: parsing "${s}": invalid syntax` };
  const v = BigInt(s);
  if (v > 2n ** 63n - 1n || v < -(2n ** 63n)) return { error: `strconv.ParseInt: parsing "${s}": value out of range` };
  return Number(v);
}

/** `base64.RawURLEncoding` of ASCII text. */
function base64Url(text: string): string {
  return btoa(text).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** `storage.EncodeContinue(key + "\x00", prefix, rv)` with the key already relative to the prefix. */
function encodeContinue(key: string, rv: number): string {
  return base64Url(JSON.stringify({ v: 'meta.k8s.io/v1', rv, start: `${key}\u0000` }));
}

/** `storage.DecodeContinue`: the relative start key and resourceVersion, or the error `ValidateListOptions` wraps. */
function decodeContinue(token: string): { start: string; rv: number } | { error: string } {
  let c: unknown;
  try {
    if (!/^[A-Za-z0-9_-]*$/.test(token)) throw new Error();
    c = JSON.parse(atob(token.replaceAll('-', '+').replaceAll('_', '/')));
  } catch {
    return { error: 'continue key is not valid' };
  }
  const t = (typeof c === 'object' && c !== null && !Array.isArray(c) ? c : undefined) as { v?: unknown; rv?: unknown; start?: unknown } | undefined;
  // What does not unmarshal into the token's struct (a string v and start, an int64 rv) is json.Unmarshal's error.
  const { v = '', rv = 0, start = '' } = t ?? {};
  if (t === undefined || typeof v !== 'string' || typeof start !== 'string' || typeof rv !== 'number' || !Number.isInteger(rv)) {
    return { error: 'continue key is not valid' };
  }
  if (v !== 'meta.k8s.io/v1') return { error: `continue key is not valid: server does not recognize this encoded version ${v}` };
  if (rv === 0) return { error: 'continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)' };
  if (start === '') return { error: 'continue key is not valid: encoded start key empty (version meta.k8s.io/v1)' };
  // The start key may not climb out of the list's prefix: path.Clean must leave it as it is.
  const rooted = start.startsWith('/') ? start : `/${start}`;
  const unclean = rooted !== '/' && rooted.split('/').some((seg, i) => (i > 0 && seg === '') || seg === '.' || seg === '..');
  if (unclean) return { error: `continue key is not valid: ${start}` };
  return { start: rooted.slice(1), rv };
}

/** An object as a list item: its Go encoding without TypeMeta. */
function listItem(obj: ApiObject): Record<string, unknown> {
  const { kind: _kind, apiVersion: _apiVersion, ...rest } = goEncodeObject(obj as unknown as Record<string, unknown>);
  return rest;
}

/**
 * The answer to `GET` of the collection of `info` in `namespace` (undefined: every namespace, or a
 * cluster-scoped kind): the list document to encode, or the error Status.
 */
export function serveList(
  store: Store,
  info: ResourceInfo,
  namespace: string | undefined,
  query: ReadonlyMap<string, readonly string[]>,
): { readonly doc: Record<string, unknown> } | { readonly status: StatusError } {
  const limitText = queryValue(query, 'limit');
  const limit = limitText === '' ? 0 : parseInt64(limitText);
  if (typeof limit !== 'number') return { status: badRequest(limit.error) };
  const labelSelector = queryValue(query, 'labelSelector');
  const fieldSelector = queryValue(query, 'fieldSelector');
  const matches = listFilter(info.kind, labelSelector, fieldSelector);
  if ('error' in matches) return { status: badRequest(matches.error) };
  const token = queryValue(query, 'continue');
  const from = token === '' ? undefined : decodeContinue(token);
  if (from && 'error' in from) return { status: badRequest(`invalid continue token: ${from.error}`) };
  const resourceVersion = queryValue(query, 'resourceVersion');
  if (from && resourceVersion !== '' && resourceVersion !== '0') return { status: badRequest('specifying resource version is not allowed when using continue') };

  // Keys relative to the list's prefix: `ns/name` across namespaces, else the name.
  const keyOf = (o: ApiObject) => (info.namespaced && namespace === undefined ? `${o.metadata.namespace}/${o.metadata.name}` : o.metadata.name);
  const candidates = store.list(info.kind, info.namespaced ? namespace : undefined).filter((o) => from === undefined || keyOf(o) >= from.start);
  const items: ApiObject[] = [];
  let last = -1;
  for (let i = 0; i < candidates.length && (limit <= 0 || items.length < limit); i++) {
    last = i;
    if (matches(candidates[i]!)) items.push(candidates[i]!);
  }
  const rv = from?.rv ?? store.resourceVersion;
  const metadata: Record<string, unknown> = { resourceVersion: String(rv) };
  if (limit > 0 && last < candidates.length - 1 && items.length === limit) {
    metadata['continue'] = encodeContinue(keyOf(items[items.length - 1]!), rv);
    if (labelSelector === '' && fieldSelector === '') metadata['remainingItemCount'] = candidates.length - 1 - last;
  }
  return { doc: { kind: `${info.kind}List`, apiVersion: apiVersionOf(info.kind), metadata, items: items.map(listItem) } };
}
