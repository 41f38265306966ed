/**
 * Pod spec validation, shared by Pods and pod templates: core `ValidatePodSpec` in upstream
 * order (volumes, containers, init containers, host-network ports, restartPolicy, dnsPolicy,
 * nodeSelector, affinity, serviceAccountName, nodeName, activeDeadlineSeconds, tolerations,
 * priorityClassName, preemptionPolicy), `validatePodHostNetworkDeps` and
 * `ValidatePodTemplateSpec`.
 *
 * `resourceIsPod` is upstream's `opts.ResourceIsPod`: a Pod (not a template) must set
 * `hostPort == containerPort` under hostNetwork, and its images may not carry spaces.
 */
import type { Affinity, Container, PodSpec, PodTemplateSpec, Toleration, Volume } from '../../api/types.js';
import { identityMemo, memo, TemplateMemo } from '../../memo.js';
import { serviceAccountMountOrigin, type MountOrigin } from '../strategies/service-account-admission.js';
import { isDNS1123Subdomain } from '../../api/name-validation.js';
import { validateAffinity } from './affinity.js';
import { validateContainers, validateInitContainers } from './containers.js';
import { child, goValue, index, invalid, required, unsupported, type FieldError } from './field.js';
import { validateAnnotations, validateLabels } from './objectmeta.js';
import { validateTolerations } from './tolerations.js';
import { validateVolumes } from './volumes.js';

const MAX_INT32 = 2147483647;
export const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'] as const;
const DNS_POLICIES = ['ClusterFirstWithHostNet', 'ClusterFirst', 'Default', 'None'] as const;
const PREEMPTION_POLICIES = ['PreemptLowerPriority', 'Never'] as const;

export interface PodSpecOptions {
  readonly resourceIsPod: boolean;
}

const NO_CONTAINERS: readonly Container[] = [];
const NO_TOLERATIONS: readonly Toleration[] = [];

/**
 * `validateContainers` once per containers list object, volume names and path (the variant:
 * the names joined by NUL, then SOH, then the path): every pod a DaemonSet creates in one sync
 * shares its template's list.
 */
const containerErrorsOf = identityMemo((list: readonly Container[], variant: string): FieldError[] => {
  const cut = variant.indexOf('\u0001');
  const names = variant.slice(0, cut);
  return validateContainers(list, new Set(names ? names.split('\u0000') : []), variant.slice(cut + 1));
});

/**
 * The containers' errors. A list the ServiceAccount admission built (each pod's own copy, with
 * the token mount of the pod's own `kube-api-access-*` volume appended) has exactly the errors
 * of the list it came from, checked without that volume: the appended mount names a volume
 * that exists, at a path no other mount of its container uses. So the source list is checked
 * (once per DaemonSet template), unless one of its own mounts names that volume.
 */
function containerErrors(list: readonly Container[], volumes: ReadonlySet<string>, path: string): FieldError[] {
  const origin = serviceAccountMountOrigin(list);
  if (origin && volumes.has(origin.volume) && !mountsVolume(origin.from, origin.volume)) {
    return containerErrorsOf(origin.from, containerVariant([...volumes].filter((v) => v !== origin.volume), path));
  }
  return containerErrorsOf(list, containerVariant(volumes, path));
}

function containerVariant(volumes: Iterable<string>, path: string): string {
  return `${[...volumes].join('\u0000')}\u0001${path}`;
}

/**
 * What validation makes of a template's volumes list (the list the ServiceAccount admission
 * copied into a pod's own, before the token volume): its errors, and the containers' memo
 * variant for the names of its valid volumes. Once per list object and spec path.
 */
const templateVolumes = identityMemo((list: readonly Volume[], path: string) => {
  const p = pathsOf(path);
  const { names, errors } = validateVolumes(list, p.volumes);
  return { names, errors, containerVariant: containerVariant(names, p.containers) };
});

/**
 * The errors of a spec's volumes and containers, when they are the lists the ServiceAccount
 * admission built from a template's (`origin`): the template's volumes' errors, then those of
 * its containers checked once (`containerErrors`), with no list, set or string made per pod.
 * They are exactly a fresh check's: volumes are checked in order, each against the valid names
 * before it, so the template's come out the same; the token volume appended last is valid (a
 * projected source with a valid mode, named `kube-api-access-` and five lowercase consonants or
 * digits); and with its name not taken by a template volume, nor mounted by a template
 * container, the containers are judged as `containerErrors` judges them. Undefined otherwise
 * (and with init containers, which are checked against every volume name): check the spec as it is.
 */
