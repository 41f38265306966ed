/**
 * Running containers (pkg/kubelet/kuberuntime `startContainer`, `doBackOff`, and the prober
 * manager), with the image behaviours of `sim image`:
 *
 * - Start: Normal `Created` "Created container: c" and `Started` "Started container c" (v1.34
 *   wording). Readiness then follows probes.ts; `never-ready` never passes (a Warning `Unhealthy`
 *   per probe period when there is a readiness probe).
 * - `crash`: the container exits with code 1 (reason Error) `crashAfterSeconds` (or `--after`)
 *   after each start. One PLEG relist later the kubelet either restarts it at once (no back-off
 *   yet) or reports CrashLoopBackOff (Warning `BackOff` "Back-off restarting failed container c in
 *   pod p_ns(uid)") until the back-off (10 s doubling to 300 s, counted from the exit) ends. A
 *   restart re-checks the image, takes containerStartSeconds, and bumps restartCount.
 * - restartPolicy Never leaves an exited container terminated (the pod turns Failed).
 *
 * Every action takes a container slot (slots.ts), so the same code runs init containers: a
 * classic init container has no readiness; with behaviour `ok` it exits 0 (`Completed`)
 * containerStartSeconds after it starts, `crash` and its CrashLoopBackOff are as above, and
 * `never-ready` runs and never exits (init.ts takes it from there).
 */
import { formatDuration } from '../../engine/time.js';
import { inBackOffSince, nextBackoff, type BackoffPolicy } from './backoff.js';
import { containerID } from './ids.js';
import { effectivePullPolicy, normalizeImage } from './images.js';
import { firstProbeAt, nextProbeAt, readinessFailureMessage, readyAt } from './probes.js';
import { PLEG_RELIST_MS } from './pull.js';
import { containerAt, specAt } from './slots.js';
import type { ContainerRuntime, Slot } from './state.js';
import type { WorkerEnv } from './worker.js';
import { createdMessage, presentMessage, pulledMessage, pullingMessage, startedMessage } from './messages.js';

function crashPolicy(env: WorkerEnv): BackoffPolicy {
  return { initialMs: env.defaults.backOffInitialSeconds * 1000, maxMs: env.defaults.backOffMaxSeconds * 1000 };
}

/** `format.Pod`: how kubelet messages name a pod (`name_namespace(uid)`). */
export function podRef(env: WorkerEnv): string {
  return `${env.rt.name}_${env.rt.namespace}(${env.rt.uid})`;
}

/** Starts one container instance at `t` and schedules what its image behaviour will do. */
export function runContainer(env: WorkerEnv, slot: Slot, t: number): void {
  const { pod, rt } = env;
  const c = containerAt(rt, slot);
  const spec = specAt(pod, slot);
  c.containerId = containerID(rt.uid, c.name, c.restartCount);
  c.phase = 'running';
  c.startedAt = t;
  c.reason = undefined;
  // Fields a healthy container's record is made without are cleared only where set (see
  // `newContainer`), so that a start adds no property to it.
  if (c.message !== undefined) c.message = undefined;
  if (c.finished !== undefined) c.finished = undefined;
  c.imageResolved = true;
  env.containerEvent(slot, 'Normal', 'Created', createdMessage(c.name));
  env.containerEvent(slot, 'Normal', 'Started', startedMessage(c.name));
  const b = env.behaviours[normalizeImage(c.image)];
  const behaviour = b?.behaviour ?? 'ok';
  const exitAt = behaviour === 'crash' ? t + (b?.afterMs ?? env.defaults.crashAfterSeconds * 1000) : undefined;
  if (exitAt !== undefined || c.exitAt !== undefined) c.exitAt = exitAt;
  const probe = spec?.readinessProbe;
  c.ready = false;
  c.readyAt = undefined;
  if (c.probeAt !== undefined) c.probeAt = undefined;
  if (slot < 0) {
    // Sidecars are modelled as always healthy (init.ts); a classic init container is not
    // probed and, unless it crashes or never finishes, completes after its run time.
    c.completeAt = undefined;
    if (c.sidecar) {
      if (c.exitAt !== undefined) c.exitAt = undefined;
      c.ready = true;
    } else if (behaviour === 'ok') c.completeAt = t + env.defaults.containerStartSeconds * 1000;
    return;
  }
  if (behaviour === 'never-ready') {
    if (probe) c.probeAt = firstProbeAt(t, probe);
    return;
  }
  const at = readyAt(t, probe);
  if (c.exitAt !== undefined && at >= c.exitAt) return;
  if (at <= t) c.ready = true;
  else c.readyAt = at;
}

