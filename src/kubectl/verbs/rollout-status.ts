/**
 * `kubectl rollout status`: kubectl `pkg/cmd/rollout/rollout_status.go` (`RolloutStatusOptions.Run`:
 * print the status on the initial list and on every watch event until done) with
 * polymorphichelpers' `DaemonSetStatusViewer.Status`.
 *
 * Watching moves virtual time: after the first message, the cluster advances timer by timer
 * (`Cluster.advanceUntil`); whenever the DaemonSet object changed at an instant (a Modified
 * event), the message is printed again. `--timeout=0` (the default) means "wait forever", as in
 * real kubectl: a rollout is watched to its end however long that takes in virtual time. Since a
 * script cannot be interrupted, such an unbounded watch also stops, saying why, when the rollout
 * can no longer move (rollout-progress.ts). A `--timeout` is honoured as given.
 *
 * The objects are named by arguments or by `-f` (rollout-target.ts): checks in kubectl's order,
 * `Validate` (a resource, a revision that is not negative) before the builder's errors.
 */
import type { DaemonSet } from '../../sim/api/types.js';
import { parseDuration } from '../../sim/engine/time.js';
import type { VerbContext } from '../context.js';
import { flagBool, flagString, type ParsedFlags } from '../flags.js';
import type { ExecResult } from '../result.js';
import { RolloutProgress } from './rollout-progress.js';
import { aggregateText, groupKind, noResources, requiredResource, rolloutTargets, visitRolloutTargets } from './rollout-target.js';

/** The limit of a watch without `--timeout`: never reached, as a stalled rollout stops it first. */
export const FOREVER_MS = 100 * 365 * 24 * 3_600_000;

export type RolloutStatus = { readonly message: string; readonly done: boolean } | { readonly error: string };

/** `DaemonSetStatusViewer.Status`. */
export function daemonSetStatus(ds: DaemonSet): RolloutStatus {
  const type = ds.spec.updateStrategy?.type ?? 'RollingUpdate';
  if (type !== 'RollingUpdate') return { error: 'rollout status is only available for RollingUpdate strategy type' };
  const s = ds.status ?? ({} as Partial<DaemonSet['status']>);
  if ((ds.metadata.generation ?? 0) > (s.observedGeneration ?? 0)) return { message: 'Waiting for daemon set spec update to be observed...\n', done: false };
  const name = ds.metadata.name;
  const desired = s.desiredNumberScheduled ?? 0;
  const updated = s.updatedNumberScheduled ?? 0;
  const available = s.numberAvailable ?? 0;
  if (updated < desired) return { message: `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...\n`, done: false };
  if (available < desired) return { message: `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...\n`, done: false };
  return { message: `daemon set "${name}" successfully rolled out\n`, done: true };
}

/** `RolloutStatusOptions` `Validate` then `Run`: each object watched in turn, the errors reported at the end. */
export function rolloutStatus(ctx: VerbContext, flags: ParsedFlags): ExecResult {
  const fail = (errors: readonly string[]): ExecResult => ({ exitCode: 1, stdout: '', stderr: aggregateText(errors) });
  const timeoutText = flagString(flags, 'timeout') ?? '0s';
  const timeout = parseDuration(timeoutText);
  if (typeof timeout !== 'number') {
    return fail([`invalid argument "${timeoutText}" for "--timeout" flag: ${timeout.error}\nSee 'kubectl rollout status --help' for usage.`]);
  }
  const missing = requiredResource(flags);
  if (missing) return fail([missing]);
  const revision = Number(flagString(flags, 'revision') ?? '0');
  if (revision < 0) return fail([`revision must be a positive integer: ${revision}`]);
  const targets = rolloutTargets(ctx, flags);
  if ('stderr' in targets) return { exitCode: 1, stdout: '', stderr: targets.stderr };
  // RolloutStatusOptions.Run: r.Visit with ContinueOnError — every object is watched in turn (the
  // next one fetched once the watch before it is over), the errors reported at the end.
  let stdout = '';
  const visit = visitRolloutTargets(targets, ({ info, obj }) => {
    if (obj.kind !== 'DaemonSet') return `no status viewer has been implemented for ${groupKind(info)}`;
    const out = watchStatus(ctx, obj, flagBool(flags, 'watch'), timeout);
    stdout += out.stdout;
    return out.error;
  });
  if (visit.stderr !== '') return { exitCode: 1, stdout, stderr: visit.stderr };
  if (visit.visited === 0) return noResources(flags);
  return { exitCode: 0, stdout, stderr: '' };
}

/** One object's `UntilWithSync` loop: the status on the initial list and on every change. */
function watchStatus(ctx: VerbContext, obj: DaemonSet, watch: boolean, timeout: number): { stdout: string; error?: string } {
  const key = { ns: obj.metadata.namespace ?? '', name: obj.metadata.name };
  const first = daemonSetStatus(obj);
  if ('error' in first) return { stdout: '', error: first.error };
  let stdout = first.message;
  if (first.done || !watch) return { stdout };

  let lastVersion = obj.metadata.resourceVersion;
  let outcome: { done: true } | { error: string } | undefined;
  const progress = timeout > 0 ? undefined : new RolloutProgress(obj, ctx.cluster.now);
  const look = (): void => {
    if (outcome) return;
    const cur = ctx.cluster.store.get('DaemonSet', key.ns, key.name);
    if (!cur) {
      outcome = { error: 'object has been deleted' };
      return;
    }
    if (cur.metadata.resourceVersion !== lastVersion) {
      lastVersion = cur.metadata.resourceVersion;
      const s = daemonSetStatus(cur);
      if ('error' in s) outcome = s;
      else {
        stdout += s.message;
        if (s.done) outcome = { done: true };
      }
    }
    const stall = outcome ? undefined : progress?.check(cur, ctx.cluster);
    if (stall) outcome = { error: `the rollout of daemon set "${key.name}" ${stall.message}; kubectl would keep waiting, the playground stops here` };
  };
  look();
  ctx.cluster.advanceUntil(() => outcome !== undefined, timeout > 0 ? timeout : FOREVER_MS, look);
  if (outcome && 'done' in outcome) return { stdout };
  if (outcome) return { stdout, error: outcome.error };
  return { stdout, error: 'timed out waiting for the condition' };
}