function admittedErrors(spec: PodSpec, origin: MountOrigin | undefined, path: string): FieldError[] | undefined {
  if (origin === undefined || spec.volumes !== origin.volumes || (spec.initContainers?.length ?? 0) > 0) return undefined;
  const template = templateVolumes(origin.fromVolumes ?? NO_VOLUMES, path);
  if (template.names.has(origin.volume) || mountsVolume(origin.from, origin.volume)) return undefined;
  const containers = containerErrorsOf(origin.from, template.containerVariant);
  return template.errors.length === 0 ? containers : [...template.errors, ...containers];
}

const NO_VOLUMES: readonly Volume[] = [];

/**
 * Whether a container of `list` mounts `volume`. Indexed: every pod create asks, and `some` made
 * its two callbacks each time.
 */
function mountsVolume(list: readonly Container[], volume: string): boolean {
  for (let i = 0; i < list.length; i++) {
    const mounts = list[i]!.volumeMounts;
    if (mounts) for (let j = 0; j < mounts.length; j++) if (mounts[j]!.name === volume) return true;
  }
  return false;
}

/** `validateTolerations` once per tolerations list object and path. */
const tolerationErrors = identityMemo((list: readonly Toleration[], path: string): FieldError[] => validateTolerations(list, path));

/**
 * The fields in which the pods made from one template differ (pod-admission.ts): the node pin,
 * the token volume with its mounts, and what the Priority plugin writes. Only the checks that
 * read them are made again for a spec that shares every other field with one that validated
 * clean; every other check would read the very same objects.
 */
const PER_POD: ReadonlySet<string> = new Set(['affinity', 'volumes', 'containers', 'initContainers', 'priority', 'preemptionPolicy', 'priorityClassName']);

/** The last spec validated per source containers list, and whether it was clean at which path. */
const validated = new TemplateMemo<readonly Container[], PodSpec, { readonly clean: boolean; readonly path: string; readonly resourceIsPod: boolean }>(PER_POD);

export function validatePodSpec(spec: PodSpec, path: string, opts: PodSpecOptions): FieldError[] {
  const containers = spec.containers ?? NO_CONTAINERS;
  const origin = serviceAccountMountOrigin(containers);
  const key = origin?.from ?? containers;
  const last = validated.last(key, spec);
  // Whether the checks of the fields this spec shares with the last one can be skipped.
  const shared = last !== undefined && last.clean && last.path === path && last.resourceIsPod === opts.resourceIsPod;
  const p = pathsOf(path);
  const errs: FieldError[] = [];
  if (!shared && (spec.terminationGracePeriodSeconds === undefined || spec.terminationGracePeriodSeconds === null)) {
    errs.push(required(p.terminationGracePeriodSeconds));
  }
  const admitted = admittedErrors(spec, origin, path);
  if (admitted !== undefined) errs.push(...admitted);
  else {
    const volumes = validateVolumes(spec.volumes, p.volumes);
    errs.push(...volumes.errors);
    errs.push(...containerErrors(containers, volumes.names, p.containers));
    errs.push(...validateInitContainers(spec.initContainers, spec.containers, volumes.names, p.initContainers));
  }
  errs.push(...validateHostNetworkDeps(spec, path, opts));
  if (!shared) {
    errs.push(...oneOf(spec.restartPolicy, RESTART_POLICIES, p.restartPolicy));
    errs.push(...oneOf(spec.dnsPolicy, DNS_POLICIES, p.dnsPolicy));
    errs.push(...validateLabels(spec.nodeSelector, p.nodeSelector));
  }
  if (spec.affinity) errs.push(...affinityErrors(spec.affinity, p.affinity));
  if (!shared) {
    errs.push(...subdomain(spec.serviceAccountName, p.serviceAccountName));
    errs.push(...subdomain(spec.nodeName, p.nodeName));
    const ads = spec.activeDeadlineSeconds;
    if (ads !== undefined && ads !== null && (ads < 1 || ads > MAX_INT32)) {
      errs.push(invalid(p.activeDeadlineSeconds, goValue(ads), `must be between 1 and ${MAX_INT32}, inclusive`));
    }
    errs.push(...tolerationErrors(spec.tolerations ?? NO_TOLERATIONS, p.tolerations));
  }
  errs.push(...subdomain(spec.priorityClassName, p.priorityClassName));
  if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== null) {
    errs.push(...oneOf(spec.preemptionPolicy, PREEMPTION_POLICIES, p.preemptionPolicy));
  }
  if (opts.resourceIsPod) {
    imageWhitespace(spec.containers, p.containers, errs);
    imageWhitespace(spec.initContainers, p.initContainers, errs);
  }
  if (!shared) validated.keep(key, spec, { clean: errs.length === 0, path, resourceIsPod: opts.resourceIsPod });
  return errs;
}

