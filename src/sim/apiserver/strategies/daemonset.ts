/**
 * The DaemonSet strategy (`pkg/registry/apps/daemonset/strategy.go`, apps/v1 `SetDefaults_DaemonSet`,
 * `Convert_apps_DaemonSet_To_v1_DaemonSet` and `pkg/apis/apps/validation` `ValidateDaemonSet`).
 *
 * - defaults: updateStrategy RollingUpdate with `{maxUnavailable: 1, maxSurge: 0}` filled in,
 *   revisionHistoryLimit 10, and the core/v1 pod-spec defaults on the template.
 * - PrepareForCreate: status zeroed, generation 1, templateGeneration >= 1. apps/v1 has no
 *   templateGeneration field: the API server shows it as the annotation
 *   `deprecated.daemonset.template.generation` on every read, so we store it there.
 * - PrepareForUpdate: templateGeneration comes from the stored object (the request cannot set
 *   it); a changed template bumps templateGeneration and generation; any other spec change bumps
 *   generation only; metadata-only changes bump nothing.
 * - validation: metadata, `ValidateDaemonSetSpec`; on update the selector is immutable.
 */
import type { DaemonSet, DaemonSetSpec, ObjectMeta } from '../../api/types.js';
import { selectorsEqual } from '../../api/labels.js';
import type { Strategy } from '../strategy.js';
import { validateDaemonSetSpec } from '../validation/daemonset.js';
import { semanticEqual } from '../validation/equality.js';
import { FIELD_IMMUTABLE, invalid } from '../validation/field.js';
import { goLabelSelector } from '../validation/govalue.js';
import { nameIsDNSSubdomain, validateObjectMeta } from '../validation/objectmeta.js';
import { defaultPodSpec } from './pod-defaults.js';

/** `appsv1.DeprecatedTemplateGeneration`. */
export const TEMPLATE_GENERATION_ANNOTATION = 'deprecated.daemonset.template.generation';

/** The template generation a stored DaemonSet carries (1 when the annotation is missing or bad). */
export function templateGeneration(ds: { metadata: Partial<ObjectMeta> }): number {
  const raw = ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  const n = raw !== undefined && /^[0-9]+$/.test(raw) ? Number(raw) : 0;
  return n >= 1 ? n : 1;
}

function withTemplateGeneration(ds: DaemonSet, gen: number, generation: number): DaemonSet {
  const annotations = { ...(ds.metadata.annotations ?? {}), [TEMPLATE_GENERATION_ANNOTATION]: String(gen) };
  return { ...ds, metadata: { ...ds.metadata, generation, annotations } };
}

/** `SetDefaults_DaemonSet` plus the template's pod-spec defaults. */
export function defaultDaemonSetSpec(spec: DaemonSetSpec): DaemonSetSpec {
  let updateStrategy = spec.updateStrategy ?? {};
  if (!updateStrategy.type) updateStrategy = { ...updateStrategy, type: 'RollingUpdate' };
  if (updateStrategy.type === 'RollingUpdate') {
    const ru = updateStrategy.rollingUpdate ?? {};
    updateStrategy = {
      ...updateStrategy,
      rollingUpdate: { ...ru, maxUnavailable: ru.maxUnavailable ?? 1, maxSurge: ru.maxSurge ?? 0 },
    };
  }
  const template = spec.template ?? { spec: { containers: [] } };
  return {
    ...spec,
    template: { ...template, spec: defaultPodSpec(template.spec ?? { containers: [] }) },
    updateStrategy,
    revisionHistoryLimit: spec.revisionHistoryLimit ?? 10,
  };
}

export const daemonSetStrategy: Strategy<DaemonSet> = {
  defaults(ds) {
    return { ...ds, spec: defaultDaemonSetSpec(ds.spec ?? ({} as DaemonSetSpec)) };
  },

  prepareForCreate(ds) {
    const status = { currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 };
    return withTemplateGeneration({ ...ds, status }, templateGeneration(ds), 1);
  },

  prepareForUpdate(ds, old) {
    const oldGen = templateGeneration(old);
    const generation = old.metadata.generation ?? 1;
    if (!semanticEqual(ds.spec.template, old.spec.template)) return withTemplateGeneration(ds, oldGen + 1, generation + 1);
    if (!semanticEqual(ds.spec, old.spec)) return withTemplateGeneration(ds, oldGen, generation + 1);
    return withTemplateGeneration(ds, oldGen, generation);
  },

  validate(ds) {
    return [...validateObjectMeta(ds.metadata, true, nameIsDNSSubdomain), ...validateDaemonSetSpec(ds.spec)];
  },

  validateUpdate(ds, old) {
    if (selectorsEqual(ds.spec.selector, old.spec.selector)) return [];
    return [invalid('spec.selector', goLabelSelector(ds.spec.selector), FIELD_IMMUTABLE)];
  },
};
