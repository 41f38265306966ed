/**
 * Resource arithmetic of the scheduler: the scheduler framework's `Resource` (milli-CPU, bytes,
 * pod count, scalar resources), a pod's effective request (`resource.PodRequests`, as
 * NodeResourcesFit's `computePodResourceRequest` uses it), the non-zero request used for scoring
 * (`GetNonzeroRequests`) and a node's allocatable (`NewResource(node.Status.Allocatable)`).
 *
 * Quantities are parsed once per container resources, pod spec and node resource list (stored
 * objects are never mutated, so WeakMaps keyed by them are safe caches).
 */
import type { Container, Node, Pod, PodSpec, ResourceList } from '../../api/types.js';
import { milliValue, parseQuantity, quantityValue } from '../../api/quantity.js';
import { memo } from '../../memo.js';

/** framework.Resource: the amounts the scheduler compares. Scalars are extended resources, hugepages. */
export interface Resources {
  milliCPU: number;
  memory: number;
  ephemeralStorage: number;
  /** Only meaningful on allocatable: `pods`. */
  allowedPodNumber: number;
  scalar: Record<string, number>;
}

/** A pod's request and its non-zero variant for scoring (100m CPU / 200Mi when unset). */
export interface PodRequests {
  readonly requests: Readonly<Resources>;
  readonly nonZeroMilliCPU: number;
  readonly nonZeroMemory: number;
}

/** `DefaultMilliCPURequest` and `DefaultMemoryRequest` of the scheduler's util package. */
export const DEFAULT_MILLI_CPU_REQUEST = 100;
export const DEFAULT_MEMORY_REQUEST = 200 * 1024 * 1024;

export function emptyResources(): Resources {
  return { milliCPU: 0, memory: 0, ephemeralStorage: 0, allowedPodNumber: 0, scalar: {} };
}

export function cloneResources(r: Readonly<Resources>): Resources {
  return { ...r, scalar: { ...r.scalar } };
}

/** `IsExtendedResourceName`: a domain-prefixed name outside `*kubernetes.io/`, not a quota name. */
export function isExtendedResourceName(name: string): boolean {
  if (!name.includes('/') || name.includes('kubernetes.io/')) return false;
  return !name.startsWith('requests.');
}

/** `IsScalarResourceName`: extended resources, hugepages-*, attachable-volumes-*. */
export function isScalarResourceName(name: string): boolean {
  return isExtendedResourceName(name) || name.startsWith('hugepages-') || name.startsWith('attachable-volumes-');
}

/** A quantity's value (milli-units for CPU), parsed once per text: pods repeat a few of them. */
const milliAmount = memo((v: string | number): number => {
  const q = parseQuantity(v);
  return 'error' in q ? 0 : milliValue(q);
});
const plainAmount = memo((v: string | number): number => {
  const q = parseQuantity(v);
  return 'error' in q ? 0 : quantityValue(q);
});

function amount(v: string | number | undefined, milli: boolean): number {
  if (v === undefined) return 0;
  return milli ? milliAmount(v) : plainAmount(v);
}

/** `Resource.Add(ResourceList)`: adds the known and scalar resources of a list. */
export function addList(r: Resources, list: ResourceList | undefined): void {
  if (!list) return;
  for (const [name, v] of Object.entries(list)) {
    if (name === 'cpu') r.milliCPU += amount(v, true);
    else if (name === 'memory') r.memory += amount(v, false);
    else if (name === 'ephemeral-storage') r.ephemeralStorage += amount(v, false);
    else if (name === 'pods') r.allowedPodNumber += amount(v, false);
    else if (isScalarResourceName(name)) r.scalar[name] = (r.scalar[name] ?? 0) + amount(v, false);
  }
}

/** r += x (or r -= x with sign -1), scalars included. */
export function addResources(r: Resources, x: Readonly<Resources>, sign: 1 | -1 = 1): void {
  r.milliCPU += sign * x.milliCPU;
  r.memory += sign * x.memory;
  r.ephemeralStorage += sign * x.ephemeralStorage;
  // `for in`, not `Object.entries`: the scheduler cache adds a pod's requests on every write of
  // a bound pod, and nearly every pod names no scalar resource; entries would build an array
  // (and one per scalar) to find that out.
  for (const k in x.scalar) {
    const v = x.scalar[k]!;
    const next = (r.scalar[k] ?? 0) + sign * v;
    if (next === 0) delete r.scalar[k];
    else r.scalar[k] = next;
  }
}

/** Whether any scalar resource is named (without listing them). */
export function hasScalars(r: Readonly<Resources>): boolean {
  for (const _ in r.scalar) return true;
  return false;
}

function maxInto(r: Resources, x: Readonly<Resources>): void {
  r.milliCPU = Math.max(r.milliCPU, x.milliCPU);
  r.memory = Math.max(r.memory, x.memory);
  r.ephemeralStorage = Math.max(r.ephemeralStorage, x.ephemeralStorage);
  for (const [k, v] of Object.entries(x.scalar)) r.scalar[k] = Math.max(r.scalar[k] ?? 0, v);
}

/** A container's requests, and the cpu and memory the scheduler counts for it (`GetNonzeroRequests`). */
interface ContainerRequests {
  readonly requests: Readonly<Resources>;
  readonly nonZeroMilliCPU: number;
  readonly nonZeroMemory: number;
  /** The requests of a pod of this one container and no init containers, once asked for. */
  alone?: PodRequests;
}

