/**
 * The kubelet's private state, as plain data (snapshotted with the cluster): one record per
 * simulated machine (the VM under a Node) and one runtime record per pod it runs. Times are
 * virtual milliseconds. Nothing here is an API object: the API objects are derived from it
 * (podstatus.ts, nodestatus.ts) and written through the API server.
 */
import type { ConditionStatus } from '../../api/types.js';
import { emptyList } from '../../engine/queue.js';
import type { BackoffEntry } from './backoff.js';
import type { HostPathKind } from './hostpaths.js';
import type { ImageBehaviour } from './images.js';

/** One simulated machine: the kubelet, its container runtime and its filesystem. */
export interface MachineState {
  readonly name: string;
  /** Registration order; gives the machine its addresses (10.0.0.N, pod CIDR 10.244.I.0/24). */
  readonly index: number;
  readonly registeredAt: number;
  /** When the runtime network comes up and the kubelet first posts Ready=True. */
  readonly bootAt: number;
  booted: boolean;
  /**
   * A wake-up at `bootAt` is requested (by its first node sync while booting; again after `sim
   * node recover`, as the one before may have come while the kubelet was stopped). A field of the
   * machine, which the sync writes anyway: a table by node name grew to a fleet's size and
   * emptied again as the machines booted.
   */
  bootWake: boolean;
  /** false after `sim node fail`: the kubelet stopped (no status, no pod progress). */
  running: boolean;
  /** When the kubelet stopped posting (set while `running` is false). */
  failedAt?: number;
  /** Last time the kubelet came back; actions due earlier run at this time. */
  resumedAt: number;
  /**
   * Existing host paths and their file types (`--paths`); grows with DirectoryOrCreate. While
   * `pathsShared`, the table is shared (with other machines, or with a snapshot's copy of this
   * machine) and is copied before a change.
   */
  paths: Record<string, HostPathKind>;
  pathsShared?: boolean;
  /**
   * Conditions set with `sim node condition`, by type; they stay until changed. Replaced, never
   * changed in place (a machine's copy shares it).
   */
  forced: Readonly<Record<string, ConditionStatus>>;
  /** The kubelet announced itself (Starting, NodeHas... events) since it last started. */
  announced: boolean;
  /** The kubelet has posted node status at least once (its registration counts). */
  posted: boolean;
  /** `spec.unschedulable` as last reported in a NodeSchedulable/NodeNotSchedulable event. */
  schedulable?: boolean;
}

/**
 * What the pods of a machine change on it as they start: its image store, its serialized puller
 * and its pod IP counter. Kept apart from the machine (`KubeletState.runtimes`), so that after a
 * rollout, in which every machine pulls an image and hands out an IP, a checkpoint holds a copy of
 * this small record per machine and shares the machine records.
 */
export interface MachineRuntime {
  /** The machine's name (its key in `KubeletState.runtimes`). */
  readonly node: string;
  /** Images on the machine, the newest first. */
  images: ImageList | undefined;
  /**
   * With serialized image pulls (the kubelet default), when the puller is free again: from the
   * machine's registration until its first pull.
   */
  pullerFreeAt: number;
  /** Pod IPs handed out so far (the host part of the next one). */
  podIPs: number;
}

/**
 * An image on a machine (normalised reference, and when the pull that brought it finishes), then
 * those pulled before it. A pull adds a cell in front and no cell ever changes, so a copy of the
 * runtime shares the whole list.
 */
export interface ImageList {
  readonly image: string;
  readonly doneAt: number;
  readonly next: ImageList | undefined;
}

export type ContainerPhase = 'waiting' | 'running' | 'terminated';

/** The last termination of a container (`lastState.terminated`). */
export interface Termination {
  readonly exitCode: number;
  readonly reason: string;
  readonly startedAt: number;
  readonly finishedAt: number;
  /** As the API shows it (`containerd://<id>`), the instance's `containerId`. */
  readonly containerId: string;
}

