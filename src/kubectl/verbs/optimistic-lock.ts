/**
 * The API server's optimistic concurrency for a write that carries a resourceVersion (apiserver
 * `registry/generic/registry/store.go` `Store.Update`, reached by PUT and PATCH alike): none or
 * `0` is an unconditional update; any other version must be the stored one, else a Conflict
 * (`NewConflict` with `OptimisticLockErrorMsg`). `kubectl replace` meets it with a manifest's
 * resourceVersion, `kubectl label` / `annotate --resource-version` with the one they put in the
 * merge patch.
 *
 * A version that is not a number is answered as a stale one: the real server fails to parse it
 * (`strconv.ParseUint`) and answers a 500 without a reason, which the playground's API errors
 * cannot carry.
 */
import type { StatusError } from '../../sim/apiserver/errors.js';
import { qualifiedResource, type ResourceInfo } from '../../sim/apiserver/resources.js';

/** apimachinery `NewConflict`: `Operation cannot be fulfilled on daemonsets.apps "agent": <detail>`. */
export function conflict(info: ResourceInfo, name: string, detail: string): StatusError {
  return { code: 409, reason: 'Conflict', message: `Operation cannot be fulfilled on ${qualifiedResource(info.kind)} "${name}": ${detail}`, name };
}

/** `Store.Update`'s version check of what was `sent` against the `stored` object's: the Conflict, or undefined when the write may go on. */
export function staleVersion(info: ResourceInfo, name: string, sent: string, stored: string): StatusError | undefined {
  const same = /^\d+$/.test(sent) && /^\d+$/.test(stored) ? BigInt(sent) === 0n || BigInt(sent) === BigInt(stored) : sent === '' || sent === stored;
  return same ? undefined : conflict(info, name, 'the object has been modified; please apply your changes to the latest version and try again');
}
