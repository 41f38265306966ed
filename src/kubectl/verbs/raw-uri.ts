/**
 * The `--raw` URI of `kubectl get`, as kubectl checks it and sends it: `GetOptions.Validate` runs
 * Go's `url.ParseRequestURI` over it (`requestUriError`; its error is the flag's), then
 * `rest.Request.RequestURI` parses it again with `url.Parse` and `AbsPath` joins the path onto the
 * server's (empty) base path.
 *
 * - What is requested is the path alone (an absolute URL's host is dropped, the kubeconfig's
 *   server is asked), cleaned by `path.Join` (`//`, `.` and `..` resolved), a trailing `/` kept.
 *   `url.Parse` reads a leading `//x` as a host (ParseRequestURI does not), so `//api/v1` asks
 *   for `/v1`, as kubectl does.
 * - The query is `url.ParseQuery`'s: `&`-separated pairs, `+` and `%XX` decoded, a pair with a
 *   `;` or a bad escape dropped.
 *
 * Assumption: an absolute URL's host is not checked (Go would refuse a bad port or userinfo).
 */
import { goQuote } from '../../sim/api/goquote.js';

/**
 * Go's `url.ParseRequestURI` as `--raw` uses it: the error kubectl wraps in `--raw must be a valid
 * URL path: ...`, or undefined when the text is a request URI (an absolute path, or a URL with a
 * scheme). The checks a path can fail are made (`parse`, `getScheme`, `unescape`): a control
 * character, a colon that begins it, a text that neither starts with `/` nor has a scheme, and a
 * `%` not followed by two hex digits in the path.
 */
export function requestUriError(raw: string): string | undefined {
  const wrap = (err: string) => `parse ${goQuote(raw)}: ${err}`;
  if (/[\x00-\x1f\x7f]/.test(raw)) return wrap('net/url: invalid control character in URL');
  if (raw.startsWith(':')) return wrap('missing protocol scheme');
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(raw);
  const rest = scheme ? raw.slice(raw.indexOf(':') + 1) : raw;
  const path = rest.split('?')[0]!;
  if (!path.startsWith('/')) return scheme ? undefined : wrap('invalid URI for request');
  if (scheme && path.startsWith('//')) return undefined;
  const bad = /%(?![0-9A-Fa-f]{2})/.exec(path);
  return bad ? wrap(`invalid URL escape ${goQuote(path.slice(bad.index, bad.index + 3))}`) : undefined;
}

/** What the API server is asked: the path (decoded, `/` for the root) and the query parameters. */
export interface RawRequest {
  readonly path: string;
  readonly query: ReadonlyMap<string, readonly string[]>;
}

/** `url.getScheme`'s scheme (empty when there is none) and the rest, of a URI already checked by ParseRequestURI. */
function splitScheme(raw: string): { scheme: string; rest: string } {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(raw);
  return m ? { scheme: m[1]!, rest: raw.slice(m[0].length) } : { scheme: '', rest: raw };
}

/** `url.unescape`: `%XX` decoded as bytes (UTF-8); undefined for a `%` without two hex digits. */
function unescape(s: string): string | undefined {
  if (!s.includes('%')) return s;
  const bytes: number[] = [];
  const text = new TextEncoder();
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '%') {
      if (!/^[0-9a-fA-F]{2}$/.test(s.slice(i + 1, i + 3))) return undefined;
      bytes.push(parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...text.encode(s[i]!));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

/** `url.QueryUnescape`: `+` is a space. */
function unescapeQuery(s: string): string | undefined {
  return unescape(s.replaceAll('+', ' '));
}

/** `url.ParseQuery`, keeping what it keeps: every value of every well-formed pair, in order. */
function parseQuery(raw: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const pair of raw.split('&')) {
    if (pair === '' || pair.includes(';')) continue;
    const eq = pair.indexOf('=');
    const key = unescapeQuery(eq < 0 ? pair : pair.slice(0, eq));
    const value = unescapeQuery(eq < 0 ? '' : pair.slice(eq + 1));
    if (key === undefined || value === undefined) continue;
    out.set(key, [...(out.get(key) ?? []), value]);
  }
  return out;
}

/** Go's `path.Clean` of a rooted path: no empty, `.` or `..` segments, no trailing `/`. */
function cleanRooted(p: string): string {
  const out: string[] = [];
  for (const seg of p.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `/${out.join('/')}`;
}

/** The `--raw` value checked as Validate does (`--raw must be a valid URL path: ...`), then what the request asks for. */
export function parseRawUri(raw: string): RawRequest | { error: string } {
  const invalid = requestUriError(raw);
  if (invalid !== undefined) return { error: `--raw must be a valid URL path: ${invalid}` };
  // RequestURI's url.Parse: the fragment goes, then the query; a scheme's or a `//`'s authority goes.
  const { scheme, rest } = splitScheme(raw.split('#')[0]!);
  const q = rest.indexOf('?');
  let path = q < 0 ? rest : rest.slice(0, q);
  if (path.startsWith('//') && (scheme !== '' || !path.startsWith('///'))) path = path.slice(2).replace(/^[^/]*/, '');
  if (!path.startsWith('/')) path = '';
  const p = unescape(path) ?? path;
  // AbsPath: path.Join cleans; a single segment's trailing slash is kept.
  const joined = p === '' ? '/' : cleanRooted(p);
  return { path: p.length > 1 && p.endsWith('/') ? `${joined}/` : joined, query: parseQuery(q < 0 ? '' : rest.slice(q + 1)) };
}

/** The path as the API server's routes match it: one trailing `/` makes no difference. */
export function routedPath(req: RawRequest): string {
  return req.path.length > 1 && req.path.endsWith('/') ? req.path.slice(0, -1) : req.path;
}