/** The paths of a spec's fields, built once per spec path (a pod's are always `spec.*`). */
const pathsOf = memo((path: string) => {
  const names = [
    'terminationGracePeriodSeconds', 'volumes', 'containers', 'initContainers', 'restartPolicy', 'dnsPolicy', 'nodeSelector', 'affinity',
    'serviceAccountName', 'nodeName', 'activeDeadlineSeconds', 'tolerations', 'priorityClassName', 'preemptionPolicy',
  ] as const;
  return Object.fromEntries(names.map((n) => [n, child(path, n)])) as Record<(typeof names)[number], string>;
}, 64);

/** A Pod's images may not carry leading or trailing whitespace (`opts.ResourceIsPod`). */
function imageWhitespace(list: readonly Container[] | undefined, path: string, errs: FieldError[]): void {
  if (!list) return;
  for (let i = 0; i < list.length; i++) {
    const image = list[i]!.image ?? '';
    if (image.trim() !== image) errs.push(invalid(child(index(path, i), 'image'), goValue(image), 'must not have leading or trailing whitespace'));
  }
}

/**
 * `validateAffinity` once per affinity object and path: a daemon pod's pinned affinity is one
 * object per template affinity and node, which the pod that replaces it in a rollout shares.
 */
const affinityErrors = identityMemo((affinity: Affinity, path: string): FieldError[] => validateAffinity(affinity, path));

/** `ValidatePodTemplateSpec`: template labels (on `<path>.labels`), annotations, then the spec. */
export function validatePodTemplateSpec(template: PodTemplateSpec, path: string): FieldError[] {
  return [
    ...validateLabels(template.metadata?.labels, child(path, 'labels')),
    ...validateAnnotations(template.metadata?.annotations, child(path, 'annotations')),
    ...validatePodSpec(template.spec ?? ({} as PodSpec), child(path, 'spec'), { resourceIsPod: false }),
  ];
}

/** `validatePodHostNetworkDeps`: with hostNetwork, a hostPort must equal its containerPort. */
function validateHostNetworkDeps(spec: PodSpec, path: string, opts: PodSpecOptions): readonly FieldError[] {
  if (!spec.hostNetwork) return NO_ERRORS;
  const errs: FieldError[] = [];
  (spec.containers ?? []).forEach((c, i) => {
    (c.ports ?? []).forEach((port, j) => {
      const hp = port.hostPort ?? 0;
      if ((opts.resourceIsPod || hp !== 0) && hp !== port.containerPort) {
        const p = child(index(child(index(child(path, 'containers'), i), 'ports'), j), 'hostPort');
        errs.push(invalid(p, goValue(hp), 'must match `containerPort` when `hostNetwork` is true'));
      }
    });
  });
  return errs;
}

/** The `switch` upstream writes for enum fields: empty is Required, anything unknown Unsupported. */
function oneOf(value: string | undefined, supported: readonly string[], path: string): readonly FieldError[] {
  const v = value ?? '';
  if (v.length === 0) return [required(path)];
  return supported.includes(v) ? NO_ERRORS : [unsupported(path, goValue(v), supported)];
}

function subdomain(value: string | undefined, path: string): readonly FieldError[] {
  if (!value) return NO_ERRORS;
  const msgs = isDNS1123Subdomain(value);
  return msgs.length === 0 ? NO_ERRORS : msgs.map((msg) => invalid(path, goValue(value), msg));
}

/**
 * The answer of a check that found nothing, shared: each pod's spec is checked field by field,
 * and each clean field made an empty list, only to be spread into the spec's.
 */
const NO_ERRORS: readonly FieldError[] = [];
