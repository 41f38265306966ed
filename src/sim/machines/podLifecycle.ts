/**
 * The lifecycle of a pod as the kubelet drives it: the single source of truth for the kubelet
 * (which runs the derived transition table, never an actor), the tests and the "show me this
 * pod's state machine" view.
 *
 * States follow what `kubectl get pods` shows, grouped by pod phase:
 * - Pending.Scheduling: not yet bound; the kubelet has nothing to do.
 * - Pending.ContainerCreating: volumes, sandbox, image checks and container creation
 *   (a typed hostPath that fails its check keeps the pod here, retrying: `FailedMount`).
 * - Pending.Pulling / ErrImagePull / ImagePullBackOff / ErrImageNeverPull: image pulls
 *   (`EnsureImageExists` in pkg/kubelet/images).
 * - Running.NotReady / Ready: every container started; Ready when all pass readiness.
 * - Running.Error / CrashLoopBackOff: a container exited and waits to be restarted
 *   (`doBackOff` in pkg/kubelet/kuberuntime), the pod phase stays Running.
 * - Succeeded / Failed: terminal phases (`getPhase` with restartPolicy Never/OnFailure).
 * - Terminating: deletionTimestamp is set and the kubelet is stopping the containers.
 * - Deleted: the pod object is gone.
 */
import { setup } from 'xstate';
import type { GuardMap } from './table.js';

/** What the guards look at: a summary the kubelet computes from its container records. */
export interface PodFacts {
  /** Every container is running and passes readiness. */
  readonly allContainersReady: boolean;
  /** A container has exited and the kubelet has not yet decided how to restart it. */
  readonly anyContainerExited: boolean;
  /** A container waits out a CrashLoopBackOff. */
  readonly anyContainerBackingOff: boolean;
  /** The phase `getPhase` computes once no container will run again. */
  readonly terminalPhase?: 'Succeeded' | 'Failed';
}

export type PodEventType =
  | 'BOUND'
  | 'MOUNT_FAILED'
  | 'PULL_STARTED'
  | 'PULLED'
  | 'PULL_FAILED'
  | 'PULL_BACK_OFF'
  | 'NEVER_PULL'
  | 'CONTAINERS_STARTED'
  | 'CONTAINER_EXITED'
  | 'CRASH_BACK_OFF'
  | 'RESTARTING'
  | 'CONTAINER_STARTED'
  | 'READINESS_CHANGED'
  | 'DELETED'
  | 'CONTAINERS_STOPPED'
  | 'REMOVED';

export const POD_GUARDS: GuardMap<PodFacts> = {
  podSucceeded: (f) => f.terminalPhase === 'Succeeded',
  podFailed: (f) => f.terminalPhase === 'Failed',
  anyContainerExited: (f) => f.anyContainerExited,
  anyContainerBackingOff: (f) => f.anyContainerBackingOff,
  allContainersReady: (f) => f.allContainersReady,
};

/** Where a running pod goes after any container-level change: the kubectl STATUS it shows. */
const SETTLE_RUNNING = [
  { guard: 'podSucceeded', target: '#pod.Succeeded' },
  { guard: 'podFailed', target: '#pod.Failed' },
  { guard: 'anyContainerExited', target: '#pod.Running.Error' },
  { guard: 'anyContainerBackingOff', target: '#pod.Running.CrashLoopBackOff' },
  { guard: 'allContainersReady', target: '#pod.Running.Ready' },
  { target: '#pod.Running.NotReady' },
] as const;

const INITIAL_FACTS: PodFacts = { allContainersReady: false, anyContainerExited: false, anyContainerBackingOff: false };

export const podLifecycle = setup({
  types: {
    context: {} as PodFacts,
    events: {} as { type: PodEventType },
  },
  guards: {
    podSucceeded: ({ context }) => POD_GUARDS.podSucceeded!(context),
    podFailed: ({ context }) => POD_GUARDS.podFailed!(context),
    anyContainerExited: ({ context }) => POD_GUARDS.anyContainerExited!(context),
    anyContainerBackingOff: ({ context }) => POD_GUARDS.anyContainerBackingOff!(context),
    allContainersReady: ({ context }) => POD_GUARDS.allContainersReady!(context),
  },
}).createMachine({
  id: 'pod',
  context: INITIAL_FACTS,
  initial: 'Pending',
  on: { REMOVED: '.Deleted' },
  states: {
    Pending: {
      initial: 'Scheduling',
      on: { DELETED: '#pod.Terminating' },
      states: {
        Scheduling: { on: { BOUND: 'ContainerCreating' } },
        ContainerCreating: {
          on: {
            MOUNT_FAILED: 'ContainerCreating',
            PULL_STARTED: 'Pulling',
            NEVER_PULL: 'ErrImageNeverPull',
            CONTAINERS_STARTED: [
              { guard: 'allContainersReady', target: '#pod.Running.Ready' },
              { target: '#pod.Running.NotReady' },
            ],
          },
        },
        Pulling: { on: { PULLED: 'ContainerCreating', PULL_FAILED: 'ErrImagePull' } },
        ErrImagePull: { on: { PULL_BACK_OFF: 'ImagePullBackOff' } },
        ImagePullBackOff: { on: { PULL_STARTED: 'Pulling' } },
        ErrImageNeverPull: {},
      },
    },
    Running: {
      initial: 'NotReady',
      on: {
        DELETED: '#pod.Terminating',
        CONTAINER_EXITED: [...SETTLE_RUNNING],
        CRASH_BACK_OFF: [...SETTLE_RUNNING],
        RESTARTING: [...SETTLE_RUNNING],
        CONTAINER_STARTED: [...SETTLE_RUNNING],
        READINESS_CHANGED: [...SETTLE_RUNNING],
      },
      states: {
        NotReady: {},
        Ready: {},
        Error: {},
        CrashLoopBackOff: {},
      },
    },
    Succeeded: {},
    Failed: {},
    Terminating: {
      on: {
        DELETED: 'Terminating',
        CONTAINER_EXITED: 'Terminating',
        CONTAINERS_STOPPED: 'Deleted',
      },
    },
    Deleted: { type: 'final' },
  },
});
