/**
 * The pod worker (pkg/kubelet/pod_workers.go with `SyncPod`/`SyncTerminatingPod`), as a loop over
 * virtual time: it finds the earliest thing due for the pod (a volume retry, a pull finishing, a
 * container exiting, a back-off ending, the grace period running out, ...) and does it, until
 * nothing is due at `now`. The caller then writes the pod status once and sleeps until the next
 * due time. Every change of the pod's stage goes through the pod machine's transition table.
 *
 * Assumptions:
 * - Called only while the machine's kubelet runs; timers fire exactly at the due times, so in
 *   normal operation every action runs at its own instant. After a kubelet restart, actions that
 *   fell due while it was down run at the restart time (`resumedAt`).
 * Invariants:
 * - The worker only moves the stage along transitions the pod machine defines.
 * - Nothing is scheduled for a pod that can make no more progress on its own (so healthy pods
 *   let the cluster settle).
 */
import type { Pod, PodPhase } from '../../api/types.js';
import type { SimDefaults } from '../../engine/defaults.js';
import { POD_GUARDS, podLifecycle, type PodEventType, type PodFacts } from '../../machines/podLifecycle.js';
import { step, transitionTable } from '../../machines/table.js';
import { exitContainer, probeFailed, restartContainer, restartedRunning, readinessPassed, syncAfterExit, startContainers } from './containers.js';
import type { ImageBehaviour } from './images.js';
import { completeInit, initSync, startInit } from './init.js';
import { mountVolumes } from './mount.js';
import { pullBackOff, pullDone, pullDoneIsQuiet, pullRetry } from './pull.js';
import { podPhase } from './podstatus.js';
import { initializing } from './slots.js';
import type { MachineRuntime, MachineState, PodRuntime, Slot } from './state.js';
import { beginTermination, stopContainers } from './termination.js';

/** The pod machine's table, derived once from its definition. */
export const POD_TABLE = transitionTable(podLifecycle);

/** One stage change, for observers (tests check each against the table). */
export interface PodTransition {
  readonly pod: string;
  readonly from: string;
  readonly event: PodEventType;
  readonly to: string;
}

/** What an action may touch: the pod, its runtime record, its machine, and the outside world. */
export interface WorkerEnv {
  readonly pod: Pod;
  readonly rt: PodRuntime;
  /** The pod's machine, to read: a snapshot may hold it (see `ownMachine`). */
  readonly machine: MachineState;
  /** The pod's machine, to write to (a copy if a snapshot holds it, which `machine` is from then on). */
  ownMachine(): MachineState;
  /** The runtime of the pod's machine (images, puller, pod IPs), to read and write. */
  runtime(): MachineRuntime;
  readonly defaults: SimDefaults;
  readonly behaviours: Readonly<Record<string, ImageBehaviour>>;
  /** Records an Event on the pod from this kubelet. */
  event(type: 'Normal' | 'Warning', reason: string, message: string): void;
  /** Records an Event about one container of the pod (`involvedObject.fieldPath` names it). */
  containerEvent(slot: Slot, type: 'Normal' | 'Warning', reason: string, message: string): void;
  /** Moves the pod's stage by `event` (guards read the runtime record). */
  transition(event: PodEventType): void;
  /** Writes the terminal status and removes the pod (the kubelet's final delete). */
  finish(t: number): void;
  /** The machine's filesystem gained paths (pods waiting for one may mount now). */
  pathsChanged(): void;
  /** This pod's mount retries reached the back-off cap: `pathsChanged` retries it at once. */
  mountStalled(): void;
  /**
   * Set by `syncPod` when an action ran: the runtime record (and so the status) may differ.
   * Beginning termination alone does not count: it only cancels timers and changes the stage,
   * which the status does not show (the pod stays as it was until its containers stop); nor does
   * a pull finishing that changes nothing the status shows (`pullDoneIsQuiet`).
   */
  acted: boolean;
}

/**
 * The summary the pod machine's guards read, of one pod at one stage change. Each fact is
 * gathered when a guard reads it: most transitions (bound, mounted, started, ready, ...) have
 * no guard and gather none, where a record of every fact, a phase among them, was made for each.
 * One view, pointed at the pod by each `applyPodEvent`, which never nests (guards only read).
 */
class PodFactsView implements PodFacts {
  private restartPolicy: Pod['spec']['restartPolicy'];
  private rt!: PodRuntime;
  /** `getPhase` of the pod, once a guard has asked. */
  private phase: PodPhase | undefined;

  of(restartPolicy: Pod['spec']['restartPolicy'], rt: PodRuntime): this {
    this.restartPolicy = restartPolicy;
    this.rt = rt;
    this.phase = undefined;
    return this;
  }

  // Indexed loops: a for-of that is not optimised away makes an iterator per stage change.
  get allContainersReady(): boolean {
    const containers = this.rt.containers;
    for (let i = 0; i < containers.length; i++) if (!containers[i]!.ready) return false;
    return containers.length > 0;
  }

  get anyContainerExited(): boolean {
    const containers = this.rt.containers;
    for (let i = 0; i < containers.length; i++) if (containers[i]!.phase === 'terminated') return true;
    return false;
  }

