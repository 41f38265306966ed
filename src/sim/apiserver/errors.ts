/**
 * API errors in the shape of apimachinery's `StatusError`, so kubectl can print them exactly as
 * a real cluster's do: `Error from server (NotFound): pods "web-2" not found`.
 */

export type StatusReason = 'NotFound' | 'AlreadyExists' | 'Invalid' | 'BadRequest' | 'Conflict' | 'Forbidden';

export interface FieldError {
  /** Dotted field path, e.g. `spec.template.spec.restartPolicy`. */
  readonly field: string;
  /** The whole rendered error, e.g. `spec.selector: Required value`. */
  readonly message: string;
}

export interface StatusError {
  readonly code: number;
  readonly reason: StatusReason;
  /** The API server's message, e.g. `DaemonSet.apps "x" is invalid: spec.selector: Required value`. */
  readonly message: string;
  readonly kind?: string;
  readonly name?: string;
  readonly causes?: readonly FieldError[];
}

/** `<resource>.<group> "<name>" not found` (apimachinery `NewNotFound`). */
export function notFound(qualifiedResource: string, name: string): StatusError {
  return { code: 404, reason: 'NotFound', message: `${qualifiedResource} "${name}" not found`, name };
}

/**
 * The API server's answer for a path it has no route for, such as a subresource a kind lacks
 * (`NewGenericServerResponse(404)` from the handler's not-found fallback).
 */
export function noRoute(): StatusError {
  return { code: 404, reason: 'NotFound', message: 'the server could not find the requested resource' };
}

/** `<resource>.<group> "<name>" already exists` (apimachinery `NewAlreadyExists`). */
export function alreadyExists(qualifiedResource: string, name: string): StatusError {
  return { code: 409, reason: 'AlreadyExists', message: `${qualifiedResource} "${name}" already exists`, name };
}

/**
 * What a create with generateName answers when every name it drew was taken (apimachinery
 * `NewGenerateNameConflict`): AlreadyExists, saying the server could not make a unique name.
 */
export function generateNameConflict(qualifiedResource: string, name: string): StatusError {
  return { code: 409, reason: 'AlreadyExists', message: `${qualifiedResource} "${name}" already exists, the server was not able to generate a unique name for the object`, name };
}

/**
 * `<Kind>.<group> "<name>" is invalid: <errors>` (apimachinery `NewInvalid`): one error inline,
 * several as `[e1, e2]`, each distinct message once.
 */
export function invalid(qualifiedKind: string, name: string, errors: readonly FieldError[]): StatusError {
  // `ErrorList.ToAggregate` drops repeated messages from the text (the causes keep them all).
  const messages = [...new Set(errors.map((e) => e.message))];
  const detail = messages.length === 1 ? messages[0]! : `[${messages.join(', ')}]`;
  return { code: 422, reason: 'Invalid', message: `${qualifiedKind} "${name}" is invalid: ${detail}`, kind: qualifiedKind, name, causes: errors };
}

export function badRequest(message: string): StatusError {
  return { code: 400, reason: 'BadRequest', message };
}

export function isStatusError(x: unknown): x is StatusError {
  return typeof x === 'object' && x !== null && 'code' in x && 'reason' in x && 'message' in x;
}
