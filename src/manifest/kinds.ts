/**
 * Which kinds the playground serves, and kubectl's message for the others.
 *
 * Models kubectl's resource builder REST mapping (`mapper.infoForData`): an apiVersion/kind the
 * cluster does not serve fails before anything is sent, with
 * `resource mapping not found for name: "x" namespace: "" from "FILE": no matches for kind
 * "Deployment" in version "apps/v1"\nensure CRDs are installed first`. The playground serves six
 * kinds; everything else (Deployment, Service, ConfigMap, CRDs, older DaemonSet versions) gets
 * the real cluster's message for an unknown kind. Under `--validate=ignore` a manifest may lack
 * apiVersion: the mapper then searches the core group only, so a bare `kind: Pod` still maps.
 */
import { quote } from './gofmt.js';
import { KIND_SCHEMAS } from './schema.js';
import type { KindSchema } from './schema.js';

/** The `apiVersion`/`kind` pairs the playground serves. */
export const SUPPORTED_KINDS: readonly { readonly apiVersion: string; readonly kind: string }[] =
  KIND_SCHEMAS.map(({ apiVersion, kind }) => ({ apiVersion, kind }));

export function isSupportedKind(apiVersion: unknown, kind: unknown): boolean {
  return mappingFor(apiVersion, kind) !== undefined;
}

/** The served kind an object maps to (a missing apiVersion searches the core group). */
export function mappingFor(apiVersion: unknown, kind: unknown): KindSchema | undefined {
  if (apiVersion === undefined || apiVersion === null || apiVersion === '') {
    return KIND_SCHEMAS.find((s) => s.group === '' && s.kind === kind);
  }
  return KIND_SCHEMAS.find((s) => s.apiVersion === apiVersion && s.kind === kind);
}

/** The NoKindMatchError text: `no matches for kind "X" in version "g/v"` (or `in group ""`). */
export function noKindMatch(apiVersion: unknown, kind: unknown): string {
  const k = typeof kind === 'string' ? kind : '';
  if (typeof apiVersion !== 'string' || apiVersion === '') return `no matches for kind ${quote(k)} in group ""`;
  return `no matches for kind ${quote(k)} in version ${quote(apiVersion)}`;
}

/**
 * kubectl's message (without the leading `error: `) when the object's kind is not served, or
 * undefined when it is.
 */
export function resourceMappingError(obj: Readonly<Record<string, unknown>>, fileName: string): string | undefined {
  if (isSupportedKind(obj['apiVersion'], obj['kind'])) return undefined;
  const meta = obj['metadata'];
  const field = (name: string): string => {
    const v = meta && typeof meta === 'object' ? (meta as Record<string, unknown>)[name] : undefined;
    return typeof v === 'string' ? v : '';
  };
  return `resource mapping not found for name: ${quote(field('name'))} namespace: ${quote(field('namespace'))} from ${quote(fileName)}: ${noKindMatch(obj['apiVersion'], obj['kind'])}\nensure CRDs are installed first`;
}
