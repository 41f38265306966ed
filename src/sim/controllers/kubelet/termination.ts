/**
 * Graceful termination (`SyncTerminatingPod` / `killPodWithSyncResult`): when the kubelet sees a
 * deletionTimestamp it records Normal `Killing` "Stopping container c" for each running
 * container (a running init container included) and stops all work on the pod. Simulated
 * containers ignore SIGTERM, so they are killed (exit code 137) when the grace period
 * (`deletionGracePeriodSeconds`) runs out, unless they exit earlier on their own (an init
 * container that completes in time exits 0, `Completed`). A pod with nothing running stops at
 * once. The kubelet then writes the terminal status (phase Failed) and makes the final delete.
 *
 * A second delete with a shorter grace period brings the stop forward; a longer one changes
 * nothing. The pod stays Ready until its containers stop, as upstream.
 *
 * Deviation: sidecars (restartable init containers) stop together with the regular containers;
 * upstream stops them afterwards, in reverse order.
 */
import { containerAt } from './slots.js';
import type { ContainerRuntime, Slot } from './state.js';
import type { WorkerEnv } from './worker.js';
import { killingMessage } from './messages.js';

/**
 * Cancels what was scheduled for the container; returns when it stops (`t` if it is not running).
 * A timer is cleared only where set: most records are made without them (see `newContainer`).
 */
function cancel(c: ContainerRuntime, t: number, grace: number): number {
  if (c.syncAt !== undefined) c.syncAt = undefined;
  if (c.restartAt !== undefined) c.restartAt = undefined;
  if (c.runningAt !== undefined) c.runningAt = undefined;
  if (c.probeAt !== undefined) c.probeAt = undefined;
  c.readyAt = undefined;
  if (c.phase !== 'running') {
    clearExit(c);
    return t;
  }
  return Math.min(t + grace * 1000, c.exitAt ?? c.completeAt ?? Infinity);
}

/** Clears the container's scheduled exit and completion, where set. */
function clearExit(c: ContainerRuntime): void {
  if (c.exitAt !== undefined) c.exitAt = undefined;
  if (c.completeAt !== undefined) c.completeAt = undefined;
}

/** The Normal `Killing` event of the container in `slot`, if it runs. */
function killing(env: WorkerEnv, slot: Slot): void {
  const c = containerAt(env.rt, slot);
  if (c.phase === 'running') env.containerEvent(slot, 'Normal', 'Killing', killingMessage(c.name));
}

export function beginTermination(env: WorkerEnv, t: number): void {
  const { pod, rt } = env;
  const grace = pod.metadata.deletionGracePeriodSeconds ?? pod.spec.terminationGracePeriodSeconds ?? env.defaults.terminationGracePeriodSeconds;
  if (rt.terminating) {
    if (grace < rt.terminating.grace) {
      rt.terminating = { ...rt.terminating, grace, stopAt: Math.min(rt.terminating.stopAt, t + grace * 1000) };
      env.transition('DELETED');
    }
    return;
  }
  // Killing for each running container, then each running init container from the last.
  for (let i = 0; i < rt.containers.length; i++) killing(env, i);
  if (rt.inits) for (let k = rt.inits.length - 1; k >= 0; k--) killing(env, ~k);
  rt.mountRetryAt = rt.startAt = undefined;
  if (rt.pullBackOffAt !== undefined) rt.pullBackOffAt = undefined;
  if (rt.pullRetryAt !== undefined) rt.pullRetryAt = undefined;
  if (rt.initSyncAt !== undefined) rt.initSyncAt = undefined;
  if (rt.mountStalled) rt.mountStalled = false;
  rt.pull = undefined;
  let stopAt = t;
  for (let i = 0; i < rt.containers.length; i++) stopAt = Math.max(stopAt, cancel(rt.containers[i]!, t, grace));
  if (rt.inits) for (const c of rt.inits) stopAt = Math.max(stopAt, cancel(c, t, grace));
  rt.terminating = { since: t, stopAt, grace };
  env.transition('DELETED');
}

function stop(c: ContainerRuntime, t: number): void {
  if (c.phase !== 'running') return;
  const completed = c.completeAt !== undefined && c.completeAt <= t;
  const exitedOnItsOwn = c.exitAt !== undefined && c.exitAt <= t;
  const exitCode = completed ? 0 : exitedOnItsOwn ? 1 : 137;
  c.finished = { exitCode, reason: completed ? 'Completed' : 'Error', startedAt: c.startedAt ?? t, finishedAt: t, containerId: c.containerId ?? '' };
  c.phase = 'terminated';
  c.ready = completed;
  clearExit(c);
}

export function stopContainers(env: WorkerEnv, t: number): void {
  for (const c of env.rt.containers) stop(c, t);
  if (env.rt.inits) for (const c of env.rt.inits) stop(c, t);
  env.transition('CONTAINERS_STOPPED');
  env.finish(t);
}
