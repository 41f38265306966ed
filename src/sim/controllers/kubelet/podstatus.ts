/**
 * The pod status the kubelet writes (`generateAPIPodStatus` in pkg/kubelet/kubelet_pods.go, with
 * `getPhase`, `convertToAPIContainerStatuses` and the condition generators of
 * pkg/kubelet/status), computed from the kubelet's runtime record of the pod.
 *
 * Conditions that the kubelet does not own (DisruptionTarget, written by the taint manager or
 * pod GC) are kept first, then PodReadyToStartContainers, Initialized, Ready, ContainersReady and
 * PodScheduled, as a v1.34 kubelet orders them. A condition keeps its lastTransitionTime while
 * its status does not change (the status manager's `updateLastTransitionTime`).
 *
 * A pod with init containers also gets `initContainerStatuses` (spec order, built like
 * `containerStatuses`); every container of such a pod that has not started yet waits with reason
 * `PodInitializing`, and Initialized stays False (`ContainersNotInitialized`, "containers with
 * incomplete status: [a b]") until each init container has completed (a sidecar: started)
 * (`GeneratePodInitializedCondition` in pkg/kubelet/status/generate.go).
 */
import type { ContainerState, ContainerStatus, Pod, PodCondition, PodPhase, PodStatus } from '../../api/types.js';
import { rfc3339 } from '../../engine/time.js';
import { memo } from '../../memo.js';
import { flat, sameElements } from '../../intern.js';
import { PackedCopier } from '../../apiserver/packed.js';
import { sharedConditionList, sharedPodCondition } from '../../apiserver/pod-status.js';
import { imageID, normalizeImage } from './images.js';
import { machineIP } from './registration.js';
import type { ContainerRuntime, PodRuntime, Termination } from './state.js';

/**
 * `getPhase`: Pending while a container has never run; Running once all have started and one
 * runs (or all are restarting); with restartPolicy Never/OnFailure (or a pod being finished by
 * termination) a terminal phase once none will run again.
 *
 * Init containers (`inits`): a classic one that runs or has not yet run keeps the pod Pending;
 * one that failed (exited non-zero, or waits to restart after such an exit) fails the pod under
 * restartPolicy Never. A sidecar counts as a container that runs, or waits to start.
 */
export function podPhase(
  restartPolicy: Pod['spec']['restartPolicy'],
  containers: readonly ContainerRuntime[],
  podIsTerminal: boolean,
  inits?: readonly ContainerRuntime[],
): PodPhase {
  let running = 0;
  let waiting = 0;
  let stopped = 0;
  let succeeded = 0;
  let pendingInit = 0;
  let failedInit = 0;
  // Indexed loops: this runs at every stage change and status of every pod.
  if (inits) {
    for (let i = 0; i < inits.length; i++) {
      const c = inits[i]!;
      if (c.sidecar) {
        if (c.phase === 'running') running++;
        else if (c.phase === 'waiting' && !c.last) {
          pendingInit++;
          waiting++;
        }
      } else if (c.phase === 'running') pendingInit++;
      else if (c.phase === 'terminated') {
        if (c.finished && c.finished.exitCode !== 0) failedInit++;
      } else if (c.last) {
        if (c.last.exitCode !== 0) failedInit++;
      } else pendingInit++;
    }
  }
  for (let i = 0; i < containers.length; i++) {
    const c = containers[i]!;
    if (c.phase === 'running') running++;
    else if (c.phase === 'terminated') {
      stopped++;
      if (c.finished?.exitCode === 0) succeeded++;
    } else if (c.last) stopped++;
    else waiting++;
  }
  // A pod the kubelet has finished (all containers stopped for its deletion) is terminal.
  if (podIsTerminal) return waiting === 0 && running === 0 && stopped === succeeded ? 'Succeeded' : 'Failed';
  const policy = restartPolicy ?? 'Always';
  if (failedInit > 0 && policy === 'Never') return 'Failed';
  if (pendingInit > 0 || waiting > 0) return 'Pending';
  if (running > 0) return 'Running';
  if (stopped === 0) return 'Pending';
  if (policy === 'Always') return 'Running';
  if (stopped === succeeded) return 'Succeeded';
  if (policy === 'Never') return 'Failed';
  return 'Running';
}

