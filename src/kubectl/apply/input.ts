/**
 * Reading `-f` for `apply`, `create`, `delete`, `label` and the others: kubectl's resource builder from
 * `FilenameParam` to the REST mapping (`Builder.Do`, `StreamVisitor`, `mapper.infoForData`,
 * `SetNamespace` with `enforceNamespace`).
 *
 * - `-f -` reads the command's stdin, named `STDIN` in messages. Any other name is looked up
 *   through the session's `readFile` (the CLI reads files next to the script, a lesson its own
 *   folder); a name it does not know is kubectl's `the path "NAME" does not exist`, and a URL
 *   cannot be fetched (`unreadablePath`).
 * - A document that cannot be read (YAML syntax, missing kind, ...) rejects the whole input:
 *   nothing is sent, and the error names the line. Real kubectl's `StreamVisitor` would still
 *   apply the documents before the broken one; the playground promises that bad input changes
 *   nothing (the engine issue's acceptance), so a learner never ends up with half a manifest.
 * - Objects of a kind the cluster does not serve, and objects whose namespace contradicts `-n`,
 *   are errors of their own; the other objects still go through, as with kubectl.
 * - A label selector (`LabelSelectorParam`, kubectl apply's `-l`) keeps the objects whose labels in
 *   the file match it (`FilterByLabelSelector`). The filter sits between the stream and the
 *   namespace decorators: an unserved kind is reported whatever its labels, a namespace mismatch
 *   only for an object the selector keeps. A selector that does not parse is the builder's error,
 *   after a missing path's and before any document is read.
 */
import { parseManifests, resourceMappingError, type ManifestDoc, type ValidateMode } from '../../manifest/index.js';
import type { Kind } from '../../sim/api/types.js';
import { resourceInfo, type ResourceInfo } from '../../sim/apiserver/resources.js';
import { parseSelector, type LabelPredicate } from '../../sim/api/labels.js';
import { isMap, writtenLabels, type JsonMap } from './json.js';

/** One object to send: the manifest with its namespace resolved. */
export interface InputObject {
  readonly doc: ManifestDoc;
  /** The object as kubectl sends it (metadata.namespace set for namespaced kinds). */
  readonly obj: JsonMap;
  readonly info: ResourceInfo;
  /** '' for cluster-scoped kinds. */
  readonly namespace: string;
  readonly name: string;
  /** The `-f` source, as messages name it (`STDIN`). */
  readonly source: string;
}

/**
 * An input item: an object to send, or the builder's error for that document (in stream order).
 * `fromStream` marks errors the stream visitor itself raises (an unserved kind), which a
 * `ContinueOnError` builder reports after every object's own errors; the namespace check is a
 * decorator, whose errors stay in stream order.
 */
export type InputItem = InputObject | { readonly error: string; readonly fromStream?: true };

export interface InputOptions {
  readonly filenames: readonly string[];
  readonly stdin: string | undefined;
  readonly validate: ValidateMode;
  /** The namespace of the command (`-n` or `default`). */
  readonly namespace: string;
  /** Whether `-n` was given: an object in another namespace is then an error. */
  readonly enforceNamespace: boolean;
  /** Reads a named `-f` file; undefined when there is no such file. */
  readonly readFile?: ((path: string) => string | undefined) | undefined;
  /** How messages name `-f -` (default `STDIN`; `replace --force` reads a copy in a file). */
  readonly stdinName?: string;
  /** A label selector the objects must match (`-l`); absent or blank keeps them all. */
  readonly selector?: string | undefined;
}

/**
 * kubectl's error for a `-f` it cannot read: a path that does not exist, or a URL (kubectl
 * fetches `http://` and `https://` names; this playground has no network, and says so rather
 * than call a URL a missing path).
 */
export function unreadablePath(name: string): string {
  if (/^https?:\/\//.test(name)) {
    return `error: unable to read URL "${name}": this playground has no network; paste the manifest into the editor and use its file, or into a heredoc (-f - <<EOF)`;
  }
  return `error: the path "${name}" does not exist`;
}

/** The items of every `-f` that `opts.selector` keeps, or the one error that stops the command before anything is sent. */
export function readInput(opts: InputOptions): InputItem[] | { error: string } {
  const keeps = labelFilter(opts);
  if ('error' in keeps) return keeps;
  const docs = readDocs(opts);
  if ('error' in docs) return docs;
  const items: InputItem[] = [];
  for (const { doc, source } of docs) {
    const item = inputItem(doc, source, opts);
    if (('error' in item && item.fromStream) || keeps(writtenLabels(doc.object))) items.push(item);
  }
  return items;
}

