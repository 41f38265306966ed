/**
 * kubectl's `--subresource` flag of `get` and `patch` (beta since v1.24): `status` addresses the
 * object's status subresource, `scale` its scale subresource. Everynode's kinds have no scale
 * subresource (DaemonSets run one pod per node), and ControllerRevisions, PriorityClasses and
 * Events have no status: the API server has no route for them and answers its generic NotFound.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { noRoute, type StatusError } from '../../sim/apiserver/errors.js';
import { flagString, type FlagSpec, type ParsedFlags } from '../flags.js';

export type Subresource = '' | 'status' | 'scale';

export const SUBRESOURCE_FLAG: FlagSpec = { name: 'subresource', type: 'string' };

/** The flag's value, or kubectl's `Validate` error. */
export function subresourceOf(flags: ParsedFlags): Subresource | { error: string } {
  const v = flagString(flags, 'subresource') ?? '';
  if (v === '' || v === 'status' || v === 'scale') return v;
  return { error: `error: invalid subresource value: ${JSON.stringify(v)}. Must be one of [status scale]` };
}

/** The kinds with a status subresource (discovery lists `KIND/status` for them). */
export const WITH_STATUS: ReadonlySet<ApiObject['kind']> = new Set(['Namespace', 'Node', 'Pod', 'DaemonSet']);

/** The API server's answer when `obj` has no such subresource, else undefined. */
export function subresourceMissing(obj: ApiObject, subresource: Subresource): StatusError | undefined {
  if (subresource === '' || (subresource === 'status' && WITH_STATUS.has(obj.kind))) return undefined;
  return noRoute();
}
