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
import type { Container, Pod, PodSpec } from '../../api/types.js';
import { identityMemo } from '../../memo.js';
import type { Strategy } from '../strategy.js';
import { validateObjectMeta, nameIsDNSSubdomain } from '../validation/objectmeta.js';
import { validatePodSpec } from '../validation/podspec.js';
import { validatePodSpecUpdate } from '../validation/podupdate.js';
import { admitDefaultTolerationSeconds } from './default-toleration-seconds.js';
import { defaultPodOnly, defaultPodSpec } from './pod-defaults.js';
import { admitPodPriority } from './priority-admission.js';
import { admitServiceAccount } from './service-account-admission.js';
import { computePodQOS } from './qos.js';

/** The QoS class of a pod without init containers, once per containers list object. */
const containersQOS = identityMemo((containers: readonly Container[]) => computePodQOS({ containers } as PodSpec));

export const podStrategy: Strategy<Pod> = {
  defaults(pod) {
    return { ...pod, spec: defaultPodSpec(defaultPodOnly(pod.spec ?? { containers: [] })) };
  },

  prepareForCreate(pod) {
    const spec = pod.spec;
    return { ...pod, status: { phase: 'Pending', qosClass: spec.initContainers?.length ? computePodQOS(spec) : containersQOS(spec.containers ?? []) } };
  },

  prepareForUpdate(pod, old) {
    const spec = { ...pod.spec };
    if (spec.priority === undefined && old.spec.priority !== undefined) spec.priority = old.spec.priority;
    if (spec.preemptionPolicy === undefined && old.spec.preemptionPolicy !== undefined) spec.preemptionPolicy = old.spec.preemptionPolicy;
    return { ...pod, spec };
  },

  admit(pod, op, ctx) {
    let admitted = pod;
    if (op === 'create') {
      const r = admitPodPriority(admitServiceAccount(pod), ctx);
      if ('errors' in r) return r;
      admitted = r;
    }
    return admitDefaultTolerationSeconds(admitted);
  },

  validate(pod) {
    return [
      ...validateObjectMeta(pod.metadata, true, nameIsDNSSubdomain),
      ...validatePodSpec(pod.spec, 'spec', { resourceIsPod: true }),
    ];
  },

  validateUpdate(pod, old) {
    return validatePodSpecUpdate(pod.spec, old.spec);
  },
};
