/**
 * Init containers (`computeInitContainerActions` in pkg/kubelet/kuberuntime/
 * kuberuntime_container.go, driven by `computePodActions` and `SyncPod` in
 * kuberuntime_manager.go): once the sandbox is up, the kubelet starts the first init container
 * and, each time one has completed (exit code 0), starts the next, one at a time and in spec
 * order; the regular containers are started only when the last one has completed.
 *
 * - Each start is `startContainer`: the image is ensured first (pull.ts: same pull policy, events
 *   and ErrImagePull / ImagePullBackOff / ErrImageNeverPull as for regular containers), then
 *   `Created` and `Started` containerStartSeconds later (containers.ts).
 * - A completed init container is `terminated` with exit code 0 and reason `Completed`, and is
 *   ready (the prober manager's `UpdatePodStatus`); it is never run again.
 * - An init container that exits non-zero is restarted like any container (`doBackOff`:
 *   CrashLoopBackOff, restartCount) when the pod's restartPolicy is Always or OnFailure; with
 *   Never the pod fails (`KillPod`; `getPhase` reports Failed) and nothing more starts.
 * - The kubelet notices an exit at its next PLEG relist (1 s); that sync starts the next init
 *   container or, after the last, begins the regular containers' image pulls.
 *
 * Sidecars (init containers with `restartPolicy: Always`, v1.29+) are modelled only in part: one
 * is started in its turn and, as upstream, counts as initialized as soon as it runs, so the next
 * init container starts; it then keeps running and is ready at once. Not modelled: image
 * behaviours (`crash`, `never-ready`) and probes of a sidecar (it never exits, so it is never
 * restarted), and the termination order (upstream stops sidecars after the regular containers,
 * in reverse order; here every container stops together).
 *
 * Assumptions:
 * - Called only for pods with init containers (`rt.inits` set).
 * Invariants:
 * - At most one classic init container runs at a time, and only init containers before
 *   `rt.initNext` have completed (or, for sidecars, started).
 */
import { PLEG_RELIST_MS, ensureImages } from './pull.js';
import { runContainer } from './containers.js';
import type { WorkerEnv } from './worker.js';

/** The first start of init container `rt.initNext`, once its image is present. */
export function startInit(env: WorkerEnv, t: number): void {
  const { rt } = env;
  rt.startAt = undefined;
  const k = rt.initNext ?? 0;
  runContainer(env, ~k, t);
  env.transition('CONTAINER_STARTED');
  if (rt.inits![k]!.sidecar) initialized(env, k, t);
}

/** Init container `k` has run to completion: exit code 0, `Completed`. */
export function completeInit(env: WorkerEnv, k: number, t: number): void {
  const c = env.rt.inits![k]!;
  c.completeAt = undefined;
  c.finished = { exitCode: 0, reason: 'Completed', startedAt: c.startedAt ?? t, finishedAt: t, containerId: c.containerId ?? '' };
  c.phase = 'terminated';
  c.ready = true;
  initialized(env, k, t);
}

/** Init container `k` is done with: the next sync moves on to the next one (or the regular containers). */
function initialized(env: WorkerEnv, k: number, t: number): void {
  const { rt } = env;
  rt.initNext = k + 1;
  rt.initSyncAt = t + PLEG_RELIST_MS;
  env.transition('INIT_COMPLETED');
}

/** The sync after an init container completed: ensure the next image. */
export function initSync(env: WorkerEnv, t: number): void {
  env.rt.initSyncAt = undefined;
  ensureImages(env, t);
}