/** Every container's first start, once all images are present. */
export function startContainers(env: WorkerEnv, t: number): void {
  env.rt.startAt = undefined;
  // An indexed loop: a forEach made a closure per pod start.
  const containers = env.rt.containers;
  for (let i = 0; i < containers.length; i++) runContainer(env, i, t);
  env.transition('CONTAINERS_STARTED');
}

export function readinessPassed(env: WorkerEnv, index: number, _t: number): void {
  const c = env.rt.containers[index]!;
  c.readyAt = undefined;
  c.ready = true;
  env.transition('READINESS_CHANGED');
}

export function probeFailed(env: WorkerEnv, index: number, t: number): void {
  const c = env.rt.containers[index]!;
  const probe = env.pod.spec.containers[index]?.readinessProbe;
  if (!probe) {
    c.probeAt = undefined;
    return;
  }
  env.containerEvent(index, 'Warning', 'Unhealthy', readinessFailureMessage(probe, env.rt.podIP));
  c.probeAt = nextProbeAt(t, probe);
}

export function exitContainer(env: WorkerEnv, slot: Slot, t: number): void {
  const c = containerAt(env.rt, slot);
  c.finished = { exitCode: 1, reason: 'Error', startedAt: c.startedAt ?? t, finishedAt: t, containerId: c.containerId ?? '' };
  c.phase = 'terminated';
  c.ready = false;
  c.exitAt = c.readyAt = c.probeAt = undefined;
  if ((env.pod.spec.restartPolicy ?? 'Always') !== 'Never') c.syncAt = t + PLEG_RELIST_MS;
  env.transition('CONTAINER_EXITED');
}

function exitTime(c: ContainerRuntime): number {
  return (c.finished ?? c.last)?.finishedAt ?? 0;
}

/** The sync after an exit (`doBackOff`): restart now, or wait out CrashLoopBackOff. */
export function syncAfterExit(env: WorkerEnv, slot: Slot, t: number): void {
  const c = containerAt(env.rt, slot);
  c.syncAt = undefined;
  const finishedAt = exitTime(c);
  if (inBackOffSince(c.backoff, finishedAt, t, crashPolicy(env))) {
    const delay = c.backoff!.delayMs;
    if (c.finished) c.last = c.finished;
    c.finished = undefined;
    c.phase = 'waiting';
    c.reason = 'CrashLoopBackOff';
    c.message = `back-off ${formatDuration(delay)} restarting failed container=${c.name} pod=${podRef(env)}`;
    env.containerEvent(slot, 'Warning', 'BackOff', `Back-off restarting failed container ${c.name} in pod ${podRef(env)}`);
    c.restartAt = finishedAt + delay;
    env.transition('CRASH_BACK_OFF');
    return;
  }
  beginRestart(env, slot, t);
}

/** The CrashLoopBackOff has run out. */
export function restartContainer(env: WorkerEnv, slot: Slot, t: number): void {
  containerAt(env.rt, slot).restartAt = undefined;
  beginRestart(env, slot, t);
}

function beginRestart(env: WorkerEnv, slot: Slot, t: number): void {
  const c = containerAt(env.rt, slot);
  c.backoff = nextBackoff(c.backoff, exitTime(c), t, crashPolicy(env));
  const policy = effectivePullPolicy(c.image, specAt(env.pod, slot)?.imagePullPolicy);
  if (policy === 'Always') {
    env.containerEvent(slot, 'Normal', 'Pulling', pullingMessage(c.image));
    env.containerEvent(slot, 'Normal', 'Pulled', pulledMessage(c.image, 0, 0));
  } else {
    env.containerEvent(slot, 'Normal', 'Pulled', presentMessage(c.image));
  }
  c.runningAt = t + env.defaults.containerStartSeconds * 1000;
  env.transition('RESTARTING');
}

/** The new instance of a restarted container is running. */
export function restartedRunning(env: WorkerEnv, slot: Slot, t: number): void {
  const c = containerAt(env.rt, slot);
  c.runningAt = undefined;
  if (c.finished) c.last = c.finished;
  c.finished = undefined;
  c.restartCount++;
  runContainer(env, slot, t);
  env.transition('CONTAINER_STARTED');
}
