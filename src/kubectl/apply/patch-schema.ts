/**
 * The strategic-merge-patch metadata of the kinds the playground stores: which lists merge (and
 * by which key) instead of being replaced whole. These are the `patchStrategy:"merge"` and
 * `patchMergeKey` struct tags of `k8s.io/api` (core/v1 `PodSpec.Containers` merges by `name`,
 * `Container.Ports` by `containerPort`, `Container.VolumeMounts` by `mountPath`, ...), which
 * `strategicpatch.LookupPatchMetadataForStruct/ForSlice` read upstream. Every list not listed
 * here (tolerations, taints, args, command, matchExpressions, nodeSelectorTerms) is atomic: a
 * patch replaces it.
 */

/** Patch metadata of one field: for a list, its strategy and merge key; `fields` describes the
 * value (or, for a list, each element). */
export interface PatchMeta {
  readonly strategy?: 'merge';
  /** The merge key of a list of objects; absent for a merging list of scalars (finalizers). */
  readonly mergeKey?: string;
  readonly fields?: Readonly<Record<string, PatchMeta>>;
}

export const NO_META: PatchMeta = {};

/** The metadata of `field` under `meta`, or "no strategy" for unknown fields. */
export function fieldMeta(meta: PatchMeta, field: string): PatchMeta {
  return meta.fields?.[field] ?? NO_META;
}

const mergeBy = (mergeKey: string, fields?: Record<string, PatchMeta>): PatchMeta => ({ strategy: 'merge', mergeKey, ...(fields ? { fields } : {}) });

const OBJECT_META: PatchMeta = {
  fields: {
    finalizers: { strategy: 'merge' },
    ownerReferences: mergeBy('uid'),
  },
};

const CONTAINER: Record<string, PatchMeta> = {
  ports: mergeBy('containerPort'),
  env: mergeBy('name'),
  volumeMounts: mergeBy('mountPath'),
  volumeDevices: mergeBy('devicePath'),
};

const POD_SPEC: PatchMeta = {
  fields: {
    containers: mergeBy('name', CONTAINER),
    initContainers: mergeBy('name', CONTAINER),
    ephemeralContainers: mergeBy('name', CONTAINER),
    volumes: mergeBy('name'),
    imagePullSecrets: mergeBy('name'),
    hostAliases: mergeBy('ip'),
    topologySpreadConstraints: mergeBy('topologyKey'),
    schedulingGates: mergeBy('name'),
    resourceClaims: mergeBy('name'),
  },
};

const POD_STATUS: PatchMeta = {
  fields: { conditions: mergeBy('type'), podIPs: mergeBy('ip'), hostIPs: mergeBy('ip') },
};

/** Patch metadata of each kind, from the object root. */
export const KIND_PATCH_META: Readonly<Record<string, PatchMeta>> = {
  Pod: { fields: { metadata: OBJECT_META, spec: POD_SPEC, status: POD_STATUS } },
  DaemonSet: {
    fields: {
      metadata: OBJECT_META,
      spec: { fields: { template: { fields: { metadata: OBJECT_META, spec: POD_SPEC } } } },
      status: { fields: { conditions: mergeBy('type') } },
    },
  },
  Node: {
    fields: {
      metadata: OBJECT_META,
      spec: { fields: { podCIDRs: { strategy: 'merge' } } },
      status: { fields: { conditions: mergeBy('type'), addresses: mergeBy('type') } },
    },
  },
  Namespace: { fields: { metadata: OBJECT_META } },
  PriorityClass: { fields: { metadata: OBJECT_META } },
  ControllerRevision: { fields: { metadata: OBJECT_META } },
  Event: { fields: { metadata: OBJECT_META } },
};

/** The root metadata of a kind (only `metadata` merging rules for a kind not listed). */
export function kindPatchMeta(kind: string): PatchMeta {
  return KIND_PATCH_META[kind] ?? { fields: { metadata: OBJECT_META } };
}
