/**
 * The manifest layer: YAML text <-> API objects with source positions, and kubectl's and the
 * API server's words for everything wrong with them. Pure: no DOM, no Node APIs, no clock.
 *
 * Typical use by `kubectl apply -f FILE` (the playground applies nothing when any document
 * cannot be read):
 *   const parsed = parseManifests(text, 'FILE', { validate });
 *   first error diagnostic -> `error: <message>`, and stop;
 *   for (const doc of parsed.docs) {
 *     resourceMappingError(doc.object, 'FILE')  -> `error: <it>` when the kind is not served;
 *     const decoded = decodeObject(doc.object, validate);
 *     decoded.error    -> `Error from server (BadRequest): error when creating "FILE": ` +
 *                         formatDecodeError(kind, version, decoded.error);
 *     decoded.warnings -> `Warning: <each>`;
 *     the object the API server stores and serves is omitEmpty(withDecodedNulls(object));
 *   }
 * An editor shows `parsed.diagnostics` plus, per doc,
 * `decodeDiagnostics(doc, decodeObject(doc.object, validate, { duplicates: doc.duplicateFields }), validate)`.
 */
export { parseManifests } from './parse.js';
export { decodeObject, formatDecodeError, withDecodedNulls } from './decode.js';
export { omitEmpty } from './omitempty.js';
export { goEncode, goEncodeObject } from './go-encode.js';
export { decodeDiagnostics } from './markers.js';
export type { DecodeOptions, DecodeResult, DecodeTypeError } from './decode.js';
export { SUPPORTED_KINDS, isSupportedKind, mappingFor, noKindMatch, resourceMappingError } from './kinds.js';
export { KIND_SCHEMAS, schemaFor } from './schema.js';
export type { KindSchema } from './schema.js';
export type { FieldType, StructType } from './schema/types.js';
export { MAX_ALIAS_COUNT, MAX_DEPTH, MAX_INPUT_BYTES } from './limits.js';
export type {
  Diagnostic, ManifestDoc, ParseOptions, ParseResult, SourcePosition, SourceRange, ValidateMode,
} from './types.js';
