/**
 * `DeleteOptions.PrintObj` (kubectl v1.34 `pkg/cmd/delete/delete.go`): the line `kubectl delete`,
 * and `kubectl replace --force` through `DeleteResult`, print for each object deleted. There is no
 * object to print, so it mirrors the name printer: `kind.group/name` with `-o name`, else
 * `kind.group "name" deleted`, `force deleted` with a grace period of 0, v1.34's
 * `from NAMESPACE namespace` for a namespaced kind, and the dry-run suffix.
 */
import type { ResourceInfo } from '../../sim/apiserver/resources.js';
import { dryRunSuffix, type DryRun } from './dry-run.js';

/** The line for `name` (of the kind `info`, in `namespace` when namespaced) as `PrintObj` writes it. */
export function deletedLine(info: ResourceInfo, namespace: string, name: string, grace: number, dryRun: DryRun, output: string | undefined): string {
  const what = info.group ? `${info.kind.toLowerCase()}.${info.group}` : info.kind.toLowerCase();
  if (output === 'name') return `${what}/${name}\n`;
  const operation = grace === 0 ? 'force deleted' : 'deleted';
  return `${what} "${name}" ${operation}${info.namespaced ? ` from ${namespace} namespace` : ''}${dryRunSuffix(dryRun)}\n`;
}
