/**
 * Which pods `kubectl logs` reads (kubectl 1.32): the object `Complete`'s resource builder finds
 * for `POD`, `TYPE/NAME` or `-l SELECTOR` (`ResourceNames("pods", arg)`, `LabelSelectorParam`),
 * then the pods polymorphichelpers `logsForObjectWithClient` turns it into.
 *
 * - A pod is itself; a selector's pod list is every matching pod of the namespace (name order:
 *   kubectl visits them in Go's random map order).
 * - A controller (here the DaemonSet, the only modelled kind with a pod selector) is read through
 *   `SelectorsForObject` and `GetFirstPod`: its pods sorted `ByLogging` (logs-pod-order.ts), the
 *   first one read, with `Found N pods, using pod/NAME` on stderr when it has several. With
 *   `--all-pods`, every pod instead (name order again).
 * - A controller without pods: `GetPodList` watches for the first pod to be added, for up to
 *   `--pod-running-timeout` (20s by default). The virtual clock moves on, timer by timer, until a
 *   matching pod appears (a DaemonSet applied before its nodes are ready gets its pods a few
 *   seconds later), and the command reads that one pod; else it fails with `timed out waiting for
 *   the condition` once the timeout has passed. Pods created at one instant come in no set order
 *   (the DaemonSet controller creates them in parallel), so the first by name is taken.
 * - Another kind has no selector: `cannot get the logs from *v1.Node: selector for *v1.Node not
 *   implemented`.
 */
import { compileLabelSelector } from '../../sim/api/labels.js';
import type { ApiObject, DaemonSet, Pod } from '../../sim/api/types.js';
import { resolveResource, type ResourceInfo } from '../../sim/apiserver/resources.js';
import type { VerbContext } from '../context.js';
import { fetch } from './get-fetch.js';
import { sortByLogging } from './logs-pod-order.js';
import { noResourceType, parseResourceArgs } from './resource-args.js';
import { lookup } from './targets.js';

/** `watchtools.UntilWithoutRetry`'s error when the timeout passes first. */
const TIMED_OUT = 'error: timed out waiting for the condition';

/** What the builder found: pods to read, or another object whose pods are still to be found. */
export type LogsObject = { readonly pods: readonly Pod[] } | { readonly obj: ApiObject; readonly info: ResourceInfo };

/** The pods a selector matches in the namespace, by name, or the API server's error. */
function selectedPods(ctx: VerbContext, selector: string, namespace: string): Pod[] | { error: string } {
  const fetched = fetch(ctx.cluster.store, { requests: [{ info: resolveResource('pods')! }], namespace, labelSelector: selector, fieldSelector: '' });
  if (fetched.errors.length > 0) return { error: fetched.errors.join('\n') };
  return (fetched.groups[0]?.objects ?? []) as Pod[];
}

/**
 * `Complete`'s builder: `-l` lists pods (a name beside it is the builder's error); `POD` or
 * `TYPE/NAME` is one object, NotFound wrapped as kubectl wraps it (`error from server
 * (NotFound): ... in namespace "NS"`, whatever the kind's scope).
 */
export function logsObject(ctx: VerbContext, args: readonly string[], selector: string, namespace: string): LogsObject | { error: string } {
  if (selector !== '') {
    if (args.length === 2) return { error: 'error: name cannot be provided when a selector is specified' };
    const pods = selectedPods(ctx, selector, namespace);
    return 'error' in pods ? pods : { pods };
  }
  const arg = args[0]!;
  let info = resolveResource('pods')!;
  let name = arg;
  if (arg.includes('/')) {
    const parsed = parseResourceArgs([arg]);
    if ('error' in parsed) return { error: `error: ${parsed.error}` };
    // "all" is a category `kubectl get` expands, not a resource a name can follow.
    const type = arg.slice(0, arg.indexOf('/'));
    if (type.toLowerCase() === 'all') return { error: `error: ${noResourceType(type)}` };
    info = parsed.requests[0]!.info;
    name = parsed.requests[0]!.name!;
  }
  const found = lookup(ctx, info, namespace, name);
  if (!found.obj) return { error: `error: error from server (NotFound): ${found.missing!.message} in namespace "${namespace}"` };
  return found.obj.kind === 'Pod' ? { pods: [found.obj] } : { obj: found.obj, info };
}

/** The pods to read, and what kubectl said on stderr while finding them. */
export interface LogsPods {
  readonly pods: readonly Pod[];
  readonly stderr: string;
}

/** The pods of a DaemonSet's selector in its namespace, by name. */
function podsOf(ctx: VerbContext, ds: DaemonSet): Pod[] {
  const matches = compileLabelSelector(ds.spec.selector);
  return ctx.cluster.store.list('Pod', ds.metadata.namespace ?? '').filter((p) => matches(p.metadata.labels));
}

/**
 * `logsForObjectWithClient` down to the pods: the builder's pods as they are, or a controller's
 * first pod (`GetFirstPod`, waiting up to `timeoutMs` for one) or all of them (`allPods`), with
 * the notice kubectl writes on stderr.
 */
export function podsForObject(ctx: VerbContext, object: LogsObject, allPods: boolean, timeoutMs: number): LogsPods | { error: string } {
  if ('pods' in object) return { pods: object.pods, stderr: '' };
  if (object.obj.kind !== 'DaemonSet') {
    const type = `*${object.info.version}.${object.info.kind}`;
    return { error: `error: cannot get the logs from ${type}: selector for ${type} not implemented` };
  }
  const ds = object.obj;
  const pods = podsOf(ctx, ds);
  if (pods.length === 0) {
    if (!ctx.cluster.advanceUntil(() => podsOf(ctx, ds).length > 0, timeoutMs)) return { error: TIMED_OUT };
    return { pods: [podsOf(ctx, ds)[0]!], stderr: '' };
  }
  if (pods.length === 1 || allPods) return { pods, stderr: '' };
  const first = sortByLogging(pods)[0]!;
  return { pods: [first], stderr: `Found ${pods.length} pods, using pod/${first.metadata.name}\n` };
}
