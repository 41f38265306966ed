/**
 * The mutating admission chain of a pod create, as kube-apiserver runs it: `ServiceAccount`,
 * `Priority`, then `DefaultTolerationSeconds` (each in its own file).
 *
 * Why one function: each plugin used to return a new pod with a new spec, so every pod a
 * DaemonSet created had its spec (a dozen fields) copied three times and grown key by key. Here
 * the plugins write into one copy, in the same order and with the same result; and a pod whose
 * spec shares every field but the node pin with the last one admitted (the next pod of the same
 * template) starts from a copy of that one's admitted spec, which already has every key the
 * plugins add, and gets only what differs per pod written into it: its affinity, its own token
 * volume and mounts, and the priority the classes give now. The first spec is packed
 * (packed.ts), so every copy of it is too.
 */
import type { Container, Pod, PodSpec } from '../../api/types.js';
import { TemplateMemo } from '../../memo.js';
import { PackedCopier } from '../packed.js';
import type { StrategyContext } from '../strategy.js';
import { withDefaultTolerations } from './default-toleration-seconds.js';
import type { Mutable } from './pod-defaults.js';
import { podPriority, type Admitted, type PodPriority } from './priority-admission.js';
import { mountServiceAccountToken, mountToken } from './service-account-admission.js';

/** The field the pods of one DaemonSet template differ in: each pins its node by its required node affinity. */
export const NODE_PIN: ReadonlySet<string> = new Set(['affinity']);

const NO_CONTAINERS: readonly Container[] = [];

const ADMITTED_SPEC = new PackedCopier();

/** The last admitted spec per containers list, and whether its token was mounted. */
const admitted = new TemplateMemo<readonly Container[], PodSpec, { readonly spec: PodSpec; readonly mounted: boolean }>(NODE_PIN);

/** The admitted pod, or the Priority plugin's refusal. */
export function admitPodCreate(pod: Pod, ctx: StrategyContext): Admitted<Pod> {
  const priority = podPriority(pod, ctx);
  if ('forbidden' in priority) return priority;
  const key = pod.spec.containers ?? NO_CONTAINERS;
  const last = admitted.last(key, pod.spec);
  if (last !== undefined && (priority.className !== '') === (last.spec.priorityClassName !== undefined)) {
    const spec: Mutable<PodSpec> = ADMITTED_SPEC.copy(last.spec);
    if (Object.hasOwn(pod.spec, 'affinity')) spec.affinity = pod.spec.affinity;
    if (last.mounted) mountToken(spec, pod.spec, pod.metadata.uid);
    writePriority(spec, priority);
    (pod as Mutable<Pod>).spec = spec;
    return pod;
  }
  const grown: Mutable<PodSpec> = { ...pod.spec };
  const mounted = mountServiceAccountToken(grown, pod.metadata.uid);
  writePriority(grown, priority);
  const tolerations = withDefaultTolerations(grown.tolerations);
  if (tolerations !== grown.tolerations) grown.tolerations = tolerations;
  // Packed (packed.ts): the plugins grew the spec key by key; the next pods of the template copy this one.
  const spec = ADMITTED_SPEC.copy(grown);
  admitted.keep(key, pod.spec, { spec, mounted });
  (pod as Mutable<Pod>).spec = spec;
  return pod;
}

/** The Priority plugin's changes. */
function writePriority(spec: Mutable<PodSpec>, p: PodPriority): void {
  spec.priority = p.priority;
  spec.preemptionPolicy = p.policy;
  if (p.className) spec.priorityClassName = p.className;
}
