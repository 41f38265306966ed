/**
 * `-f` of the verbs that edit what files name: cli-runtime's builder with `FilenameParam`
 * (`visitByPaths`), reading files, `-f -` (the command's stdin) and the editor's files as
 * apply/input.ts reads them for every verb.
 *
 * - `fileTargets` (patch, set, wait, rollout): each object of the files names a live object,
 *   which is fetched (`Latest()`); `-l` keeps the live objects it matches. The files' own contents
 *   do not matter. label and annotate read live objects through file-visit.ts instead, which
 *   follows the builder further (`-A`, the namespace judged after the fetch, error order).
 * - `localObjects` (`--local` of label, annotate, patch, set image): the files' objects are the
 *   objects (`LocalParam(true)`): any kind, no REST mapping, the namespace left as written. Their
 *   metadata is decoded as cli-runtime's `metadataValidatingDecoder` does, for the two maps label
 *   and annotate read.
 *
 * Checks in the builder's order: every named file exists, then no resource arguments beside
 * `-f`, then the selector, then the documents.
 */
import { namespaceMismatch, readDocs, unreadablePath, type InputItem } from '../apply/input.js';
import { isMap, type JsonMap } from '../apply/json.js';
import { parseSelector } from '../../sim/api/labels.js';
import type { VerbContext } from '../context.js';
import { readVerbInput } from './apply.js';
import type { EditOptions } from './metadata-edit.js';
import { commandNamespace, lookup, type Target } from './targets.js';

/** An error of one document, in stream order; `fromStream` errors come after every object's (`ContinueOnError`). */
export type DocError = { readonly error: string; readonly fromStream?: true };

/** One object of a file under `--local`: as written, with the `-f` source that names it. */
export interface LocalObject {
  readonly obj: JsonMap;
  readonly source: string;
}

type FileOptions = Pick<EditOptions, 'flags' | 'filenames' | 'resources' | 'selector'>;

/** The live objects the files name, each fetched again (or NotFound), filtered by `-l`. */
export function fileTargets(ctx: VerbContext, o: FileOptions): (Target | DocError)[] | { error: string } {
  const problem = missingFile(ctx, o.filenames) ?? argumentsBesidePaths(o.resources);
  if (problem) return { error: problem };
  let matches: (labels: Readonly<Record<string, string>> | undefined) => boolean = () => true;
  if (o.selector) {
    const sel = parseSelector(o.selector);
    if ('error' in sel) return { error: `error: the provided selector "${o.selector}" is not valid: ${sel.error}` };
    matches = sel.matches;
  }
  const items = readVerbInput(ctx, o.flags, 'ignore');
  if ('error' in items) return items;
  return items.flatMap((it: InputItem): (Target | DocError)[] => {
    if ('error' in it) return [it];
    const t = lookup(ctx, it.info, it.namespace, it.name);
    return !t.obj || matches(t.obj.metadata.labels) ? [t] : [];
  });
}

/** The objects of the files as written, for `--local`. */
export function localObjects(ctx: VerbContext, o: Pick<EditOptions, 'flags' | 'filenames'>): (LocalObject | DocError)[] | { error: string } {
  const problem = missingFile(ctx, o.filenames);
  if (problem) return { error: problem };
  const docs = readDocs({ filenames: o.filenames, stdin: ctx.stdin, readFile: ctx.readFile, validate: 'ignore' });
  if ('error' in docs) return docs;
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

/** `FilenameParam`: the first named file that does not exist (`-` is stdin). */
function missingFile(ctx: VerbContext, filenames: readonly string[]): string | undefined {
  const missing = filenames.find((f) => f !== '-' && ctx.readFile?.(f) === undefined);
  return missing === undefined ? undefined : unreadablePath(missing);
}

/** `visitByPaths`: resource arguments cannot name objects beside `-f`. */
function argumentsBesidePaths(resources: readonly string[]): string | undefined {
  if (resources.length === 0) return undefined;
  if (resources.every((a) => a.includes('/'))) return 'error: resource/name arguments cannot be provided when a path is specified';
  return 'error: when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well';
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
