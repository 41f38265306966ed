/**
 * Simulated container logs (`kubectl logs`): the kubelet's `GetContainerLogs` and
 * `validateContainerLogStatus` (pkg/kubelet/kubelet_pods.go) over the pod status it already
 * reports, with made-up log lines.
 *
 * Nothing is stored per container: the lines of an instance are derived when they are read from
 * the container status (when it started, whether and how it ended, its exit code), the pod's
 * readiness probe and the image behaviour, stamped with virtual time:
 * - at its start: `simulated: container "c" started from image "i" on node-1`;
 * - behaviour `never-ready`, once it is past the time it would have turned ready: one line per
 *   failing readiness probe (the kubelet's Unhealthy reason), or one line without a probe;
 * - a pod being deleted: the SIGTERM it ignores, at the deletion request (the run going then);
 * - at its end: the crash (`crash`, exit code 1), completion (an init container, exit code 0)
 *   or kill (exit code 137).
 * `previous` reads the last terminated instance. A container that never started has no log:
 * the kubelet's error says why (`is waiting to start: ContainerCreating`, `image can't be
 * pulled`, ...).
 */
import type { ContainerStatus, Pod, Probe } from '../../api/types.js';
import { parseTime } from '../../engine/time.js';
import { normalizeImage, type ImageBehaviour } from './images.js';
import { firstProbeAt, nextProbeAt, readinessFailureMessage, readyAt } from './probes.js';

/** One log line and when it was written (virtual ms). */
export interface LogLine {
  readonly at: number;
  readonly text: string;
}

/** One run of a container: from its start to its end, if it ended. */
interface Instance {
  readonly startedAt: number;
  readonly end?: { readonly at: number; readonly exitCode: number; readonly reason?: string };
  /** The running instance, not ready (only then can `never-ready` be told apart). */
  readonly runningNotReady: boolean;
}

function timeOf(ts: string | undefined): number {
  return ts ? parseTime(ts) : 0;
}

/** `validateContainerLogStatus`: the instance to read, or the kubelet's error. */
function pickInstance(podName: string, s: ContainerStatus | undefined, name: string, previous: boolean): Instance | { error: string } {
  const where = `container "${name}" in pod "${podName}"`;
  if (!s) return { error: `${where} is not available` };
  const last = s.lastState.terminated;
  const ended = (t: NonNullable<ContainerStatus['state']['terminated']>): Instance => ({
    startedAt: timeOf(t.startedAt),
    end: { at: timeOf(t.finishedAt), exitCode: t.exitCode, ...(t.reason ? { reason: t.reason } : {}) },
    runningNotReady: false,
  });
  if (previous) return last ? ended(last) : { error: `previous terminated container "${name}" in pod "${podName}" not found` };
  if (s.state.running) return { startedAt: timeOf(s.state.running.startedAt), runningNotReady: !s.ready };
  if (s.state.terminated) return ended(s.state.terminated);
  if (last) return ended(last);
  const reason = s.state.waiting?.reason;
  if (reason === 'ErrImagePull') return { error: `${where} is waiting to start: image can't be pulled` };
  if (reason === 'ImagePullBackOff') return { error: `${where} is waiting to start: trying and failing to pull image` };
  if (s.state.waiting) return { error: `${where} is waiting to start: ${reason ?? ''}` };
  return { error: `${where} is waiting to start - no logs yet` };
}

/** The lines a `never-ready` container writes while it runs, up to `until`. */
function notReadyLines(startedAt: number, probe: Probe | undefined, podIP: string | undefined, until: number, image: string): LogLine[] {
  const why = `(sim image ${image} --behaviour never-ready)`;
  if (!probe) return [{ at: startedAt, text: `simulated: never becomes ready ${why}` }];
  if (until < readyAt(startedAt, probe)) return [];
  const lines: LogLine[] = [];
  for (let t = firstProbeAt(startedAt, probe); t <= until; t = nextProbeAt(t, probe)) {
    lines.push({ at: t, text: `simulated: not ready ${why}: ${readinessFailureMessage(probe, podIP)}` });
  }
  return lines;
}

function endLine(image: string, end: NonNullable<Instance['end']>): string {
  if (end.exitCode === 0) return 'simulated: done, exiting with code 0';
  if (end.exitCode === 137) return 'simulated: killed at the end of the termination grace period (exit code 137)';
  return `simulated: crashing (sim image ${image} --behaviour crash), exit code ${end.exitCode}`;
}

export interface LogQuery {
  readonly container: string;
  readonly previous: boolean;
  /** Image behaviours in effect (`sim image`), by normalised reference. */
  readonly behaviours: Readonly<Record<string, ImageBehaviour>>;
  readonly now: number;
}

function instanceOf(pod: Pod, container: string, previous: boolean): Instance | { error: string } {
  const statuses = [...(pod.status.containerStatuses ?? []), ...(pod.status.initContainerStatuses ?? [])];
  return pickInstance(pod.metadata.name, statuses.find((s) => s.name === container), container, previous);
}

/**
 * The run of a container a log request reads: when it started and whether it has ended, or
 * undefined when there is none to read. A follow (`kubectl logs -f`) reads one run to its end.
 */
export function loggedRun(pod: Pod, container: string, previous: boolean): { readonly startedAt: number; readonly ended: boolean } | undefined {
  const inst = instanceOf(pod, container, previous);
  return 'error' in inst ? undefined : { startedAt: inst.startedAt, ended: inst.end !== undefined };
}

/** The log of one container of a pod bound to a node, or the kubelet's error for it. */
export function containerLog(pod: Pod, q: LogQuery): LogLine[] | { error: string } {
  const inst = instanceOf(pod, q.container, q.previous);
  if ('error' in inst) return inst;
  const spec = [...pod.spec.containers, ...(pod.spec.initContainers ?? [])].find((c) => c.name === q.container);
  const image = spec?.image ?? '';
  const lines: LogLine[] = [{ at: inst.startedAt, text: `simulated: container "${q.container}" started from image "${image}" on ${pod.spec.nodeName ?? ''}` }];
  const until = inst.end?.at ?? q.now;
  if (inst.runningNotReady && q.behaviours[normalizeImage(image)]?.behaviour === 'never-ready') {
    lines.push(...notReadyLines(inst.startedAt, spec?.readinessProbe, pod.status.podIP, until, image));
  }
  const meta = pod.metadata;
  if (meta.deletionTimestamp) {
    // The run that was going when the pod's deletion was asked for got the SIGTERM.
    const requested = parseTime(meta.deletionTimestamp) - (meta.deletionGracePeriodSeconds ?? 0) * 1000;
    if (!inst.end || requested <= inst.end.at) lines.push({ at: Math.max(requested, inst.startedAt), text: 'simulated: received SIGTERM, ignored: the container is killed when the grace period ends' });
  }
  if (inst.end) lines.push({ at: inst.end.at, text: endLine(image, inst.end) });
  return lines.sort((a, b) => a.at - b.at);
}
