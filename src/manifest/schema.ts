/**
 * The kinds the playground serves, with the schema of each: what `decodeObject` checks a
 * manifest against. Every kind gets apiVersion, kind and metadata; `status` is part of the kinds
 * that have one (Namespace, Node, Pod, DaemonSet) and, as on a real API server, is an unknown
 * field on PriorityClass and ControllerRevision, which have none.
 */
import type { Kind } from '../sim/api/types.js';
import { controllerRevisionFields, daemonSetSpec, daemonSetStatus } from './schema/apps.js';
import { namespaceSpec, namespaceStatus, priorityClassFields } from './schema/cluster.js';
import { objectMeta, typeMeta } from './schema/meta.js';
import { nodeSpec, nodeStatus } from './schema/node.js';
import { podSpec, podStatus } from './schema/pod.js';
import { struct } from './schema/types.js';
import type { StructType } from './schema/types.js';

export interface KindSchema {
  readonly kind: Kind;
  /** The apiVersion a manifest writes: `v1`, `apps/v1`, `scheduling.k8s.io/v1`. */
  readonly apiVersion: string;
  /** API group ('' for the core group) and version, as the REST mapper sees them. */
  readonly group: string;
  readonly version: string;
  readonly namespaced: boolean;
  /** The lower-case plural resource name (`daemonsets`). */
  readonly resource: string;
  readonly type: StructType;
}

const top = (go: string, fields: Parameters<typeof struct>[1]): StructType =>
  struct(go, { ...typeMeta, metadata: objectMeta, ...fields });

export const KIND_SCHEMAS: readonly KindSchema[] = [
  {
    kind: 'Namespace', apiVersion: 'v1', group: '', version: 'v1', namespaced: false, resource: 'namespaces',
    type: top('v1.Namespace', { spec: namespaceSpec, status: namespaceStatus }),
  },
  {
    kind: 'Node', apiVersion: 'v1', group: '', version: 'v1', namespaced: false, resource: 'nodes',
    type: top('v1.Node', { spec: nodeSpec, status: nodeStatus }),
  },
  {
    kind: 'Pod', apiVersion: 'v1', group: '', version: 'v1', namespaced: true, resource: 'pods',
    type: top('v1.Pod', { spec: podSpec, status: podStatus }),
  },
  {
    kind: 'DaemonSet', apiVersion: 'apps/v1', group: 'apps', version: 'v1', namespaced: true, resource: 'daemonsets',
    type: top('v1.DaemonSet', { spec: daemonSetSpec, status: daemonSetStatus }),
  },
  {
    kind: 'ControllerRevision', apiVersion: 'apps/v1', group: 'apps', version: 'v1', namespaced: true,
    resource: 'controllerrevisions', type: top('v1.ControllerRevision', controllerRevisionFields),
  },
  {
    kind: 'PriorityClass', apiVersion: 'scheduling.k8s.io/v1', group: 'scheduling.k8s.io', version: 'v1',
    namespaced: false, resource: 'priorityclasses', type: top('v1.PriorityClass', priorityClassFields),
  },
];

/** The schema for an exact apiVersion + kind, or undefined when the playground lacks it. */
export function schemaFor(apiVersion: unknown, kind: unknown): KindSchema | undefined {
  return KIND_SCHEMAS.find((s) => s.apiVersion === apiVersion && s.kind === kind);
}
