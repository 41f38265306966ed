/**
 * Volume setup before a pod's sandbox starts (the volume manager's `WaitForAttachAndMount` and the
 * operation executor's `MountVolume.SetUp`), reduced to hostPath type checks: a failing volume
 * gets a Warning `FailedMount` event ("MountVolume.SetUp failed for volume "<vol>" : <err>") and
 * is retried with the operation executor's exponential back-off (500 ms doubling to 2m2s); the
 * pod stays ContainerCreating. Other volume kinds always mount.
 *
 * Once the back-off has reached its cap the kubelet keeps retrying every 2m2s, as upstream does,
 * but on background timers (`sim settle` does not wait for them: only a path appearing can end
 * the wait, and nothing in the cluster is due to make one). The pod is "stalled": when the
 * machine's paths change (another pod's DirectoryOrCreate, FileOrCreate or untyped hostPath) it
 * retries at once. Deviation: upstream retries only at its next back-off expiry (up to 2m2s later).
 *
 * Once every volume is mounted the sandbox is created: the pod gets its IP (the node's with
 * hostNetwork) and PodReadyToStartContainers turns True; image pulls begin.
 */
import { ensureImages } from './pull.js';
import { machineIP, podIP } from './registration.js';
import { setUpHostPath, type HostPathKind } from './hostpaths.js';
import type { MachineState } from './state.js';
import type { WorkerEnv } from './worker.js';

/** Upstream `initialDurationBeforeRetry` and `maxDurationBeforeRetry` of volume operations. */
export const MOUNT_RETRY_INITIAL_MS = 500;
export const MOUNT_RETRY_MAX_MS = 2 * 60_000 + 2_000;

export function mountRetryDelay(failures: number): number {
  return Math.min(MOUNT_RETRY_INITIAL_MS * 2 ** Math.max(0, failures - 1), MOUNT_RETRY_MAX_MS);
}

/** The machine's own path table, copied from the shared one before its first change. */
function writablePaths(machine: MachineState): Record<string, HostPathKind> {
  if (machine.pathsShared) {
    machine.paths = { ...machine.paths };
    machine.pathsShared = false;
  }
  return machine.paths;
}

export function mountVolumes(env: WorkerEnv, t: number): void {
  const { pod, rt } = env;
  rt.mountRetryAt = undefined;
  if (rt.mountStalled) rt.mountStalled = false;
  // Made at the first failure: nearly every mount succeeds.
  let failures: { volume: string; error: string }[] | undefined;
  // How many host paths the machine had, counted only for a pod that mounts one (the count is
  // what tells whether a DirectoryOrCreate/FileOrCreate volume created a path). The machine is
  // taken for writing only to add a path (`env.machine` is then the writable one).
  let before: number | undefined;
  const volumes = pod.spec.volumes;
  // An indexed loop: a for-of made an iterator and a result per volume of every pod's mount.
  for (let i = 0; volumes !== undefined && i < volumes.length; i++) {
    const v = volumes[i]!;
    if (!v.hostPath) continue;
    before ??= Object.keys(env.machine.paths).length;
    const error = setUpHostPath(env.machine.paths, v.hostPath.path, v.hostPath.type, () => writablePaths(env.ownMachine()));
    if (error) (failures ??= []).push({ volume: v.name, error });
  }
  if (before !== undefined && Object.keys(env.machine.paths).length !== before) env.pathsChanged();
  if (failures !== undefined) {
    for (const f of failures) env.event('Warning', 'FailedMount', `MountVolume.SetUp failed for volume "${f.volume}" : ${f.error}`);
    rt.mountFailures = (rt.mountFailures ?? 0) + 1;
    const delay = mountRetryDelay(rt.mountFailures);
    rt.mountRetryAt = t + delay;
    if (delay >= MOUNT_RETRY_MAX_MS) {
      rt.mountStalled = true;
      env.mountStalled();
    }
    env.transition('MOUNT_FAILED');
    return;
  }
  rt.sandbox = true;
  const index = env.machine.index;
  rt.podIP = pod.spec.hostNetwork ? machineIP(index) : podIP(index, env.runtime().podIPs++);
  ensureImages(env, t);
}
