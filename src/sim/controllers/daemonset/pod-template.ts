/**
 * The template daemon pods are created from, and how a pod is judged up to date
 * (`util/daemonset_util.go: GetTemplateGeneration`, `CreatePodTemplate`, `IsPodUpdated`;
 * `controller_utils.go: GetPodFromTemplate`).
 */
import type { DaemonSet, OwnerReference, Pod, PodTemplateSpec } from '../../api/types.js';
import type { Draft } from '../../apiserver/apiserver.js';
import { HASH_LABEL, TEMPLATE_GENERATION_ANNOTATION, TEMPLATE_GENERATION_LABEL, controllerRefFor } from './constants.js';
import { replaceDaemonSetPodNodeNameNodeAffinity } from './node-affinity-pin.js';
import { addOrUpdateDaemonPodTolerations } from './tolerations.js';
import { BoundedTable } from '../../bounded-table.js';
import { PackedCopier } from '../../apiserver/packed.js';
import { flat } from '../../intern.js';
import { memo } from '../../memo.js';

/**
 * `GetTemplateGeneration`: the template generation from the `deprecated.daemonset.template.generation`
 * annotation; undefined when absent; an error when it does not parse as an integer.
 */
export function getTemplateGeneration(ds: DaemonSet): number | undefined | { error: string } {
  const text = ds.metadata.annotations?.[TEMPLATE_GENERATION_ANNOTATION];
  if (text === undefined) return undefined;
  if (!/^[+-]?[0-9]+$/.test(text)) return { error: `strconv.ParseInt: parsing "${text}": invalid syntax` };
  return Number(text);
}

/** The generation, with a parse error treated as absent (what every caller upstream does). */
export function templateGenerationOrUndefined(ds: DaemonSet): number | undefined {
  const g = getTemplateGeneration(ds);
  return typeof g === 'number' ? g : undefined;
}

/**
 * The template specs `createPodTemplate` and `withAffinitySlot` make, copied packed rather than
 * spread: a spread's copy of each new template took a hidden class made afresh, which every pod
 * draft of that sync inherited, and the first syncs of a big build threw away the optimised pod
 * create path (defaults, admission) once per new class.
 */
const TEMPLATE_SPEC = new PackedCopier();

/**
 * `CreatePodTemplate`: the DS template plus the automatic tolerations, the label
 * `pod-template-generation` (when the generation is known) and `controller-revision-hash`
 * (when the hash is non-empty).
 */
export function createPodTemplate(template: PodTemplateSpec, generation: number | undefined, hash: string): PodTemplateSpec {
  // Copied by Object.assign, not a spread: a spread's copy takes a hidden class made afresh in each
  // cluster, and the first big build's pods then widened the type of the stored metadata's labels
  // field, throwing away the optimised code that read it.
  const labels: Record<string, string> = Object.assign({}, template.metadata?.labels);
  if (generation !== undefined) labels[TEMPLATE_GENERATION_LABEL] = String(generation);
  if (hash.length > 0) labels[HASH_LABEL] = hash;
  return {
    metadata: { ...(template.metadata ?? {}), labels },
    spec: TEMPLATE_SPEC.copyWith(template.spec, 'tolerations', addOrUpdateDaemonPodTolerations(template.spec)),
  };
}

/**
 * `GetPodFromTemplate` + the per-node affinity rewrite of `syncNodes`: makes the pod to POST for
 * each node. `generateName: "<ds>-"`; labels, annotations and finalizers from the template; one
 * controller ownerReference; required node affinity pinned to the node; `spec.nodeName` only
 * when the template itself sets one (a pre-bound pod that bypasses the scheduler).
 *
 * Only the spec differs from node to node, so the metadata is built once per maker and shared
 * by every draft it makes: the API server copies a draft's metadata into the stored pod's own
 * and never writes to it (a sync that creates 250 pods built it 250 times).
 */
export function daemonPodMaker(ds: DaemonSet, template: PodTemplateSpec): (nodeName: string) => Draft<Pod> & { kind: 'Pod' } {
  const meta = template.metadata ?? {};
  const metadata: Draft<Pod>['metadata'] = {
    generateName: generateNameOf(ds.metadata.name),
    namespace: ds.metadata.namespace ?? 'default',
    ...(meta.labels ? { labels: meta.labels } : {}),
    ...(meta.annotations ? { annotations: meta.annotations } : {}),
    ...(meta.finalizers ? { finalizers: meta.finalizers } : {}),
    ownerReferences: ownerReferencesOf(ds),
  };
  const affinity = template.spec.affinity;
  const spec = withAffinitySlot(template.spec);
  return (nodeName) => ({
    apiVersion: 'v1',
    kind: 'Pod',
    metadata,
    spec: { ...spec, affinity: replaceDaemonSetPodNodeNameNodeAffinity(affinity, nodeName) },
  });
}

/**
 * The template's spec with an `affinity` key (holding undefined when the template has none): the
 * same keys in the same order as each pod's spec, whose pin then overwrites it.
 *
 * Why: a copy of a spec without the key, then given it, came out about 540 bytes per draft
 * (the copy's shape has no room for one more field); a copy of this one, with the value
 * replaced in place, about 150. The API server copies each draft into a stored pod of its own,
 * so the draft was garbage the moment it was written: 5,000 of them per fleet build or rollout.
 */
function withAffinitySlot(spec: PodTemplateSpec['spec']): PodTemplateSpec['spec'] {
  return 'affinity' in spec ? spec : TEMPLATE_SPEC.copyWith(spec, 'affinity', undefined);
}

/** `<ds>-`: one string for all the pods of a DaemonSet (a template literal makes one per pod). */
const generateNameOf = memo((name: string): string => flat(`${name}-`));

/** A daemon pod's `ownerReferences` by DaemonSet uid: one array shared by all the pods of one DaemonSet. */
const ownerReferences = new BoundedTable<string, readonly OwnerReference[]>(4096);

function ownerReferencesOf(ds: DaemonSet): readonly OwnerReference[] {
  let refs = ownerReferences.get(ds.metadata.uid);
  if (!refs || refs[0]!.name !== ds.metadata.name) refs = ownerReferences.set(ds.metadata.uid, [controllerRefFor(ds)]);
  return refs;
}

/**
 * `IsPodUpdated`: the pod carries the current revision hash, or (backward compatibility) the
 * current template generation in `pod-template-generation`.
 */
export function isPodUpdated(pod: Pod, hash: string, generation: number | undefined): boolean {
  const labels = pod.metadata.labels;
  if (!labels) return false;
  if (hash.length > 0 && labels[HASH_LABEL] === hash) return true;
  return generation !== undefined && labels[TEMPLATE_GENERATION_LABEL] === generationText(generation);
}

let lastGeneration = NaN;
let lastGenerationText = '';

/**
 * `fmt.Sprint(generation)`, remembered for the last value (called once per pod per sync, and
 * for each node with more than one pod whenever its list changes: a new string each time).
 */
export function generationText(g: number): string {
  if (g !== lastGeneration) {
    lastGeneration = g;
    lastGenerationText = String(g);
  }
  return lastGenerationText;
}