/**
 * `LabelSelectorParam` on file input: a predicate on an object's labels, or the builder's error,
 * which comes after a missing path's (`FilenameParam` records those first) and before any document.
 */
function labelFilter(opts: InputOptions): LabelPredicate | { error: string } {
  const selector = (opts.selector ?? '').trim();
  if (selector === '') return () => true;
  const missing = opts.filenames.find((f) => f !== '-' && opts.readFile?.(f) === undefined);
  if (missing !== undefined) return { error: unreadablePath(missing) };
  const parsed = parseSelector(selector);
  return 'error' in parsed ? { error: `error: the provided selector "${selector}" is not valid: ${parsed.error}` } : parsed.matches;
}

/** One readable document of an `-f` source, before any REST mapping. */
export interface SourcedDoc {
  readonly doc: ManifestDoc;
  /** The `-f` source, as messages name it (`STDIN`). */
  readonly source: string;
}

/**
 * The documents of every `-f`, in order, or the one error that stops the command before anything
 * is sent. `readInput` maps them to the cluster's kinds; `kubectl label --local` takes them as
 * they are (its builder has no REST mapping).
 */
export function readDocs(opts: Pick<InputOptions, 'filenames' | 'stdin' | 'readFile' | 'validate' | 'stdinName'>): SourcedDoc[] | { error: string } {
  const docs: SourcedDoc[] = [];
  for (const name of opts.filenames) {
    const text = name === '-' ? (opts.stdin ?? '') : opts.readFile?.(name);
    if (text === undefined) return { error: unreadablePath(name) };
    const source = name === '-' ? (opts.stdinName ?? 'STDIN') : name;
    const parsed = parseManifests(text, source, { validate: opts.validate });
    const bad = parsed.diagnostics.find((d) => d.severity === 'error');
    if (bad) return { error: bad.message.startsWith('error: ') ? bad.message : `error: ${bad.message}` };
    for (const doc of parsed.docs) docs.push({ doc, source });
  }
  return docs;
}

/** `RequireNamespace`'s error for an object whose own namespace is not the one `-n` gave. */
export function namespaceMismatch(own: string, namespace: string): string {
  return `the namespace from the provided object "${own}" does not match the namespace "${namespace}". You must pass '--namespace=${own}' to perform this operation.`;
}

/** One readable document as an input item: the object to send, or why it cannot be sent. */
export function inputItem(doc: ManifestDoc, source: string, opts: Pick<InputOptions, 'namespace' | 'enforceNamespace'>): InputItem {
  const mapping = resourceMappingError(doc.object, source);
  if (mapping) return { error: mapping, fromStream: true };
  const info = resourceInfo(doc.object['kind'] as Kind);
  const meta = isMap(doc.object['metadata']) ? doc.object['metadata'] : {};
  const name = typeof meta['name'] === 'string' ? meta['name'] : '';
  if (!info.namespaced) {
    // A namespace written on a cluster-scoped object means nothing: the API server clears it.
    const { namespace: _ignored, ...clusterMeta } = meta;
    const obj = 'namespace' in meta ? { ...(doc.object as JsonMap), metadata: clusterMeta } : (doc.object as JsonMap);
    return { doc, obj, info, namespace: '', name, source };
  }
  const own = typeof meta['namespace'] === 'string' && meta['namespace'] !== '' ? meta['namespace'] : undefined;
  if (own !== undefined && opts.enforceNamespace && own !== opts.namespace) {
    return { error: namespaceMismatch(own, opts.namespace) };
  }
  const namespace = own ?? opts.namespace;
  const obj: JsonMap = { ...(doc.object as JsonMap), metadata: { ...meta, namespace } };
  return { doc, obj, info, namespace, name, source };
}

/** `resource.Info.String()`: how kubectl names an object in long error messages. */
export function infoString(info: ResourceInfo, namespace: string, name: string): string {
  const gv = info.group ? `${info.group}/${info.version}` : `/${info.version}`;
  return `Resource: "${gv}, Resource=${info.resource}", GroupVersionKind: "${gv}, Kind=${info.kind}"\nName: "${name}", Namespace: "${namespace}"`;
}