/**
 * A container's requests. As `SetDefaults_Pod` does on create, a resource with a limit and no
 * request is requested at its limit (harmless when the API server already defaulted it); cpu
 * and memory not named at all count as the scheduler's defaults toward the non-zero sums.
 * Memoised per `resources` object, which every pod a DaemonSet creates shares with its template.
 */
function containerRequests(c: Container): ContainerRequests {
  const resources = c.resources;
  if (!resources) return NO_REQUESTS;
  let hit = containerCache.get(resources);
  if (!hit) {
    const explicit = { ...(resources.limits ?? {}), ...(resources.requests ?? {}) };
    const requests = emptyResources();
    addList(requests, explicit);
    hit = {
      requests,
      nonZeroMilliCPU: 'cpu' in explicit ? requests.milliCPU : DEFAULT_MILLI_CPU_REQUEST,
      nonZeroMemory: 'memory' in explicit ? requests.memory : DEFAULT_MEMORY_REQUEST,
    };
    containerCache.set(resources, hit);
  }
  return hit;
}

const containerCache = new WeakMap<NonNullable<Container['resources']>, ContainerRequests>();

const NO_REQUESTS: ContainerRequests = { requests: emptyResources(), nonZeroMilliCPU: DEFAULT_MILLI_CPU_REQUEST, nonZeroMemory: DEFAULT_MEMORY_REQUEST };

function isSidecar(c: Container): boolean {
  return (c as { restartPolicy?: string }).restartPolicy === 'Always';
}

/** Keyed by the spec object: status writes copy the pod but keep its spec, so they hit the cache. */
const cache = new WeakMap<PodSpec, PodRequests>();

/**
 * `resource.PodRequests` (no pod overhead, no pod-level resources): regular containers and
 * restartable (sidecar) init containers add up; each other init container runs alone next to
 * the sidecars started before it; the request is the larger of the two per resource.
 */
export function podRequests(pod: Pod): PodRequests {
  const { containers, initContainers } = pod.spec;
  // A pod of one container and no init containers (most daemon pods): its requests are that
  // container's, whose resources object every pod of a template shares; one answer serves them
  // all, where the cache by spec would keep one per pod.
  if (containers?.length === 1 && !initContainers?.length) {
    const one = containerRequests(containers[0]!);
    return (one.alone ??= sumPodRequests(pod.spec));
  }
  let hit = cache.get(pod.spec);
  if (!hit) cache.set(pod.spec, (hit = sumPodRequests(pod.spec)));
  return hit;
}

function sumPodRequests(spec: PodSpec): PodRequests {
  const reqs = emptyResources();
  let nzCpu = 0;
  let nzMem = 0;
  for (const c of spec.containers ?? []) {
    const { requests, nonZeroMilliCPU, nonZeroMemory } = containerRequests(c);
    addResources(reqs, requests);
    nzCpu += nonZeroMilliCPU;
    nzMem += nonZeroMemory;
  }
  const sidecars = emptyResources();
  const initMax = emptyResources();
  let initNzCpu = 0;
  let initNzMem = 0;
  let sideNzCpu = 0;
  let sideNzMem = 0;
  for (const c of spec.initContainers ?? []) {
    const { requests, nonZeroMilliCPU: cpu, nonZeroMemory: mem } = containerRequests(c);
    const own = { ...requests, scalar: { ...requests.scalar } };
    if (isSidecar(c)) {
      addResources(reqs, own);
      addResources(sidecars, own);
      nzCpu += cpu;
      nzMem += mem;
      sideNzCpu += cpu;
      sideNzMem += mem;
      maxInto(initMax, sidecars);
      initNzCpu = Math.max(initNzCpu, sideNzCpu);
      initNzMem = Math.max(initNzMem, sideNzMem);
    } else {
      addResources(own, sidecars);
      maxInto(initMax, own);
      initNzCpu = Math.max(initNzCpu, cpu + sideNzCpu);
      initNzMem = Math.max(initNzMem, mem + sideNzMem);
    }
  }
  maxInto(reqs, initMax);
  return { requests: reqs, nonZeroMilliCPU: Math.max(nzCpu, initNzCpu), nonZeroMemory: Math.max(nzMem, initNzMem) };
}

/**
 * A node's allocatable. The API server defaults a missing `status.allocatable` to the capacity
 * (`SetDefaults_NodeStatus`), so capacity stands in when allocatable is absent.
 */
export function nodeAllocatable(node: Node): Readonly<Resources> {
  const list = node.status.allocatable ?? node.status.capacity;
  if (!list) return emptyResources();
  let hit = allocatableCache.get(list);
  if (!hit) {
    hit = emptyResources();
    addList(hit, list);
    allocatableCache.set(list, hit);
  }
  return hit;
}

/**
 * Keyed by the resource list, which a node's status posts and taint writes carry over unchanged:
 * one entry per node rather than one per version of it.
 */
const allocatableCache = new WeakMap<ResourceList, Resources>();

/** Terminal pods (Succeeded/Failed) hold nothing: the scheduler's informer filters them out. */
export function isTerminal(pod: Pod): boolean {
  return pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed';
}

/** `corev1helpers.PodPriority`: spec.priority, 0 when unset. */
export function podPriority(pod: Pod): number {
  return pod.spec.priority ?? 0;
}
