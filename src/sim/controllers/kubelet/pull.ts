/**
 * Image pulls for a pod's first start (`EnsureImageExists` in pkg/kubelet/images/image_manager.go),
 * container by container in spec order, on the machine's serialized puller (the kubelet default
 * `serializeImagePulls: true`: one pull at a time per node, which is what "including waiting"
 * in the Pulled message measures).
 *
 * - Present and not `Always`: Normal `Pulled` "Container image "x" already present on machine".
 * - `Never` and absent: Warning `ErrImageNeverPull`; the pod stays Pending.
 * - Otherwise Normal `Pulling`, then after SIM_DEFAULTS.imagePullSeconds (0 s for an image the
 *   node already has or is already pulling) either Normal `Pulled` "Successfully pulled image "x"
 *   in 5s (5s including waiting). Image size: N bytes." or, for a `pull-error` image, Warning
 *   `Failed` "Failed to pull image ..." + "Error: ErrImagePull"; one PLEG relist (1 s) later the
 *   kubelet reports ImagePullBackOff (Normal `BackOff` "Back-off pulling image "x"", Warning
 *   `Failed` "Error: ImagePullBackOff") and pulls again when the back-off (10 s doubling to
 *   300 s) runs out.
 *
 * Init containers: each one's image is ensured just before it starts (`startContainer` pulls as
 * its first step), with the same events, back-off and waiting reasons; the regular containers'
 * images are ensured only once the pod is initialized.
 *
 * Deviation: with several containers, a failing pull stops the sequence (upstream goes on with
 * the next container and retries the failed one later).
 */
import { BoundedTable } from '../../bounded-table.js';
import { nextBackoff } from './backoff.js';
import { effectivePullPolicy, normalizeImage, pullErrorMessage } from './images.js';
import { containerAt, currentSlot, initializing, specAt, waitingReason } from './slots.js';
import type { ImageList, MachineRuntime, PodRuntime, Slot } from './state.js';
import type { WorkerEnv } from './worker.js';
import { presentMessage, pulledMessage, pullingMessage } from './messages.js';

/** Upstream `genericPlegRelistPeriod`: how soon the kubelet notices a change it did not cause. */
export const PLEG_RELIST_MS = 1_000;

/** Whether the machine has the image (or is pulling it already) at `t`. */
function imageState(r: MachineRuntime, image: string, t: number): 'present' | 'pulling' | 'absent' {
  const normalized = normalizeImage(image);
  for (let e = r.images; e !== undefined; e = e.next) if (e.image === normalized) return e.doneAt <= t ? 'present' : 'pulling';
  return 'absent';
}

/**
 * The cell made last in front of each image list (`undefined`, the empty list, under a key of
 * its own). Cells never change, so machines whose pulls went alike (a fleet's: each node pulls a
 * DaemonSet's image at the same instants, in front of the same images) share one list instead
 * of a cell and a boxed time per node.
 */
const lastCellOn = new BoundedTable<ImageList | null, ImageList>(1 << 12);

/** `{ image, doneAt, next }`, the cell made last in front of `next` if it is that one. */
function imageCell(image: string, doneAt: number, next: ImageList | undefined): ImageList {
  const on = next ?? null;
  const last = lastCellOn.get(on);
  if (last !== undefined && last.image === image && last.doneAt === doneAt) return last;
  return lastCellOn.set(on, { image, doneAt, next });
}

function beginPull(env: WorkerEnv, slot: Slot, t: number): void {
  const { rt, defaults } = env;
  const runtime = env.runtime();
  const c = containerAt(rt, slot);
  const state = imageState(runtime, c.image, t);
  const fails = env.behaviours[normalizeImage(c.image)]?.behaviour === 'pull-error';
  env.containerEvent(slot, 'Normal', 'Pulling', pullingMessage(c.image));
  const startedAt = Math.max(t, runtime.pullerFreeAt);
  const doneAt = startedAt + (state === 'absent' ? defaults.imagePullSeconds * 1000 : 0);
  runtime.pullerFreeAt = doneAt;
  if (!fails && state === 'absent') runtime.images = imageCell(normalizeImage(c.image), doneAt, runtime.images);
  rt.pull = { container: slot, requestedAt: t, startedAt, doneAt, fails, image: c.image };
  env.transition('PULL_STARTED');
}

/**
 * Ensures the image of the container in `slot`: true when it is present (the caller goes on),
 * false when a pull began or the pod is stuck on `Never`.
 */
