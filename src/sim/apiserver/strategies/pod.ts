/**
 * The Pod strategy (`pkg/registry/core/pod/strategy.go` with core/v1 defaulting, the Priority and
 * DefaultTolerationSeconds admission plugins and `pkg/apis/core/validation` `ValidatePodCreate` /
 * `ValidatePodUpdate`).
 *
 * - defaults: `SetDefaults_Pod` + `SetDefaults_PodSpec` and friends (pod-defaults.ts).
 * - PrepareForCreate: status is reset to `{phase: Pending, qosClass}`; `PodScheduled` is only
 *   added by the scheduler's bind.
 * - PrepareForUpdate: status stays (the API server copies it); a priority or preemptionPolicy
 *   the request left out is kept, as the Priority plugin does on update.
 * - admission: ServiceAccount and Priority (create only), then DefaultTolerationSeconds (create
 *   and update).
 * - validation: metadata (DNS-1123 subdomain name), the pod spec; on update, only the fields
 *   `ValidatePodUpdate` allows may change.
 */
import type { Container, Pod, PodSpec, PodStatus } from '../../api/types.js';
import { withField } from '../../intern.js';
import { identityMemo, TemplateMemo } from '../../memo.js';
import type { Strategy } from '../strategy.js';
import { validateObjectMeta, nameIsDNSSubdomain } from '../validation/objectmeta.js';
import { appendErrors } from '../validation/field.js';
import { validatePodSpec } from '../validation/podspec.js';
import { validatePodSpecUpdate } from '../validation/podupdate.js';
import { admitDefaultTolerationSeconds } from './default-toleration-seconds.js';
import { admitPodCreate, NODE_PIN } from './pod-admission.js';
import { defaultPodOnly, defaultPodSpec, type Mutable } from './pod-defaults.js';
import { computePodQOS, type QOSClass } from './qos.js';

/** The QoS class of a pod without init containers, once per containers list object. */
const containersQOS = identityMemo((containers: readonly Container[]) => computePodQOS({ containers } as PodSpec));

/** A new pod's status for each QoS class: one object shared by every pod of the class. */
const PENDING = new Map<QOSClass, PodStatus>((['Guaranteed', 'Burstable', 'BestEffort'] as const).map((qosClass) => [qosClass, { phase: 'Pending', qosClass }]));

/**
 * The last spec defaulted per containers list, and the defaulted spec it gave. The DaemonSet
 * controller makes every pod's spec from its template's, changing only the node pin; defaulting
 * never reads or writes the affinity, so a spec that shares every other field with the last one
 * gets the same defaults with its own affinity: the template is defaulted once, not per pod.
 */
const defaulted = new TemplateMemo<readonly Container[], PodSpec, PodSpec>(NODE_PIN);

/** `SetDefaults_Pod` and the pod spec's defaults (pod-defaults.ts), once per template. */
function defaultedPodSpec(spec: PodSpec): PodSpec {
  const key = spec.containers ?? NO_CONTAINERS;
  const last = defaulted.last(key, spec);
  if (last !== undefined) return Object.hasOwn(spec, 'affinity') && spec.affinity !== last.affinity ? withField(last, 'affinity', spec.affinity) : last;
  return defaulted.keep(key, spec, defaultPodSpec(defaultPodOnly(spec)));
}

const NO_CONTAINERS: readonly Container[] = [];

/** How a pod's own spec is validated (not a template's). */
const POD_SPEC_OPTIONS = { resourceIsPod: true } as const;

export const podStrategy: Strategy<Pod> = {
  // Each step sets the request's own pod's fields in place (strategy.ts) rather than spreading it.
  defaults(pod) {
    (pod as Mutable<Pod>).spec = defaultedPodSpec(pod.spec ?? { containers: [] });
    return pod;
  },

  prepareForCreate(pod) {
    const spec = pod.spec;
    (pod as Mutable<Pod>).status = PENDING.get(spec.initContainers?.length ? computePodQOS(spec) : containersQOS(spec.containers ?? NO_CONTAINERS))!;
    return pod;
  },

  prepareForUpdate(pod, old) {
    const spec = { ...pod.spec };
    if (spec.priority === undefined && old.spec.priority !== undefined) spec.priority = old.spec.priority;
    if (spec.preemptionPolicy === undefined && old.spec.preemptionPolicy !== undefined) spec.preemptionPolicy = old.spec.preemptionPolicy;
    (pod as Mutable<Pod>).spec = spec;
    return pod;
  },

  admit(pod, op, ctx) {
    return op === 'create' ? admitPodCreate(pod, ctx) : admitDefaultTolerationSeconds(pod);
  },

  validate(pod) {
    return appendErrors(validateObjectMeta(pod.metadata, true, nameIsDNSSubdomain), validatePodSpec(pod.spec, 'spec', POD_SPEC_OPTIONS));
  },

  validateUpdate(pod, old) {
    return validatePodSpecUpdate(pod.spec, old.spec);
  },
};
