/**
 * Graceful termination (`SyncTerminatingPod` / `killPodWithSyncResult`): when the kubelet sees a
 * deletionTimestamp it records Normal `Killing` "Stopping container c" for each running
 * container and stops all work on the pod. Simulated containers ignore SIGTERM, so they are
 * killed (exit code 137) when the grace period (`deletionGracePeriodSeconds`) runs out, unless
 * they exit earlier on their own. A pod with nothing running stops at once. The kubelet then
 * writes the terminal status (phase Failed) and makes the final delete.
 *
 * A second delete with a shorter grace period brings the stop forward; a longer one changes
 * nothing. The pod stays Ready until its containers stop, as upstream.
 */
import type { WorkerEnv } from './worker.js';

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
  const running = rt.containers.filter((c) => c.phase === 'running');
  for (const c of running) env.event('Normal', 'Killing', `Stopping container ${c.name}`);
  rt.mountRetryAt = rt.pullBackOffAt = rt.pullRetryAt = rt.startAt = undefined;
  rt.mountStalled = false;
  rt.pull = undefined;
  let stopAt = t;
  for (const c of rt.containers) {
    c.syncAt = c.restartAt = c.runningAt = c.readyAt = c.probeAt = undefined;
    if (c.phase !== 'running') {
      c.exitAt = undefined;
      continue;
    }
    stopAt = Math.max(stopAt, Math.min(t + grace * 1000, c.exitAt ?? Infinity));
  }
  rt.terminating = { since: t, stopAt, grace };
  env.transition('DELETED');
}

export function stopContainers(env: WorkerEnv, t: number): void {
  for (const c of env.rt.containers) {
    if (c.phase !== 'running') continue;
    const exitedOnItsOwn = c.exitAt !== undefined && c.exitAt <= t;
    c.finished = { exitCode: exitedOnItsOwn ? 1 : 137, reason: 'Error', startedAt: c.startedAt ?? t, finishedAt: t, containerId: c.containerId ?? '' };
    c.phase = 'terminated';
    c.ready = false;
    c.exitAt = undefined;
  }
  env.transition('CONTAINERS_STOPPED');
  env.finish(t);
}