function terminated(t: Termination): ContainerState {
  return {
    terminated: {
      exitCode: t.exitCode,
      reason: t.reason,
      startedAt: rfc3339(t.startedAt),
      finishedAt: rfc3339(t.finishedAt),
      containerID: t.containerId,
    } as NonNullable<ContainerState['terminated']>,
  };
}

function containerState(c: ContainerRuntime): ContainerState {
  if (c.phase === 'running') return runningSince(rfc3339(c.startedAt ?? 0));
  if (c.phase === 'terminated' && c.finished) return terminated(c.finished);
  return c.message ? { waiting: { reason: c.reason ?? 'ContainerCreating', message: c.message } } : waitingFor(c.reason ?? 'ContainerCreating');
}

/**
 * The waiting state without a message, by reason: one object per reason for all containers (every
 * pod of a fleet waits as ContainerCreating before it starts; stored objects are never mutated).
 */
const waitingFor = memo((reason: string): ContainerState => ({ waiting: { reason } }));

/** The running state since an instant: one object for the containers that started then (a fleet's start together). */
const runningSince = memo((startedAt: string): ContainerState => ({ running: { startedAt } }));

/** `lastState` of a container that has not exited before: one empty object for all. */
const NO_LAST_STATE: ContainerState = {};

/**
 * The last entry made for a container without an instance (`containerID`), and the one-entry
 * list that holds it once asked for: every pod of a template waits alike before its container
 * is created, so those pods share one entry and one list (stored objects are never mutated).
 * Reused only while each field is the same value (its states are shared objects, compared by
 * identity), so the cache is pure.
 */
let lastUncreated: ContainerStatus | undefined;
let lastUncreatedList: readonly ContainerStatus[] | undefined;

/** One `containerStatuses` entry (`convertToAPIContainerStatuses`). */
export function containerStatus(c: ContainerRuntime): ContainerStatus {
  const image = c.imageResolved ? normalizeImage(c.image) : c.image;
  const id = c.imageResolved ? imageID(c.image) : '';
  const lastState = c.last ? terminated(c.last) : NO_LAST_STATE;
  const started = c.phase === 'running';
  const state = containerState(c);
  // Two literals rather than a conditional spread: no temporary object, one shape each.
  if (c.containerId) {
    return { name: c.name, image, imageID: id, containerID: c.containerId, ready: c.ready, started, restartCount: c.restartCount, state, lastState };
  }
  const last = lastUncreated;
  if (
    last !== undefined &&
    last.name === c.name &&
    last.image === image &&
    last.imageID === id &&
    last.ready === c.ready &&
    last.started === started &&
    last.restartCount === c.restartCount &&
    last.state === state &&
    last.lastState === lastState
  ) {
    return last;
  }
  lastUncreatedList = undefined;
  return (lastUncreated = { name: c.name, image, imageID: id, ready: c.ready, started, restartCount: c.restartCount, state, lastState });
}

/** `containerStatuses` (or `initContainerStatuses`) of these containers, in their order. */
function containerStatuses(containers: readonly ContainerRuntime[]): ContainerStatus[] {
  if (containers.length !== 1) return containers.map(containerStatus);
  const only = containerStatus(containers[0]!);
  if (only !== lastUncreated) return [only];
  return (lastUncreatedList ??= [only]) as ContainerStatus[];
}

/** The condition of `type` the kubelet generates, given the pod's stored one of that type (`prev`). */
function condition(type: PodCondition['type'], status: 'True' | 'False', prev: PodCondition | undefined, now: number, reason?: string, message?: string): PodCondition {
  // Unchanged: the same object again (stored objects are never mutated).
  if (prev && prev.status === status && prev.lastTransitionTime && prev.lastProbeTime === null && prev.reason === reason && prev.message === message) return prev;
  const since = prev && prev.status === status && prev.lastTransitionTime ? prev.lastTransitionTime : rfc3339(now);
  return sharedPodCondition(type, status, since, reason, message);
}

/** `hostIPs` of the pods of a machine (by its index): one array per machine. */
const hostIPsOf = memo((machine: number): PodStatus['hostIPs'] => [{ ip: machineIP(machine) }], 1 << 16);

