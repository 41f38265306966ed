/**
 * The Namespace strategy (`pkg/registry/core/namespace/strategy.go`, core/v1
 * `SetDefaults_Namespace` / `SetDefaults_NamespaceStatus`, core validation `ValidateNamespace`).
 *
 * - defaults: the label `kubernetes.io/metadata.name: <name>` (always rewritten to the name).
 * - PrepareForCreate: status `{phase: Active}`; the `kubernetes` finalizer is added to
 *   `spec.finalizers` if missing.
 * - PrepareForUpdate: `spec.finalizers` stay as stored (only the finalize subresource changes them).
 * - validation: cluster-scoped metadata whose name is a DNS-1123 label (no dots).
 */
import type { Namespace } from '../../api/types.js';
import { PackedCopier } from '../packed.js';
import type { Strategy } from '../strategy.js';
import { nameIsDNSLabel, validateObjectMeta } from '../validation/objectmeta.js';

export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

/** The labels `defaults` writes, copied packed (packed.ts). */
const NAME_LABELS = new PackedCopier();

export const namespaceStrategy: Strategy<Namespace> = {
  /**
   * The name label, set on a packed copy of the labels (which are stored as made here) rather
   * than a spread: a spread's result takes its hidden class from the state of the spread's
   * inline cache, so a page's first namespaces got other classes than a later cluster's.
   */
  defaults(ns) {
    const name = ns.metadata.name;
    if (!name) return ns;
    const labels = NAME_LABELS.copyWith(ns.metadata.labels ?? {}, NAMESPACE_NAME_LABEL, name);
    return { ...ns, metadata: { ...ns.metadata, labels } };
  },

  prepareForCreate(ns) {
    const finalizers = ns.spec?.finalizers ?? [];
    const spec = { ...ns.spec, finalizers: finalizers.includes('kubernetes') ? finalizers : [...finalizers, 'kubernetes'] };
    return { ...ns, spec, status: { phase: 'Active' } };
  },

  prepareForUpdate(ns, old) {
    return { ...ns, spec: old.spec };
  },

  validate(ns) {
    return validateObjectMeta(ns.metadata, false, nameIsDNSLabel);
  },
};
