/**
 * apimachinery's meta/v1 types every object shares: TypeMeta, ObjectMeta, LabelSelector.
 * Field names and Go types follow `k8s.io/apimachinery/pkg/apis/meta/v1/types.go`.
 */
import { always, arrayOf, bool, embed, int64, named, omitzero, ptr, raw, str, stringMap, struct, time } from './types.js';
import type { Fields } from './types.js';

/** `apiVersion` and `kind`, promoted from the embedded `TypeMeta`. */
export const typeMeta: Fields = embed('TypeMeta', { apiVersion: str, kind: str });

export const ownerReference = struct('v1.OwnerReference', {
  apiVersion: always(str),
  kind: always(str),
  name: always(str),
  uid: always(named('types.UID')),
  controller: ptr(bool),
  blockOwnerDeletion: ptr(bool),
});

const managedFieldsEntry = struct('v1.ManagedFieldsEntry', {
  manager: str,
  operation: named('v1.ManagedFieldsOperationType'),
  apiVersion: str,
  time: ptr(time),
  fieldsType: str,
  fieldsV1: ptr(raw), // FieldsV1 keeps its JSON as written, like RawExtension
  subresource: str,
});

export const objectMeta = struct('v1.ObjectMeta', {
  name: str,
  generateName: str,
  namespace: str,
  selfLink: str,
  uid: named('types.UID'),
  resourceVersion: str,
  generation: int64,
  creationTimestamp: omitzero(time),
  deletionTimestamp: ptr(time),
  deletionGracePeriodSeconds: ptr(int64),
  labels: stringMap,
  annotations: stringMap,
  ownerReferences: arrayOf(ownerReference),
  finalizers: arrayOf(str),
  managedFields: arrayOf(managedFieldsEntry),
});

export const labelSelector = struct('v1.LabelSelector', {
  matchLabels: stringMap,
  matchExpressions: arrayOf(struct('v1.LabelSelectorRequirement', {
    key: always(str),
    operator: always(named('v1.LabelSelectorOperator')),
    values: arrayOf(str),
  })),
});

/** The `metav1.Condition`-like shape used by status conditions of several kinds. */
export function condition(go: string, typeGo: string, extra: Fields = {}): ReturnType<typeof struct> {
  return struct(go, {
    type: always(named(typeGo)),
    status: always(named('v1.ConditionStatus')),
    lastTransitionTime: time,
    reason: str,
    message: str,
    ...extra,
  });
}