/** `GeneratePodInitializedCondition`. */
function initializedCondition(prev: PodCondition | undefined, rt: PodRuntime, phase: PodPhase, now: number): PodCondition {
  if (phase === 'Succeeded') return condition('Initialized', 'True', prev, now, 'PodCompleted');
  const inits = rt.inits;
  // Without init containers, or once a regular container has run (`HasAnyRegularContainerStarted`).
  if (!inits || rt.containers.some((c) => c.phase !== 'waiting')) return condition('Initialized', 'True', prev, now);
  const incomplete = inits.filter((c) => (c.sidecar ? c.phase !== 'running' : !c.ready)).map((c) => c.name);
  if (incomplete.length === 0) return condition('Initialized', 'True', prev, now);
  return condition('Initialized', 'False', prev, now, 'ContainersNotInitialized', `containers with incomplete status: [${incomplete.join(' ')}]`);
}

export interface StatusInputs {
  /** The index of the pod's machine (its IP is the pod's host IP). */
  readonly machine: number;
  readonly now: number;
  /** The final status before the pod object is removed: every container has stopped. */
  readonly final?: boolean;
}

// Indexed loops here and in `unreadyMessage`: they run for every status of every pod, and a
// for-of that is not optimised away makes an iterator and a result per container.
function allReady(containers: readonly ContainerRuntime[]): boolean {
  for (let i = 0; i < containers.length; i++) if (!containers[i]!.ready) return false;
  return true;
}

function sidecarsReady(inits: readonly ContainerRuntime[]): boolean {
  for (let i = 0; i < inits.length; i++) if (inits[i]!.sidecar && !inits[i]!.ready) return false;
  return true;
}

/**
 * The Ready and ContainersReady message: the unready containers' names, sidecars first
 * (`GenerateContainersReadyCondition`). One string per name when one container is unready
 * (a daemon pod's usual case), so the pods of a template share it; that case builds no list.
 */
function unreadyMessage(rt: PodRuntime): string {
  let first: string | undefined;
  let names: string[] | undefined;
  const inits = rt.inits;
  if (inits) {
    for (let i = 0; i < inits.length; i++) {
      const c = inits[i]!;
      if (!c.sidecar || c.ready) continue;
      if (first === undefined) first = c.name;
      else (names ??= [first]).push(c.name);
    }
  }
  const containers = rt.containers;
  for (let i = 0; i < containers.length; i++) {
    const c = containers[i]!;
    if (c.ready) continue;
    if (first === undefined) first = c.name;
    else (names ??= [first]).push(c.name);
  }
  if (first !== undefined && names === undefined) return unreadyMessageOf(first);
  return `containers with unready status: [${(names ?? []).join(' ')}]`;
}

const unreadyMessageOf = memo((name: string): string => flat(`containers with unready status: [${name}]`));

/** Copies of the stored statuses the kubelet writes over (`generatePodStatus`): nearly all have one key list. */
const STATUS_COPIER = new PackedCopier();

/** The same statuses once the kubelet's fields are in: the API server stores the record it is given. */
const STATUS_PACKER = new PackedCopier();

/**
 * The keys of a pod's status as the kubelet writes it, in their order: the API server's (the
 * phase and QoS class of a new pod, the binding's conditions), then the kubelet's.
 */
const WRITTEN_KEYS: readonly string[] = ['phase', 'qosClass', 'conditions', 'hostIP', 'hostIPs', 'podIP', 'podIPs', 'startTime', 'containerStatuses'];

/**
 * Whether `status` has the keys of a bound pod's status before the kubelet's first write (the
 * first three of WRITTEN_KEYS) or after it (all of them), in that order: the status written over
 * it then has exactly WRITTEN_KEYS, whatever its values.
 */
function hasWrittenKeys(status: PodStatus): boolean {
  let i = 0;
  for (const k in status) if (WRITTEN_KEYS[i++] !== k) return false;
  return i === 3 || i === WRITTEN_KEYS.length;
}

/**
 * The kubelet's five generated conditions, scratch for `generatePodStatus` (which never nests):
 * the list is only compared (`sameElements`) and looked up (`sharedConditionList`, which keeps
 * a copy), and nearly every write's conditions are a list already stored or shared, so a list
 * made per write was garbage at once.
 */
const OWN_CONDITIONS: PodCondition[] = new Array<PodCondition>(5);

/**
 * The whole `status` the kubelet would PUT for this pod now: a new record, packed (packed.ts),
 * which the API server stores as it is.
 */
