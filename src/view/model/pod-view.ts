/**
 * One pod as the picture draws it, projected from the Pod object alone. The STATUS word is
 * kubectl's (`podSummary`, the printer `kubectl get pods` uses), readiness and availability are
 * the DaemonSet controller's (`podReadySince`, `availableSince`), and the pin is the node the
 * DaemonSet controller wrote into the pod's node affinity (`getTargetNodeName`). Nothing here
 * decides anything the engine decides.
 *
 * The parts that depend on the clock (available yet? how far the soak or a grace period has run)
 * are not stored: `podMoment` reads them at drawing time from the fields kept here.
 */
import type { Pod } from '../../sim/api/types.js';
import { controllerUid } from '../../sim/store/store.js';
import { HASH_LABEL } from '../../sim/controllers/daemonset/constants.js';
import { getTargetNodeName } from '../../sim/controllers/daemonset/node-affinity-pin.js';
import { availableSince, podReadySince } from '../../sim/controllers/daemonset/pod-conditions.js';
import { parseTime } from '../../sim/engine/time.js';
import { podSummary } from '../../kubectl/print/tables/pod.js';

/** The mark's shape: one per phase group, so no state is shown by colour alone (docs/picture.md). */
export type PhaseGroup = 'pending' | 'creating' | 'running' | 'ready' | 'failing' | 'terminating' | 'succeeded' | 'failed';

export interface PodView {
  readonly uid: string;
  readonly namespace: string;
  readonly name: string;
  /** `spec.nodeName`; '' while unbound. */
  readonly node: string;
  /** The node a daemon pod is pinned to (matchFields metadata.name), if any. */
  readonly pin?: string;
  /** Controlling owner's uid (the DaemonSet's, for daemon pods). */
  readonly owner?: string;
  /** The `controller-revision-hash` label: which ControllerRevision it was made from. */
  readonly hash?: string;
  /** kubectl's STATUS column. */
  readonly status: string;
  /** kubectl's READY column (`1/1`). */
  readonly ready: string;
  readonly group: PhaseGroup;
  /** When the Ready condition turned True (ms); NaN when not Ready. */
  readonly readySince: number;
  /** When the kubelet must have stopped it (deletionTimestamp, ms), while terminating. */
  readonly deletionAt?: number;
  readonly graceSeconds?: number;
  /** The PodScheduled=False message (the scheduler's FitError text) while unschedulable. */
  readonly unschedulable?: string;
  /** creationTimestamp in ms, for ordering. */
  readonly created: number;
}

/** STATUS words that mean a container is failing (red zigzag edge). */
const FAILING = /BackOff|Err|Error|Failed|Invalid|NodeLost|Unknown|ExitCode|OOMKilled|ContainerStatusUnknown|Evicted/;

export function projectPod(pod: Pod, now: number): PodView {
  const s = podSummary(pod, now);
  const pin = getTargetNodeName(pod);
  const owner = controllerUid(pod);
  const hash = pod.metadata.labels?.[HASH_LABEL];
  const readySince = podReadySince(pod);
  const scheduled = pod.status?.conditions?.find((c) => c.type === 'PodScheduled');
  const deletion = pod.metadata.deletionTimestamp;
  return {
    uid: pod.metadata.uid,
    namespace: pod.metadata.namespace ?? '',
    name: pod.metadata.name,
    node: pod.spec.nodeName ?? '',
    ...(typeof pin === 'string' ? { pin } : {}),
    ...(owner ? { owner } : {}),
    ...(hash ? { hash } : {}),
    status: s.status,
    ready: s.ready,
    group: phaseGroup(pod, s.status, readySince),
    readySince,
    ...(deletion ? { deletionAt: parseTime(deletion), graceSeconds: pod.metadata.deletionGracePeriodSeconds ?? 0 } : {}),
    ...(scheduled?.status === 'False' && scheduled.message ? { unschedulable: scheduled.message } : {}),
    created: parseTime(pod.metadata.creationTimestamp),
  };
}

function phaseGroup(pod: Pod, status: string, readySince: number): PhaseGroup {
  const phase = pod.status?.phase;
  if (phase === 'Succeeded') return 'succeeded';
  if (phase === 'Failed') return 'failed';
  if (pod.metadata.deletionTimestamp) return 'terminating';
  if (!pod.spec.nodeName) return 'pending';
  if (FAILING.test(status)) return 'failing';
  if (phase === 'Running') return Number.isNaN(readySince) ? 'running' : 'ready';
  return 'creating';
}

/** What the clock changes about a pod: availability and how far its rings have run. */
export interface PodMoment {
  /** Ready for at least minReadySeconds (`IsPodAvailable`). */
  readonly available: boolean;
  /** 0..1 of minReadySeconds soaked, while Ready but not yet available. */
  readonly soak?: number;
  /** Seconds left of the termination grace period, while terminating. */
  readonly graceLeft?: number;
  /** 0..1 of the grace period still left (the shrinking ring). */
  readonly graceFraction?: number;
}

export function podMoment(p: PodView, minReadySeconds: number, now: number): PodMoment {
  const available = availableSince(p.readySince, minReadySeconds, now);
  const out: { available: boolean; soak?: number; graceLeft?: number; graceFraction?: number } = { available };
  if (!available && !Number.isNaN(p.readySince) && minReadySeconds > 0 && Number.isFinite(p.readySince)) {
    out.soak = Math.min(1, Math.max(0, (now - p.readySince) / (minReadySeconds * 1000)));
  }
  if (p.deletionAt !== undefined) {
    const left = Math.max(0, p.deletionAt - now);
    out.graceLeft = Math.ceil(left / 1000);
    out.graceFraction = p.graceSeconds ? Math.min(1, left / (p.graceSeconds * 1000)) : 0;
  }
  return out;
}