/** One container of a pod, as the runtime and the kubelet's status manager know it. */
export interface ContainerRuntime {
  readonly name: string;
  /** An init container with `restartPolicy: Always` (a sidecar; see init.ts for what is modelled). */
  readonly sidecar?: boolean;
  /** The image as written in the spec. */
  image: string;
  phase: ContainerPhase;
  /** Waiting reason (ContainerCreating, ErrImagePull, ImagePullBackOff, CrashLoopBackOff, ...). */
  reason?: string;
  message?: string;
  restartCount: number;
  ready: boolean;
  /**
   * The running instance (or the one that just exited), as the API shows it: `containerd://<id>`
   * (ids.ts `containerID`), the string the pod's status holds too.
   */
  containerId?: string;
  startedAt?: number;
  /** Set while terminated: the current instance's end. */
  finished?: Termination;
  /** The previous instance's end (`lastState`). */
  last?: Termination;
  /** The image was resolved to an ID (started at least once). */
  imageResolved: boolean;
  /** Scheduled: the container exits (behaviour `crash`). */
  exitAt?: number;
  /** Scheduled: an init container exits 0 (`Completed`) after its run time. */
  completeAt?: number;
  /** Scheduled: readiness first passes. */
  readyAt?: number;
  /** Scheduled: the next failing readiness probe (behaviour `never-ready` with a probe). */
  probeAt?: number;
  /** Scheduled: the kubelet's sync after an exit (PLEG relist), which restarts or backs off. */
  syncAt?: number;
  /** Scheduled: the CrashLoopBackOff ends and the container is restarted. */
  restartAt?: number;
  /** Scheduled: the restarted instance is running. */
  runningAt?: number;
  /** The CrashLoopBackOff record of this container (flowcontrol.Backoff entry). */
  backoff?: BackoffEntry;
}

/**
 * Which container of a pod: `i >= 0` is `spec.containers[i]` (`rt.containers[i]`), a negative
 * slot `~k` is `spec.initContainers[k]` (`rt.inits[k]`). Regular containers keep their plain
 * index, so code for pods without init containers reads exactly as before.
 */
export type Slot = number;

/** An image pull in progress on the machine's serialized puller. */
export interface PullInFlight {
  /** Which container's image. */
  readonly container: Slot;
  readonly requestedAt: number;
  readonly startedAt: number;
  readonly doneAt: number;
  readonly fails: boolean;
  readonly image: string;
}

/** Everything the kubelet tracks for one pod. */
export interface PodRuntime {
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly node: string;
  /** The pod machine state (sim/machines/podLifecycle.ts), e.g. `Pending.Pulling`. */
  stage: string;
  readonly admittedAt: number;
  /** Volumes mounted and sandbox created (`PodReadyToStartContainers`). */
  sandbox: boolean;
  podIP?: string;
  /** FailedMount retries: attempts so far (absent: none) and the next one. */
  mountFailures?: number;
  mountRetryAt?: number;
  /** Mount retries reached their back-off cap: retried every 2m2s on a background timer, and at
   * once when the machine's paths change. */
  mountStalled?: boolean;
  /** The container whose image is ensured next during the first start. */
  cursor: number;
  pull?: PullInFlight;
  /** Scheduled: ErrImagePull turns into ImagePullBackOff. */
  pullBackOffAt?: number;
  /** Scheduled: the next pull attempt after a failure. */
  pullRetryAt?: number;
  /** Image pull back-off per image (`<pod uid>_<image>` upstream); absent until a pull fails. */
  pullBackoff?: Record<string, BackoffEntry>;
  /** Scheduled: the first start of every container (or of the init container `initNext`). */
  startAt?: number;
  readonly containers: ContainerRuntime[];
  /**
   * The init containers, in spec order; absent for a pod without any (so such pods cost
   * nothing more). Classic init containers run one at a time; see init.ts.
   */
  readonly inits?: ContainerRuntime[];
  /** The init container to run next (`inits.length` once the pod is initialized). */
  initNext?: number;
  /** Scheduled: the sync after an init container completed or a sidecar started (PLEG relist). */
  initSyncAt?: number;
  /** Termination in progress: when the kubelet saw the deletion and when containers stop. */
  terminating?: { readonly since: number; stopAt: number; readonly grace: number };
  /** The next wake-up requested for this pod (to avoid piling up timers). */
  wakeAt?: number;
}

export interface KubeletState {
  machines: Record<string, MachineState>;
  pods: Map<string, PodRuntime>;
  /** Image behaviours set with `sim image`, by normalised reference. */
  images: Record<string, ImageBehaviour>;
  /** Keys to process: `node:<name>` or `pod:<ns>/<name>`, in arrival order. */
  queue: string[];
  /** Registrations so far (the next machine index). */
  registrations: number;
  /** Pods per node whose mounts wait for a path to appear (see mount.ts). */
  stalled: Record<string, string[]>;
  /** The runtime of each machine, by node name. */
  runtimes: Record<string, MachineRuntime>;
}

export function newKubeletState(): KubeletState {
  return { machines: {}, pods: new Map(), images: {}, queue: emptyList(), registrations: 0, stalled: {}, runtimes: {} };
}