export function generatePodStatus(pod: Pod, rt: PodRuntime, inputs: StatusInputs): PodStatus {
  const { now } = inputs;
  const phase = podPhase(pod.spec.restartPolicy, rt.containers, inputs.final === true, rt.inits);
  const containersReady = rt.containers.length > 0 && allReady(rt.containers) && (!rt.inits || sidecarsReady(rt.inits));
  const notReadyReason = phase === 'Succeeded' ? 'PodCompleted' : 'ContainersNotReady';
  // Built only when a condition carries it: most writes are of pods whose containers are all ready.
  const notReadyMessage = containersReady || phase === 'Succeeded' ? undefined : unreadyMessage(rt);
  // Conditions of other writers (kept first), met only on a few pods: no list is made without one.
  let others: PodCondition[] | undefined;
  // The stored conditions of the kubelet's types, the first of each (as a lookup would find it),
  // in locals: a record of them was made for every status of every pod.
  let prevReadyToStart: PodCondition | undefined;
  let prevInitialized: PodCondition | undefined;
  let prevReady: PodCondition | undefined;
  let prevContainersReady: PodCondition | undefined;
  let prevScheduled: PodCondition | undefined;
  let scheduled: PodCondition | undefined;
  const stored = pod.status.conditions ?? [];
  for (let i = 0; i < stored.length; i++) {
    const c = stored[i]!;
    const type = c.type;
    if (type === 'PodReadyToStartContainers') prevReadyToStart ??= c;
    else if (type === 'Initialized') prevInitialized ??= c;
    else if (type === 'Ready') prevReady ??= c;
    else if (type === 'ContainersReady') prevContainersReady ??= c;
    else if (type === 'PodScheduled') {
      prevScheduled ??= c;
      if (scheduled === undefined && c.status === 'True') scheduled = c;
    } else (others ??= []).push(c);
  }
  // The kubelet's five, written into a list kept for them (OWN_CONDITIONS).
  const own = OWN_CONDITIONS;
  own[0] = condition('PodReadyToStartContainers', rt.sandbox && !inputs.final ? 'True' : 'False', prevReadyToStart, now);
  own[1] = initializedCondition(prevInitialized, rt, phase, now);
  own[2] = containersReady ? condition('Ready', 'True', prevReady, now) : condition('Ready', 'False', prevReady, now, notReadyReason, notReadyMessage);
  own[3] = containersReady ? condition('ContainersReady', 'True', prevContainersReady, now) : condition('ContainersReady', 'False', prevContainersReady, now, notReadyReason, notReadyMessage);
  own[4] = scheduled ?? condition('PodScheduled', 'True', prevScheduled, now);
  const generated = others ? others.concat(own) : own;
  const conditions = sameElements(pod.status.conditions, generated) ? pod.status.conditions! : sharedConditionList(generated);
  const hostIPs = hostIPsOf(inputs.machine)!;
  const podIPs = rt.podIP ? (pod.status.podIPs?.length === 1 && pod.status.podIPs[0]!.ip === rt.podIP ? pod.status.podIPs : [{ ip: rt.podIP }]) : undefined;
  // A running pod without init containers whose status has the usual keys (nearly every write of
  // a fleet): the status as one literal, fields inside the object, in the order the copy below
  // would give them (only the QoS class is the stored one's). The IP string is the one that the
  // node's one hostIPs array holds, not each status writer's copy.
  if (rt.podIP && !rt.inits && hasWrittenKeys(pod.status)) {
    return {
      phase,
      qosClass: pod.status.qosClass,
      conditions,
      hostIP: hostIPs[0]!.ip,
      hostIPs,
      podIP: rt.podIP,
      podIPs,
      startTime: rfc3339(rt.admittedAt),
      containerStatuses: containerStatuses(rt.containers),
    };
  }
  // The stored status's fields in their order, then the kubelet's (as a spread of it would be),
  // copied packed: `Object.assign({}, ...)` put the fields past four in a backing store, grown
  // and copied again as they came; packed again once they are all in.
  const status: { -readonly [K in keyof PodStatus]: PodStatus[K] } = STATUS_COPIER.copy(pod.status);
  status.phase = phase;
  status.conditions = conditions;
  status.hostIP = hostIPs[0]!.ip;
  status.hostIPs = hostIPs;
  if (rt.podIP) {
    status.podIP = rt.podIP;
    status.podIPs = podIPs;
  }
  status.startTime = rfc3339(rt.admittedAt);
  status.containerStatuses = containerStatuses(rt.containers);
  if (rt.inits) status.initContainerStatuses = containerStatuses(rt.inits);
  return STATUS_PACKER.copy(status);
}
