/**
 * What `kubectl apply -f FILE` would say about a file, as positioned diagnostics, without
 * applying anything: the editor's squiggles before Apply.
 *
 * The same steps as the apply verb, in the same code: the manifest reader (YAML syntax, missing
 * apiVersion/kind, lists), the REST mapping (a kind the cluster does not serve), the API server's
 * strict decoding (unknown fields, wrongly typed values), then a server-side dry run of
 * `applyObject` against the live cluster (defaulting, admission, validation, the update checks
 * such as the immutable selector). Each problem is placed on the field it names through the
 * manifest's source map, with kubectl's wording: the manifest reader's message, the decoder's
 * per-field text (`unknown field "spec.replicas"`), the API server's field error
 * (`spec.selector: Invalid value: ...: field is immutable`), or for an error without a field the
 * whole text kubectl prints (`Error from server (NotFound): ...`).
 *
 * Unlike kubectl, which stops at the first unreadable document, every document is looked at, so
 * the editor can mark them all at once.
 *
 * Assumptions:
 * - The cluster is live and shared: the dry run must leave it exactly as it was. A server dry
 *   run stores nothing, but the API server draws a uid from the seeded RNG before validating; the
 *   RNG is restored so a validation never changes the names a later command generates.
 * - Objects in one file may depend on each other: a Namespace created by an earlier document is
 *   not yet in the cluster during a dry run, so "namespaces X not found" for it is not reported.
 * Invariants:
 * - Never throws for any text, never changes the cluster (store, clock, RNG, trace).
 * - Positions are 1-based; a range never spans more than its first line; results are sorted by
 *   position.
 */
import { decodeDiagnostics, decodeObject, parseManifests } from '../../manifest/index.js';
import type { Diagnostic, ManifestDoc, SourceRange, ValidateMode } from '../../manifest/index.js';
import type { Cluster } from '../../sim/engine/cluster.js';
import type { VerbContext } from '../context.js';
import { checkErr, type CmdError } from '../verbs/check-err.js';
import { applyObject } from './apply-object.js';
import { inputItem, type InputObject } from './input.js';

/** One problem, placed on a span of one line. */
export interface FileDiagnostic {
  readonly severity: 'error' | 'warning';
  /** kubectl's words for the problem (see the module comment for which part). */
  readonly message: string;
  readonly line: number;
  readonly column: number;
  /** End of the span (exclusive), on the same line. */
  readonly endLine: number;
  readonly endColumn: number;
  /** The field path the problem belongs to, when it has one. */
  readonly path?: string;
}

export interface DiagnoseOptions {
  /** The namespace of the command (default `default`). */
  readonly namespace?: string;
  /** `--validate` (default strict, as the editor's Apply runs it). */
  readonly validate?: ValidateMode;
}

export function diagnoseApply(cluster: Cluster, text: string, fileName: string, opts: DiagnoseOptions = {}): FileDiagnostic[] {
  const validate = opts.validate ?? 'strict';
  const namespace = opts.namespace ?? 'default';
  const lines = text.split('\n');
  const span = (at: Partial<SourceRange> | undefined, d: Omit<FileDiagnostic, 'line' | 'column' | 'endLine' | 'endColumn'>): FileDiagnostic =>
    ({ ...d, ...lineSpan(lines, at) });
  const fromManifest = (d: Diagnostic): FileDiagnostic => span(d, { severity: d.severity, message: d.message, ...(d.path ? { path: d.path } : {}) });

  const parsed = parseManifests(text, fileName, { validate });
  const out = parsed.diagnostics.map(fromManifest);
  const fileNamespaces = new Set<string>();
  for (const doc of parsed.docs) {
    const item = inputItem(doc, fileName, { namespace, enforceNamespace: false });
    if ('error' in item) {
      out.push(span(doc.valueRange('kind') ?? doc.range, { severity: 'error', message: item.error }));
      continue;
    }
    const decoded = decodeObject(doc.object, validate, { duplicates: doc.duplicateFields });
    out.push(...decodeDiagnostics(doc, decoded, validate).map(fromManifest));
    if (decoded.error) continue;
    const outcome = dryRun(cluster, item, validate);
    for (const warning of outcome.stderr.split('\n').filter((l) => l.startsWith('Warning: '))) {
      out.push(span(doc.range, { severity: 'warning', message: warning }));
    }
    if (outcome.error) {
      if (!fromEarlierDocument(outcome.error, fileNamespaces)) out.push(...placeError(doc, outcome.error).map(([at, message, path]) => span(at, { severity: 'error', message, ...(path ? { path } : {}) })));
    } else if (item.info.kind === 'Namespace') fileNamespaces.add(item.name);
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** `applyObject` with `--dry-run=server`, leaving the RNG as it found it. */
function dryRun(cluster: Cluster, item: InputObject, validate: ValidateMode): ReturnType<typeof applyObject> {
  const ctx: VerbContext = { cluster, client: cluster.clientFor('kubectl'), line: `kubectl apply -f ${item.source}` };
  const rng = cluster.rng.s;
  try {
    return applyObject(ctx, item, validate, 'server');
  } finally {
    cluster.rng.s = rng;
  }
}

/** True for "namespaces X not found" when an earlier document of the file creates X. */
function fromEarlierDocument(error: CmdError, fileNamespaces: ReadonlySet<string>): boolean {
  if (!('status' in error) || error.status.reason !== 'NotFound') return false;
  const missing = /namespaces "([^"]*)" not found$/.exec(error.status.message);
  return missing !== null && fileNamespaces.has(missing[1]!);
}

/** Where each part of an error goes: every field cause on its field, anything else whole. */
function placeError(doc: ManifestDoc, error: CmdError): [SourceRange, string, string | undefined][] {
  if ('status' in error && error.status.causes?.length) {
    return error.status.causes.map((c) => [fieldRange(doc, c.field), c.message, c.field]);
  }
  const message = checkErr([error]).trimEnd();
  const about = 'status' in error && /namespaces? "[^"]*"/.test(error.status.message) ? 'metadata.namespace' : 'metadata.name';
  return [[fieldRange(doc, about), message, undefined]];
}

/** The range of `path`, or of its nearest ancestor written in the file (a missing field's parent). */
function fieldRange(doc: ManifestDoc, path: string): SourceRange {
  for (let p = path; p !== ''; p = parentPath(p)) {
    const range = doc.pathRange(p);
    if (range) return range;
  }
  return doc.range;
}

/** `a.b[0]` -> `a.b`, `a.b[c.d]` -> `a.b`, `a.b.c` -> `a.b`, `a` -> ``. */
export function parentPath(path: string): string {
  if (path.endsWith(']')) return path.slice(0, path.lastIndexOf('['));
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : path.slice(0, dot);
}

/**
 * The span a marker covers: the source range when it ends on its first line (a key, a scalar);
 * otherwise (a point, a mapping or item over several lines) the token at its start, up to the
 * next blank or a key's colon, at least one character.
 */
function lineSpan(lines: readonly string[], at: Partial<SourceRange> | undefined): Pick<FileDiagnostic, 'line' | 'column' | 'endLine' | 'endColumn'> {
  const line = at?.line ?? 1;
  const column = at?.column ?? 1;
  if (at?.endLine === line && at.endColumn !== undefined && at.endColumn > column) return { line, column, endLine: line, endColumn: at.endColumn };
  const text = lines[line - 1] ?? '';
  let end = column - 1;
  while (end < text.length && !/\s/.test(text[end]!) && !(text[end] === ':' && /^\s?$/.test(text[end + 1] ?? ''))) end++;
  return { line, column, endLine: line, endColumn: Math.max(end + 1, column + 1) };
}
