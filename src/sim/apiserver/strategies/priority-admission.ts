/**
 * The `Priority` admission plugin (`plugin/pkg/admission/priority/admission.go`, `admitPod` and
 * `validatePriorityClass`).
 *
 * Pods, on create: `spec.priorityClassName` resolves to the class's value and preemptionPolicy;
 * an unknown class is Forbidden. Without a class name the globalDefault class (the lowest-valued
 * one if several) is used and its name written into the pod; without one, priority 0 and
 * `PreemptLowerPriority`. A pod that states a different `priority` or `preemptionPolicy` than the
 * class gives is Forbidden. The system classes may be used in any namespace (current releases
 * limit them with a quota instead, which the model does not have).
 *
 * PriorityClasses, on create and update: only one may be globalDefault.
 */
import type { Pod, PriorityClass } from '../../api/types.js';
import { goQuote } from '../../api/goquote.js';
import type { StrategyContext } from '../strategy.js';

export type Admitted<T> = T | { errors: []; forbidden: string };

/** `pods "name" is forbidden: ...`, naming the generateName prefix for generated names as upstream does. */
function forbiddenPod(pod: Pod, why: string): { errors: []; forbidden: string } {
  const name = pod.metadata.generateName || pod.metadata.name;
  return { errors: [], forbidden: `pods ${goQuote(name)} is forbidden: ${why}` };
}

/**
 * `getDefaultPriorityClass`: the globalDefault class with the lowest value. An indexed loop: it
 * runs for every pod created without a class, and its for-of made an iterator and its results.
 */
export function defaultPriorityClass(classes: readonly PriorityClass[]): PriorityClass | undefined {
  let best: PriorityClass | undefined;
  for (let i = 0; i < classes.length; i++) {
    const pc = classes[i]!;
    if (pc.globalDefault && (best === undefined || pc.value < best.value)) best = pc;
  }
  return best;
}

/** What `admitPod` writes into a pod's spec: priority, preemptionPolicy and (when one applies) priorityClassName. */
export interface PodPriority {
  readonly priority: number;
  readonly policy: 'PreemptLowerPriority' | 'Never';
  /** The class resolved ('' when none applies: then the spec gets no class name). */
  readonly className: string;
}

/** `admitPod`'s decision for `pod`, without writing it (the pod create's admission chain writes it). */
export function podPriority(pod: Pod, ctx: StrategyContext): PodPriority | { errors: []; forbidden: string } {
  let priority: number;
  let policy: 'PreemptLowerPriority' | 'Never';
  let className = pod.spec.priorityClassName ?? '';
  if (className.length === 0) {
    const dpc = defaultPriorityClass(ctx.priorityClasses());
    priority = dpc?.value ?? 0;
    policy = dpc ? (dpc.preemptionPolicy ?? 'PreemptLowerPriority') : 'PreemptLowerPriority';
    className = dpc?.metadata.name ?? '';
  } else {
    const pc = ctx.priorityClass(className);
    if (!pc) return forbiddenPod(pod, `no PriorityClass with name ${className} was found`);
    priority = pc.value;
    policy = pc.preemptionPolicy ?? 'PreemptLowerPriority';
  }
  if (pod.spec.priority !== undefined && pod.spec.priority !== null && pod.spec.priority !== priority) {
    return forbiddenPod(
      pod,
      `the integer value of priority (${pod.spec.priority}) must not be provided in pod spec; priority admission controller computed ${priority} from the given PriorityClass name`,
    );
  }
  if (pod.spec.preemptionPolicy && pod.spec.preemptionPolicy !== policy) {
    return forbiddenPod(
      pod,
      `the string value of PreemptionPolicy (${pod.spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${policy} from the given PriorityClass name`,
    );
  }
  return { priority, policy, className };
}

/** `validatePriorityClass`: a second globalDefault class is Forbidden. */
export function admitPriorityClass(pc: PriorityClass, op: 'create' | 'update', ctx: StrategyContext): Admitted<PriorityClass> {
  if (!pc.globalDefault) return pc;
  const dpc = defaultPriorityClass(ctx.priorityClasses());
  if (dpc && (op === 'create' || dpc.metadata.name !== pc.metadata.name)) {
    return {
      errors: [],
      forbidden: `priorityclasses.scheduling.k8s.io ${goQuote(pc.metadata.name)} is forbidden: PriorityClass ${dpc.metadata.name} is already marked as default. Only one default can exist`,
    };
  }
  return pc;
}
