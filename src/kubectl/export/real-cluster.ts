/**
 * "Export for a real cluster": a session's Node objects and workloads as one YAML file to apply
 * to a real control plane (KWOK fakes a kubelet for each Node object; on kind, apply the
 * workloads and label or taint its real nodes alike), so a learner can replay the session there
 * and compare. The session's `sim` lines (nodes joining, failing, images misbehaving, virtual
 * time) have no real-cluster equivalent: they are listed as comments, in order.
 *
 * Only what a person writes is exported: names, labels, annotations (not kubectl's or the
 * controllers' own), spec and, for a Node, the capacity a fake kubelet reports. Objects made by
 * controllers (a DaemonSet's pods and revisions, Events) and the built-in namespaces and
 * priority classes are left out; the API server fills in the rest.
 */
import { BUILTIN_NAMESPACES, BUILTIN_PRIORITY_CLASSES } from '../../sim/engine/bootstrap.js';
import type { ApiObject } from '../../sim/api/types.js';
import { toYaml } from '../print/object-output.js';

/** Tells KWOK to fake a kubelet for the Node (kwok.x-k8s.io, "Manage nodes and pods"). */
export const KWOK_NODE_ANNOTATION = 'kwok.x-k8s.io/node';

/** Exported first to last, so every object's namespace and priority class exist before it. */
const ORDER = ['Namespace', 'PriorityClass', 'Node', 'DaemonSet', 'Pod'] as const;

/** Annotations the cluster writes, never the learner: left out. */
const OWN_ANNOTATIONS = [
  'kubectl.kubernetes.io/last-applied-configuration',
  'deprecated.daemonset.template.generation',
  'node.alpha.kubernetes.io/ttl',
  'volumes.kubernetes.io/controller-managed-attach-detach',
];

function exported(obj: ApiObject): boolean {
  const { name, ownerReferences } = obj.metadata;
  if (ownerReferences && ownerReferences.length > 0) return false;
  if (obj.kind === 'Namespace') return !(BUILTIN_NAMESPACES as readonly string[]).includes(name);
  if (obj.kind === 'PriorityClass') return !BUILTIN_PRIORITY_CLASSES.some((pc) => pc.name === name);
  return (ORDER as readonly string[]).includes(obj.kind);
}

function metadata(obj: ApiObject): Record<string, unknown> {
  const m = obj.metadata;
  const annotations = Object.fromEntries(Object.entries(m.annotations ?? {}).filter(([k]) => !OWN_ANNOTATIONS.includes(k)));
  if (obj.kind === 'Node') annotations[KWOK_NODE_ANNOTATION] = 'fake';
  return {
    name: m.name,
    ...(m.namespace !== undefined ? { namespace: m.namespace } : {}),
    ...(m.labels && Object.keys(m.labels).length > 0 ? { labels: m.labels } : {}),
    ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
  };
}

/** The object as a person would write it: no status, no server-set metadata (a Node keeps its capacity). */
function manifest(obj: ApiObject): Record<string, unknown> {
  const { apiVersion, kind, metadata: _m, status, ...rest } = obj as ApiObject & { status?: Record<string, unknown> };
  const out: Record<string, unknown> = { apiVersion, kind, metadata: metadata(obj), ...rest };
  if (obj.kind === 'Node') {
    const spec = { ...(obj.spec ?? {}) } as Record<string, unknown>;
    // Taints the node controllers manage (not-ready, unreachable, unschedulable) are theirs, not the learner's.
    const taints = ((spec.taints ?? []) as { key: string }[]).filter((t) => !t.key.startsWith('node.kubernetes.io/'));
    if (taints.length > 0) spec.taints = taints;
    else delete spec.taints;
    out.spec = spec;
    if (status) out.status = { capacity: status.capacity, allocatable: status.allocatable };
  }
  return out;
}

/** The export of `objects` (a cluster's stored objects) and the `sim` lines of `lines` (its session, in order). */
export function realClusterExport(objects: Iterable<ApiObject>, lines: readonly string[]): string {
  const chosen = [...objects].filter(exported).sort((a, b) => ORDER.indexOf(a.kind as (typeof ORDER)[number]) - ORDER.indexOf(b.kind as (typeof ORDER)[number]));
  const sim = lines.filter((l) => /^sim(\s|$)/.test(l));
  const header = [
    '# Everynode: this session\'s nodes and workloads, for a real control plane.',
    '# KWOK (fake kubelets for the Node objects): kwokctl create cluster && kubectl apply -f this-file.yaml',
    '# kind: apply everything but the Node objects, and label and taint its real nodes as they are here.',
    ...(sim.length > 0 ? ['#', '# The session\'s sim lines, which have no real-cluster equivalent (do them by hand, or skip them):', ...sim.map((l) => `#   ${l}`)] : []),
  ];
  const docs = chosen.map((o) => `---\n${toYaml(manifest(o))}`);
  return `${header.join('\n')}\n${docs.join('')}`;
}