  get anyContainerBackingOff(): boolean {
    const containers = this.rt.containers;
    for (let i = 0; i < containers.length; i++) if (containers[i]!.phase === 'waiting' && containers[i]!.reason === 'CrashLoopBackOff') return true;
    return false;
  }

  get terminalPhase(): 'Succeeded' | 'Failed' | undefined {
    const phase = (this.phase ??= podPhase(this.restartPolicy, this.rt.containers, false, this.rt.inits));
    return phase === 'Succeeded' || phase === 'Failed' ? phase : undefined;
  }

  get initializing(): boolean {
    return initializing(this.rt);
  }
}

const FACTS = new PodFactsView();

/** Applies a pod machine event to the runtime record; returns the stage it left. */
export function applyPodEvent(restartPolicy: Pod['spec']['restartPolicy'], rt: PodRuntime, event: PodEventType): string {
  const from = rt.stage;
  rt.stage = step<PodFacts>(POD_TABLE, from, event, POD_GUARDS, FACTS.of(restartPolicy, rt));
  return from;
}

/** A pending action: pod-wide actions ignore `slot`; container actions take the container's slot. */
type Action = (env: WorkerEnv, slot: number, t: number) => void;

const POD_ACTION = (run: (env: WorkerEnv, t: number) => void): Action => (env, _slot, t) => run(env, t);
const STOP = POD_ACTION(stopContainers);
const INIT_SYNC = POD_ACTION(initSync);
const MOUNT = POD_ACTION(mountVolumes);
const PULL_DONE = POD_ACTION(pullDone);
const PULL_BACK_OFF = POD_ACTION(pullBackOff);
const PULL_RETRY = POD_ACTION(pullRetry);
const START_INIT = POD_ACTION(startInit);
const START = POD_ACTION(startContainers);
const COMPLETE_INIT: Action = (env, slot, t) => completeInit(env, ~slot, t);

/** The action `scanDue` found and its slot (module scratch: a scan allocates nothing). */
let dueAction: Action | undefined;
let dueSlot = 0;
let dueAt = Infinity;

/** A candidate of the current scan: it wins when it is due and strictly earlier than the best so far. */
function consider(at: number | undefined, action: Action, slot: number): void {
  if (at !== undefined && (dueAction === undefined || at < dueAt)) {
    dueAt = at;
    dueAction = action;
    dueSlot = slot;
  }
}

/**
 * When the earliest pending action of the pod is due, if any (ties: the first considered wins,
 * container events before pod ones); the action and its slot are left in `dueAction` and
 * `dueSlot`. Runs for every sync of every pod, so it builds no closure or record.
 */
function scanDue(rt: PodRuntime): number | undefined {
  dueAction = undefined;
  dueAt = Infinity;
  dueSlot = 0;
  if (rt.terminating) {
    consider(rt.terminating.stopAt, STOP, 0);
  } else {
    for (let i = 0; i < rt.containers.length; i++) {
      const c = rt.containers[i]!;
      consider(c.exitAt, exitContainer, i);
      consider(c.syncAt, syncAfterExit, i);
      consider(c.restartAt, restartContainer, i);
      consider(c.runningAt, restartedRunning, i);
      consider(c.readyAt, readinessPassed, i);
      consider(c.probeAt, probeFailed, i);
    }
    if (rt.inits) {
      for (let k = 0; k < rt.inits.length; k++) {
        const c = rt.inits[k]!;
        consider(c.exitAt, exitContainer, ~k);
        consider(c.completeAt, COMPLETE_INIT, ~k);
        consider(c.syncAt, syncAfterExit, ~k);
        consider(c.restartAt, restartContainer, ~k);
        consider(c.runningAt, restartedRunning, ~k);
      }
      consider(rt.initSyncAt, INIT_SYNC, 0);
    }
    consider(rt.mountRetryAt, MOUNT, 0);
    consider(rt.pull?.doneAt, PULL_DONE, 0);
    consider(rt.pullBackOffAt, PULL_BACK_OFF, 0);
    consider(rt.pullRetryAt, PULL_RETRY, 0);
    consider(rt.startAt, initializing(rt) ? START_INIT : START, 0);
  }
  return dueAction === undefined ? undefined : dueAt;
}

/**
 * Runs everything due at or before `now`; returns when the pod next needs the worker (whether
 * anything changed is left in `env.acted`: a result record per sync of every pod was most of
 * what a quiet sync allocated). A pod whose deletion the kubelet has not yet acted on starts
 * terminating first.
 */
export function syncPod(env: WorkerEnv, now: number): number | undefined {
  const { pod, rt, machine } = env;
  if (pod.metadata.deletionTimestamp) beginTermination(env, now);
  for (let guard = 0; guard < 10_000; guard++) {
    const at = scanDue(rt);
    if (at === undefined || at > now) return at;
    const action = dueAction!;
    if (action !== PULL_DONE || !pullDoneIsQuiet(rt)) env.acted = true;
    action(env, dueSlot, Math.max(at, machine.resumedAt));
    if (rt.stage === 'Deleted') return undefined;
  }
  throw new Error(`kubelet: pod ${rt.namespace}/${rt.name} did not settle at ${now}`);
}
