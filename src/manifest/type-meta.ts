/**
 * kubectl's checks of `apiVersion` and `kind` before anything reaches the API server.
 *
 * Models kubectl's resource builder: with `--validate=strict|warn` the schema step
 * (`getObjectKind` in kubectl's validation package) rejects a document whose apiVersion or kind
 * is absent or not a string, printing
 * `error validating "FILE": error validating data: [apiVersion not set, kind not set]; if you
 * choose to ignore these errors, turn validation off with --validate=false`.
 * With `--validate=ignore` that step is skipped and the unstructured decoder fails instead on a
 * missing kind only: `unable to decode "FILE": Object 'Kind' is missing in '<the JSON>'`
 * (a missing apiVersion passes and is left to the REST mapping, see kinds.ts).
 */
import { aggregate, marshalJSON, quote } from './gofmt.js';
import type { ValidateMode } from './types.js';

const STOP_VALIDATE = 'if you choose to ignore these errors, turn validation off with --validate=false';

/** The complaints of kubectl's `getObjectKind` about one object (empty when it passes). */
export function typeMetaErrors(obj: unknown): string[] {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) return ['invalid object to validate'];
  const fields = obj as Record<string, unknown>;
  const errors: string[] = [];
  const apiVersion = fields['apiVersion'];
  if (apiVersion === undefined || apiVersion === null) errors.push('apiVersion not set');
  else if (typeof apiVersion !== 'string') errors.push("apiVersion isn't string type");
  else if (apiVersion.split('/').length > 2) errors.push(`unexpected GroupVersion string: ${apiVersion}`);
  const kind = fields['kind'];
  if (kind === undefined || kind === null) errors.push('kind not set');
  else if (typeof kind !== 'string') errors.push("kind isn't string type");
  return errors;
}

/** The `error validating` message for a set of complaints. */
export function validationMessage(fileName: string, errors: readonly string[]): string {
  return `error validating ${quote(fileName)}: error validating data: ${aggregate(errors)}; ${STOP_VALIDATE}`;
}

/** What the unstructured decoder says about an object without a usable kind, if anything. */
export function decodeProblem(fileName: string, obj: unknown): string | undefined {
  if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
    const what = Array.isArray(obj) ? 'array' : typeof obj === 'boolean' ? 'bool' : typeof obj;
    return `unable to decode ${quote(fileName)}: json: cannot unmarshal ${what} into Go value of type map[string]interface {}`;
  }
  const kind = (obj as Record<string, unknown>)['kind'];
  if (typeof kind === 'string' && kind !== '') return undefined;
  return `unable to decode ${quote(fileName)}: Object 'Kind' is missing in '${marshalJSON(obj)}'`;
}

/**
 * The message kubectl stops at for this object before sending it, or undefined when it passes:
 * the validation complaint first (strict/warn), then the decoder's.
 */
export function typeMetaProblem(fileName: string, obj: unknown, mode: ValidateMode): string | undefined {
  if (mode !== 'ignore') {
    const errors = typeMetaErrors(obj);
    if (errors.length > 0) return validationMessage(fileName, errors);
  }
  return decodeProblem(fileName, obj);
}
