/**
 * The objects of `kubectl set image|env|resources --local -f FILE` (kubectl `pkg/cmd/set/set_image.go`
 * `Complete`: the builder with `WithScheme` and `LocalParam(true)`): the documents of the files,
 * each decoded into its Go type by kubectl's scheme and never sent anywhere. Reading the files,
 * their metadata and the namespace against `-n` is label's `--local` reader
 * (metadata-edit-files.ts `localObjects`); this module adds the typed decode.
 *
 * - A kind kubectl has no Go type for cannot be decoded: `unable to decode "FILE": no kind
 *   "Widget" is registered for version "example.com/v1" in scheme ...`. The playground knows the
 *   Go types of the kinds it serves only, so every other kind reads as such a kind here (kubectl
 *   would also decode built-in kinds the playground does not serve, such as Deployment).
 * - A value of the wrong type is Go's `json: cannot unmarshal ...` for that file; unknown fields
 *   are dropped without a word (the decoder is not strict).
 * - Any of these errors stops the command (`Infos()` fails): nothing is printed. They are the
 *   visit's own errors, so beside a refused namespace they take one line together.
 * The object then is what the struct holds, encoded as kubectl 1.34 does (manifest/go-encode.ts).
 */
import { decodeObject, goEncodeObject, schemaFor } from '../../manifest/index.js';
import type { ApiObject } from '../../sim/api/types.js';
import type { VerbContext } from '../context.js';
import type { ParsedFlags } from '../flags.js';
import type { CmdError } from './check-err.js';
import { checkContinueOnError } from './file-visit.js';
import { localObjects, type LocalObject } from './metadata-edit-files.js';

/** One object a set subcommand works on. */
export interface SetTarget {
  /** The object as kubectl holds it: the live object, or a file's object through its Go type. */
  readonly obj: ApiObject;
  /** How kubectl's errors name it (`Info.ObjectName`). */
  readonly objectName: string;
  /** A file's object under `--local`: never sent. */
  readonly local: boolean;
}

/** `Info.ObjectName` without a REST mapping: `pod/tool`, or `daemonset.apps/agent` and a newline (kubectl writes one there). */
function localObjectName(obj: ApiObject): string {
  const slash = obj.apiVersion.indexOf('/');
  const kind = obj.kind.toLowerCase();
  const name = obj.metadata.name ?? '';
  return slash < 0 ? `${kind}/${name}` : `${kind}.${obj.apiVersion.slice(0, slash)}/${name}\n`;
}

/** The file's object through its Go type, or the decoder's error (without `error: `). */
function decodeTyped(item: LocalObject): ApiObject | { error: string } {
  const { obj, source } = item;
  if (!schemaFor(obj['apiVersion'], obj['kind'])) {
    return {
      error: `unable to decode "${source}": no kind "${String(obj['kind'])}" is registered for version "${String(obj['apiVersion'] ?? '')}" in scheme "pkg/scheme/scheme.go:28"`,
    };
  }
  const decoded = decodeObject(obj, 'ignore');
  if (decoded.error) return { error: `unable to decode "${source}": ${decoded.error}` };
  return goEncodeObject(obj) as unknown as ApiObject;
}

/**
 * The objects of the files, or the stderr of what `Infos()` fails with: the error that stops the
 * builder, or what `ContinueOnError` collected (RequireNamespace's refusals in order, then the
 * documents that cannot be decoded as one aggregate).
 */
export function localSetTargets(ctx: VerbContext, flags: ParsedFlags, filenames: readonly string[]): SetTarget[] | { stderr: string } {
  const objects = localObjects(ctx, { flags, filenames });
  if ('stderr' in objects) return objects;
  const errors: CmdError[] = [];
  const streamErrors: CmdError[] = [];
  const targets: SetTarget[] = [];
  for (const item of objects) {
    if ('error' in item) {
      (item.fromStream ? streamErrors : errors).push({ message: item.error });
      continue;
    }
    const typed = decodeTyped(item);
    if ('error' in typed) streamErrors.push({ message: typed.error });
    else targets.push({ obj: typed, objectName: localObjectName(typed), local: true });
  }
  return errors.length + streamErrors.length > 0 ? { stderr: checkContinueOnError(errors, streamErrors) } : targets;
}
