/**
 * The lifecycle of a pod as the kubelet drives it: the single source of truth for the kubelet
 * (which runs the derived transition table, never an actor), the tests and the "show me this
 * pod's state machine" view.
 *
 * States follow what `kubectl get pods` shows, grouped by pod phase:
 * - Pending.Scheduling: not yet bound; the kubelet has nothing to do.
 * - Pending.Initializing.*: a pod with init containers, from its binding until the last init
 *   container has completed (`computeInitContainerActions` in pkg/kubelet/kuberuntime runs them
 *   one at a time, in order). kubectl shows `Init:i/N` in Creating (volumes, sandbox, waiting to
 *   start the next one), Pulling and Running, and `Init:<reason>` in ErrImagePull,
 *   ImagePullBackOff, ErrImageNeverPull, Error (exited non-zero) and CrashLoopBackOff.
 *   INIT_COMPLETED (exit 0, or a sidecar started) leads to the next one, or out of init; a
 *   failure under restartPolicy Never fails the pod.
 * - Pending.ContainerCreating: volumes, sandbox, image checks and container creation
 *   (a typed hostPath that fails its check keeps the pod here, retrying: `FailedMount`). For a
 *   pod whose init containers have completed kubectl shows `PodInitializing` here.
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
  /** Init containers remain to be run (the pod is not yet initialized). */
  readonly initializing: boolean;
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
  | 'INIT_COMPLETED'
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
  initializing: (f) => f.initializing,
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

const INITIAL_FACTS: PodFacts = { allContainersReady: false, anyContainerExited: false, anyContainerBackingOff: false, initializing: false };

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
    initializing: ({ context }) => POD_GUARDS.initializing!(context),
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
        Scheduling: {
          on: {
            BOUND: [{ guard: 'initializing', target: 'Initializing' }, { target: 'ContainerCreating' }],
          },
        },
        Initializing: {
          initial: 'Creating',
          states: {
            Creating: {
              on: {
                MOUNT_FAILED: 'Creating',
                PULL_STARTED: 'Pulling',
                NEVER_PULL: 'ErrImageNeverPull',
                CONTAINER_STARTED: 'Running',
              },
            },
            Pulling: { on: { PULLED: 'Creating', PULL_FAILED: 'ErrImagePull' } },
            ErrImagePull: { on: { PULL_BACK_OFF: 'ImagePullBackOff' } },
            ImagePullBackOff: { on: { PULL_STARTED: 'Pulling' } },
            ErrImageNeverPull: {},
            Running: {
              on: {
                INIT_COMPLETED: [{ guard: 'initializing', target: 'Creating' }, { target: '#pod.Pending.ContainerCreating' }],
                CONTAINER_EXITED: [{ guard: 'podFailed', target: '#pod.Failed' }, { target: 'Error' }],
              },
            },
            Error: { on: { CRASH_BACK_OFF: 'CrashLoopBackOff', RESTARTING: 'Error', CONTAINER_STARTED: 'Running' } },
            CrashLoopBackOff: { on: { RESTARTING: 'CrashLoopBackOff', CONTAINER_STARTED: 'Running' } },
          },
        },
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