function ensureImage(env: WorkerEnv, slot: Slot, t: number): boolean {
  const { pod, rt } = env;
  const c = containerAt(rt, slot);
  const policy = effectivePullPolicy(c.image, specAt(pod, slot)?.imagePullPolicy);
  const state = imageState(env.runtime(), c.image, t);
  if (policy !== 'Always' && state === 'present') {
    env.containerEvent(slot, 'Normal', 'Pulled', presentMessage(c.image));
    return true;
  }
  if (policy === 'Never') {
    const msg = `Container image "${c.image}" is not present with pull policy of Never`;
    env.containerEvent(slot, 'Warning', 'ErrImageNeverPull', msg);
    env.containerEvent(slot, 'Warning', 'Failed', 'Error: ErrImageNeverPull');
    c.reason = 'ErrImageNeverPull';
    c.message = msg;
    env.transition('NEVER_PULL');
    return false;
  }
  beginPull(env, slot, t);
  return false;
}

/**
 * Ensures the image of the next init container, or (once the pod is initialized) those of the
 * containers from `rt.cursor` on; schedules the start when they are there.
 */
export function ensureImages(env: WorkerEnv, t: number): void {
  const { rt, defaults } = env;
  if (initializing(rt)) {
    if (ensureImage(env, currentSlot(rt), t)) rt.startAt = t + defaults.containerStartSeconds * 1000;
    return;
  }
  while (rt.cursor < rt.containers.length) {
    if (!ensureImage(env, rt.cursor, t)) return;
    rt.cursor++;
  }
  rt.startAt = t + defaults.containerStartSeconds * 1000;
}

export function pullDone(env: WorkerEnv, t: number): void {
  const { rt, defaults } = env;
  const p = rt.pull!;
  rt.pull = undefined;
  const c = containerAt(rt, p.container);
  if (p.fails) {
    const err = pullErrorMessage(p.image);
    env.containerEvent(p.container, 'Warning', 'Failed', `Failed to pull image "${p.image}": ${err}`);
    env.containerEvent(p.container, 'Warning', 'Failed', 'Error: ErrImagePull');
    c.reason = 'ErrImagePull';
    c.message = err;
    const key = normalizeImage(p.image);
    const entry = nextBackoff(rt.pullBackoff?.[key], t, t, { initialMs: defaults.backOffInitialSeconds * 1000, maxMs: defaults.backOffMaxSeconds * 1000 });
    (rt.pullBackoff ??= {})[key] = entry;
    rt.pullRetryAt = t + entry.delayMs;
    rt.pullBackOffAt = Math.min(t + PLEG_RELIST_MS, rt.pullRetryAt);
    env.transition('PULL_FAILED');
    return;
  }
  env.containerEvent(p.container, 'Normal', 'Pulled', pulledMessage(p.image, p.doneAt - p.startedAt, p.doneAt - p.requestedAt));
  c.reason = waitingReason(rt);
  if (c.message !== undefined) c.message = undefined;
  env.transition('PULLED');
  if (p.container < 0) {
    rt.startAt = t + defaults.containerStartSeconds * 1000;
    return;
  }
  rt.cursor++;
  ensureImages(env, t);
}

/**
 * Whether `pullDone` would change nothing the pod status shows: the pod has one container and
 * no init container, the pull succeeds, and the container already waits with the reason and no
 * message, as a pull leaves it (what changes is the pod's stage and its start timer, neither in
 * the status). Each daemon pod of a rollout pulls its new image once: its status is not
 * generated again to find it unchanged.
 */
export function pullDoneIsQuiet(rt: PodRuntime): boolean {
  if (rt.pull === undefined || rt.pull.fails || rt.inits !== undefined || rt.containers.length !== 1) return false;
  const c = rt.containers[0]!;
  return c.reason === waitingReason(rt) && c.message === undefined;
}

export function pullBackOff(env: WorkerEnv, _t: number): void {
  const { rt } = env;
  rt.pullBackOffAt = undefined;
  const slot = currentSlot(rt);
  const c = containerAt(rt, slot);
  env.containerEvent(slot, 'Normal', 'BackOff', `Back-off pulling image "${c.image}"`);
  env.containerEvent(slot, 'Warning', 'Failed', 'Error: ImagePullBackOff');
  c.message = `Back-off pulling image "${c.image}": ErrImagePull: ${pullErrorMessage(c.image)}`;
  c.reason = 'ImagePullBackOff';
  env.transition('PULL_BACK_OFF');
}

export function pullRetry(env: WorkerEnv, t: number): void {
  env.rt.pullRetryAt = undefined;
  beginPull(env, currentSlot(env.rt), t);
}
