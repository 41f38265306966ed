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
import type { Strategy } from '../strategy.js';
import { nameIsDNSLabel, validateObjectMeta } from '../validation/objectmeta.js';

export const NAMESPACE_NAME_LABEL = 'kubernetes.io/metadata.name';

export const namespaceStrategy: Strategy<Namespace> = {
  defaults(ns) {
    const name = ns.metadata.name;
    if (!name) return ns;
    return { ...ns, metadata: { ...ns.metadata, labels: { ...(ns.metadata.labels ?? {}), [NAMESPACE_NAME_LABEL]: name } } };
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
