/**
 * The kubelet's state as snapshots hold it. Its machines, their runtimes and the pod runtimes are
 * most of what a checkpoint of a big cluster copied, and most of them do not change between two
 * checkpoints: a snapshot shares them and the machines table (engine/copy-on-write.ts) and copies
 * only the other tables and the small rest; the kubelet copies a record or the machines table
 * before it first writes to it afterwards (`copyMachine`, `copyMachineRuntime`, `copyPodRuntime`,
 * `copyMachineTable`).
 */
import { copyMap, copyPlain } from '../../engine/plain-copy.js';
import { newKubeletState, type KubeletState, type MachineRuntime, type MachineState, type PodRuntime } from './state.js';

/**
 * A machine the kubelet may write to. It shares its tables with the original: the host-path
 * table is marked shared (mount.ts copies it before it adds a path) and `forced` is replaced,
 * never changed.
 */
export function copyMachine(m: MachineState): MachineState {
  return { ...m, pathsShared: true };
}

/** A machine runtime the kubelet may write to (its image list is never changed, only added to in front). */
export function copyMachineRuntime(r: MachineRuntime): MachineRuntime {
  return { ...r };
}

/** A pod runtime the kubelet may write to (its containers and pulls are records too). */
export function copyPodRuntime(rt: PodRuntime): PodRuntime {
  return copyPlain(rt);
}

/** A machines table the kubelet may add to, replace in and remove from. */
export function copyMachineTable(machines: Record<string, MachineState>): Record<string, MachineState> {
  return { ...machines };
}

/**
 * `state` sharing its machines table (the kubelet copies it before it first writes to it
 * afterwards, as it does a record: pods starting and stopping write no machine, so the
 * checkpoints of a fleet's rollouts hold one table), with new tables of machine runtimes and
 * pods holding the same records (so neither side adds or removes one in the other's; a rollout
 * writes to both, and a copy is more compact than a table that has grown and shrunk), and a
 * copy of everything else; the fields in the order `newKubeletState` gives them, as a restored
 * state has them. Missing fields (a snapshot older than one) start empty.
 */
export function shareKubeletState(state: Partial<KubeletState>): KubeletState {
  const s = { ...newKubeletState(), ...state };
  return {
    machines: s.machines,
    pods: copyMap(s.pods),
    images: copyPlain(s.images),
    queue: [...s.queue],
    registrations: s.registrations,
    stalled: copyPlain(s.stalled),
    runtimes: { ...s.runtimes },
  };
}
