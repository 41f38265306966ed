/**
 * How kubectl's name printer names an object from the object itself (cli-runtime `NamePrinter`,
 * `printObj`): `kind.group/name`, `kind/name` for the core group, `<unknown>` for an object
 * without a name. `kubectl patch` prints the object the patch produced, whose kind or apiVersion
 * the patch may have changed, and `--local` objects have no REST mapping to name them by.
 */
import { isMap } from '../apply/json.js';

/** The group of an apiVersion as `schema.ParseGroupVersion` reads it ('' for `v1` or anything unusable). */
export function groupOf(apiVersion: unknown): string {
  if (typeof apiVersion !== 'string') return '';
  const parts = apiVersion.split('/');
  return parts.length === 2 ? parts[0]! : '';
}

/** `daemonset.apps/agent`, `pod/tool`, `widget.example.com/w1`: what the name printer writes before any operation. */
export function objectRef(obj: Readonly<Record<string, unknown>>): string {
  const kind = typeof obj['kind'] === 'string' ? obj['kind'].toLowerCase() : '';
  const group = groupOf(obj['apiVersion']);
  const meta = obj['metadata'];
  const name = isMap(meta) && typeof meta['name'] === 'string' && meta['name'] !== '' ? meta['name'] : '<unknown>';
  return `${group ? `${kind}.${group}` : kind}/${name}`;
}
