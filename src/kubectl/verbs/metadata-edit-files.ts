/**
 * `-f` under `--local` (label, annotate, patch, set image): cli-runtime's builder with
 * `LocalParam(true)` over `FilenameParam`, reading files, `-f -` (the command's stdin) and the
 * editor's files as apply/input.ts reads them for every verb. The files' objects are the objects:
 * any kind, no REST mapping, the namespace left as written. Their metadata is decoded as
 * cli-runtime's `metadataValidatingDecoder` does, for the two maps label and annotate read.
 * Without `--local`, every verb reads `-f` through file-visit.ts.
 *
 * Checks in the builder's order: the named file exists, then the documents.
 */
import { namespaceMismatch, readDocs } from '../apply/input.js';
import { isMap, type JsonMap } from '../apply/json.js';
import type { VerbContext } from '../context.js';
import { checkErr } from './check-err.js';
import { filenameErrors } from './file-visit.js';
import type { EditOptions } from './metadata-edit.js';
import { commandNamespace } from './targets.js';

/** An error of one document, in stream order; `fromStream` errors come after every object's (`ContinueOnError`). */
export type DocError = { readonly error: string; readonly fromStream?: true };

/** One object of a file under `--local`: as written, with the `-f` source that names it. */
export interface LocalObject {
  readonly obj: JsonMap;
  readonly source: string;
}

/**
 * The objects of the files as written, for `--local`, or what stops the command first as CheckErr
 * prints it: every `-f` that names no file (`FilenameParam`), or a stream that cannot be read.
 */
export function localObjects(ctx: VerbContext, o: Pick<EditOptions, 'flags' | 'filenames'>): (LocalObject | DocError)[] | { stderr: string } {
  const missing = filenameErrors(ctx, o.filenames);
  if (missing.length > 0) return { stderr: checkErr(missing) };
  const docs = readDocs({ filenames: o.filenames, stdin: ctx.stdin, readFile: ctx.readFile, validate: 'ignore' });
  if ('error' in docs) return { stderr: `${docs.error}\n` };
  const ns = commandNamespace(o.flags);
  return docs.map(({ doc, source }): LocalObject | DocError => {
    const obj = doc.object as JsonMap;
    const undecodable = metadataDecodeError(obj);
    if (undecodable) return { error: `unable to decode "${source}": ${undecodable}`, fromStream: true };
    // RequireNamespace: without a REST mapping, an object is namespaced when it names a namespace.
    const own = isMap(obj['metadata']) ? obj['metadata']['namespace'] : undefined;
    if (ns.explicit && typeof own === 'string' && own !== '' && own !== ns.namespace) return { error: namespaceMismatch(own, ns.namespace) };
    return { obj, source };
  });
}

/**
 * `metadataValidatingDecoder` for what label and annotate read: metadata must be an object, its
 * annotations and labels maps of strings, its name and namespace strings (checked in that order,
 * as Go decodes the sorted JSON); a null is no value. Go's `json: cannot unmarshal ...` error, or
 * undefined.
 */
function metadataDecodeError(obj: JsonMap): string | undefined {
  const meta = obj['metadata'];
  if (meta === undefined || meta === null) return undefined;
  if (!isMap(meta)) return `json: cannot unmarshal ${jsonKind(meta)} into Go struct field metadataOnlyObject.metadata of type v1.ObjectMeta`;
  for (const field of ['annotations', 'labels', 'name', 'namespace']) {
    const v = meta[field];
    if (v === undefined || v === null) continue;
    const where = `Go struct field ObjectMeta.metadata.${field}`;
    if (field === 'name' || field === 'namespace') {
      if (typeof v !== 'string') return `json: cannot unmarshal ${jsonKind(v)} into ${where} of type string`;
      continue;
    }
    if (!isMap(v)) return `json: cannot unmarshal ${jsonKind(v)} into ${where} of type map[string]string`;
    const bad = Object.keys(v).sort().map((k) => v[k]).find((x) => x !== null && typeof x !== 'string');
    if (bad !== undefined) return `json: cannot unmarshal ${jsonKind(bad)} into ${where} of type string`;
  }
  return undefined;
}

/** How Go's JSON decoder names a value's type. */
function jsonKind(v: unknown): string {
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'boolean') return 'bool';
  return typeof v === 'object' ? 'object' : typeof v;
}
