/**
 * Addressing a pod's containers by slot (see `Slot` in state.ts): regular containers by their
 * index, init containers by the complement of theirs, so one set of container actions
 * (containers.ts, pull.ts) serves both lists.
 */
import type { Container, Pod } from '../../api/types.js';
import type { ContainerRuntime, PodRuntime, Slot } from './state.js';
import { flat } from '../../intern.js';
import { memo } from '../../memo.js';

/** The runtime record in `slot`. */
export function containerAt(rt: PodRuntime, slot: Slot): ContainerRuntime {
  return slot >= 0 ? rt.containers[slot]! : rt.inits![~slot]!;
}

/** The spec of the container in `slot`. */
export function specAt(pod: Pod, slot: Slot): Container | undefined {
  return slot >= 0 ? pod.spec.containers[slot] : pod.spec.initContainers?.[~slot];
}

/**
 * `GenerateContainerRef`'s field path: how the kubelet's events name the container in `slot`
 * (`spec.containers{agent}`, `spec.initContainers{setup}`).
 */
export function containerFieldPath(pod: Pod, slot: Slot): string {
  const name = specAt(pod, slot)?.name ?? '';
  return slot >= 0 ? containersPath(name) : initContainersPath(name);
}

// One flat string per container name: every pod of a template names the same containers, and a
// template literal would keep a chain of rope nodes in each Event for its hour.
const containersPath = memo((name: string): string => flat(`spec.containers{${name}}`));
const initContainersPath = memo((name: string): string => flat(`spec.initContainers{${name}}`));

/** Init containers remain to be run: the pod is not yet initialized. */
export function initializing(rt: PodRuntime): boolean {
  return rt.inits !== undefined && (rt.initNext ?? 0) < rt.inits.length;
}

/** The container whose image the kubelet is ensuring (pulling, or backing off). */
export function currentSlot(rt: PodRuntime): Slot {
  return initializing(rt) ? ~(rt.initNext ?? 0) : rt.cursor;
}

/**
 * `convertToAPIContainerStatuses`' default waiting reason: `PodInitializing` for every container
 * (init or regular) of a pod that has init containers, `ContainerCreating` otherwise.
 */
export function waitingReason(rt: PodRuntime): string {
  return rt.inits ? 'PodInitializing' : 'ContainerCreating';
}

/** `IsRestartableInitContainer`: an init container with `restartPolicy: Always`. */
export function isSidecar(c: Container | undefined): boolean {
  return (c as { restartPolicy?: string } | undefined)?.restartPolicy === 'Always';
}
