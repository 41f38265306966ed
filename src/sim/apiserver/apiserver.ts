/**
 * The simulated API server: the only writer of the store. It gives objects their identity
 * (uid, resourceVersion, creationTimestamp, generated names), runs each kind's strategy
 * (defaults, prepare, admission, validation; see strategy.ts), and implements the write verbs
 * with their upstream semantics: create, update, status update, binding and graceful delete.
 *
 * Every failed write returns a StatusError and leaves the store untouched.
 */
import type { ApiObject, Kind, KindMap, Namespace, Node, ObjectMeta, Pod } from '../api/types.js';
import { NAMESPACED_KINDS } from '../api/types.js';
import type { RngState } from '../engine/rng.js';
import { newRngState, randomSuffix, randomUid } from '../engine/rng.js';
import { rfc3339 } from '../engine/time.js';
import { copyObject, copyObjectWith, PackedCopier } from './packed.js';
import { withCondition } from './pod-status.js';
import { jsonEqual } from './validation/equality.js';
import type { Store } from '../store/store.js';
import { alreadyExists, badRequest, generateNameConflict, invalid, notFound, type FieldError, type StatusError } from './errors.js';
import { qualifiedKind, qualifiedResource } from './resources.js';
import type { Strategy, StrategyContext } from './strategy.js';
import { STRATEGIES } from './strategies/index.js';
import { SYSTEM_PRIORITY_CLASSES } from './strategies/priorityclass.js';

/** An object as submitted: identity fields and status are optional and filled in by the server. */
export type Draft<T extends ApiObject> = Omit<T, 'metadata' | 'status'> & {
  readonly metadata: Partial<ObjectMeta>;
  readonly status?: Partial<T extends { status: infer S } ? S : never>;
};

export type Result<T> = { readonly ok: true; readonly obj: T } | { readonly ok: false; readonly error: StatusError };

export interface WriteOptions {
  /** `--dry-run=server`: run everything, store nothing. */
  readonly dryRun?: boolean;
}

export interface DeleteOptions extends WriteOptions {
  /** Overrides the pod's terminationGracePeriodSeconds (`--grace-period`); 0 with force deletes at once. */
  readonly gracePeriodSeconds?: number;
  /**
   * `DeleteOptions.propagationPolicy` (kubectl `--cascade`). `Orphan`: the dependents lose their
   * ownerReference to the deleted object and stay (the garbage collector's orphan finalizer,
   * done here at once); `Background` (the default) leaves them to the garbage collector, which
   * deletes them after the owner is gone; `Foreground` keeps the owner (marked deleted, with the
   * `foregroundDeletion` finalizer) until the garbage collector has deleted them.
   */
  readonly propagationPolicy?: 'Orphan' | 'Background' | 'Foreground';
}

/** The options of a write that gives none: one object, not one per write. */
const NO_OPTIONS: DeleteOptions = {};

/** The finalizer foreground deletion puts on the owner (`metav1.FinalizerDeleteDependents`). */
export const FOREGROUND_DELETION = 'foregroundDeletion';

/** What the API server needs from the engine: the virtual clock and the seeded RNG. */
export interface ApiEnv {
  now(): number;
  readonly rng: RngState;
}

/** Longest generateName prefix kept before the random suffix (apiserver `maxGeneratedNameLength`). */
const MAX_GENERATED_PREFIX = 58;

/**
 * Names a create with generateName tries before it answers AlreadyExists (registry
 * `maxNameGenerationCreateAttempts`, used by `createWithGenerateNameRetry`; the RetryGenerateName
 * feature is GA and locked on since v1.32). Five random characters collide often enough at fleet
 * size (a 5,000-pod DaemonSet meets one about every other build) that a controller would
 * otherwise see a FailedCreate a real cluster never shows.
 */
const NAME_GENERATION_ATTEMPTS = 8;

/**
 * Kinds whose Go type has a `status` field. PriorityClass, ControllerRevision and Event have none,
 * so a stored one never shows `status: {}` in `-o yaml`.
 */
const KINDS_WITH_STATUS: ReadonlySet<Kind> = new Set<Kind>(['Pod', 'Node', 'Namespace', 'DaemonSet']);

export class ApiServer {
  /**
   * What the strategies may read (strategy.ts): one object for every request, as it holds nothing
   * of a request's own (`now` reads the clock, which stands still within a request), where each
   * write made one with two closures.
   */
  private readonly ctx: StrategyContext;

  constructor(
    readonly store: Store,
    private readonly env: ApiEnv,
  ) {
    this.ctx = {
      get now() {
        return env.now();
      },
      priorityClass: (name) => store.get('PriorityClass', '', name),
      priorityClasses: () => store.list('PriorityClass'),
    };
  }

  get<K extends Kind>(kind: K, namespace: string, name: string): KindMap[K] | undefined {
    return this.store.get(kind, NAMESPACED_KINDS.has(kind) ? namespace : '', name);
  }

  /**
   * POST: name generation, defaults, PrepareForCreate, admission, validation, then store. A dry
   * run draws its generated name and uid from a copy of the RNG, so it leaves no trace (later
   * names are the same as without it).
   */
  create<K extends Kind>(draft: Draft<KindMap[K]> & { kind: K }, opts: WriteOptions = NO_OPTIONS): Result<KindMap[K]> {
    const kind = draft.kind;
    const rng = opts.dryRun ? newRngState(this.env.rng.s) : this.env.rng;
    const namespaced = NAMESPACED_KINDS.has(kind);
    const namespace = namespaced ? draft.metadata.namespace || 'default' : undefined;
    const ns = namespace === undefined ? undefined : this.store.get('Namespace', '', namespace);
    if (namespace !== undefined && !ns) return fail(notFound('namespaces', namespace));
    // NamespaceLifecycle admission: nothing new in a namespace being deleted.
    if (namespace !== undefined && ns?.metadata.deletionTimestamp) {
      const what = draft.metadata.name ?? draft.metadata.generateName ?? '';
      return fail(forbidden(`${qualifiedResource(kind)} "${what}" is forbidden: unable to create new content in namespace ${namespace} because it is being terminated`));
    }
    let name = draft.metadata.name ?? '';
    // Whether the name is taken, once looked up.
    let taken: boolean | undefined;
    if (!name && draft.metadata.generateName) {
      // createWithGenerateNameRetry: a generated name already taken is drawn again, up to the limit.
      // The count goes up on every draw, not only before a second one: a warm-up draws no taken
      // name, and an increment that had never run threw away the optimised `create` when a big
      // build first drew one.
      const prefix = draft.metadata.generateName.slice(0, MAX_GENERATED_PREFIX);
      let attempts = 0;
      do {
        name = prefix + randomSuffix(rng, 5);
        taken = this.store.get(kind, namespace ?? '', name) !== undefined;
      } while (++attempts < NAME_GENERATION_ATTEMPTS && taken);
    }
    if (!name) {
      return fail(invalid(qualifiedKind(kind), '', [{ field: 'metadata.name', message: 'metadata.name: Required value: name or generateName is required' }]));
    }

    // A taken name fails only after validation (below), as upstream's storage does; its uid is
    // drawn from a copy of the RNG, so a create that fails this way leaves no trace, as before.
    taken ??= this.store.get(kind, namespace ?? '', name) !== undefined;
    const strategy = strategyOf(kind) as unknown as Strategy<KindMap[K]>;
    const ctx = this.ctx;
    const copiers = copiersOf(kind);
    const meta = newMeta(copiers.metadata, draft.metadata, name, namespace, randomUid(taken ? newRngState(rng.s) : rng), rfc3339(this.env.now()));
    const made = newObject(copiers.object, draft, meta, KINDS_WITH_STATUS.has(kind)) as unknown as KindMap[K];
    let obj = made;
    if (strategy.defaults) obj = strategy.defaults(obj);
    if (strategy.prepareForCreate) obj = strategy.prepareForCreate(obj, ctx);
    if (strategy.admit) {
      const admitted = strategy.admit(obj, 'create', ctx);
      if ('errors' in admitted) return fail(admitted.forbidden ? forbidden(admitted.forbidden) : invalid(qualifiedKind(kind), name, admitted.errors));
      obj = admitted;
    }
    const errors = strategy.validate?.(obj, ctx) ?? [];
    if (errors.length > 0) return fail(invalid(qualifiedKind(kind), name, errors));
    // The storage finds the name taken only now, after admission and validation (registry
    // `Store.create`; a dry run checks too): an invalid object under a taken name is Invalid.
    if (taken) {
      return fail(draft.metadata.name ? alreadyExists(qualifiedResource(kind), name) : generateNameConflict(qualifiedResource(kind), name));
    }
    // A dry run stores nothing, so the answer has no resourceVersion (registry DryRunnableStorage.Create).
    if (opts.dryRun) return { ok: true, obj: withMeta(obj, { resourceVersion: undefined }) };
    // The metadata made above is still this request's own (no strategy replaced it, and nothing
    // is stored yet): it takes its resourceVersion in place instead of being copied with the object.
    // A strategy's metadata is copied packed, not spread: a spread's result takes its hidden class
    // from the state of the spread's inline cache, so a page's first DaemonSet got another class
    // than every later one, and the code the warm-up optimised on it was thrown away.
    if (obj.metadata === meta) meta.resourceVersion = this.store.nextResourceVersion();
    else obj = { ...obj, metadata: copiers.metadata.copyWith(obj.metadata, 'resourceVersion', this.store.nextResourceVersion()) };
    // Stored packed (packed.ts): newObject made it so; a strategy that returned a spread copy made it again.
    if (obj !== made) obj = copyObject(copiers.object, obj);
    this.store.put(obj);
    return { ok: true, obj };
  }

  /**
   * PUT: replaces everything but status and identity. `obj` must name a stored object. Runs
   * defaults, PrepareForUpdate (generation bumps), admission and update validation.
   */
  update<K extends Kind>(obj: KindMap[K], opts: WriteOptions = NO_OPTIONS): Result<KindMap[K]> {
    const kind = obj.kind as K;
    const old = this.store.get(kind, obj.metadata.namespace ?? '', obj.metadata.name);
    if (!old) return fail(notFound(qualifiedResource(kind), obj.metadata.name));
    const strategy = strategyOf(kind) as unknown as Strategy<KindMap[K]>;
    const ctx = this.ctx;
    // The update's own copies (withStoredIdentity), which take the new version in place if no step replaced them.
    const own = withStoredIdentity(obj, old);
    const ownMeta = own.metadata !== old.metadata ? own.metadata : undefined;
    let next = own;
    if (strategy.defaults) next = strategy.defaults(next);
    if (strategy.prepareForUpdate) next = strategy.prepareForUpdate(next, old, ctx);
    if (strategy.admit) {
      const admitted = strategy.admit(next, 'update', ctx);
      if ('errors' in admitted) return fail(admitted.forbidden ? forbidden(admitted.forbidden) : invalid(qualifiedKind(kind), next.metadata.name, admitted.errors));
      next = admitted;
    }
    // Joined only when there are errors: the lists may be memoised answers, shared.
    const errors = strategy.validate?.(next, ctx) ?? NO_ERRORS;
    const updateErrors = strategy.validateUpdate?.(next, old, ctx) ?? NO_ERRORS;
    if (errors.length + updateErrors.length > 0) return fail(invalid(qualifiedKind(kind), next.metadata.name, [...errors, ...updateErrors]));
    if (sameButVersion(next, old)) return { ok: true, obj: old };
    if (opts.dryRun) return { ok: true, obj: next };
    next = packedUpdate(next, next === own, next.metadata === ownMeta, this.store.nextResourceVersion());
    this.putOrFinish(next);
    return { ok: true, obj: next };
  }

  /** PUT .../status: takes only `status` from `obj`; everything else stays as stored. */
  updateStatus<K extends Kind>(obj: KindMap[K]): Result<KindMap[K]> {
    const kind = obj.kind as K;
    const old = this.store.get(kind, obj.metadata.namespace ?? '', obj.metadata.name);
    if (!old) return fail(notFound(qualifiedResource(kind), obj.metadata.name));
    const status = (obj as { status?: unknown }).status;
    if (jsonEqual(status, (old as { status?: unknown }).status)) return { ok: true, obj: old };
    return this.putStatus(old, typeof status === 'object' && status !== null && !Array.isArray(status) ? copiersOf(kind).status.copy(status) : status);
  }

  /**
   * PUT pods/NAME/status or nodes/NAME/status as the kubelet makes them (its status manager's
   * pod status write; the node status post, `tryUpdateNodeStatus`): `status` is a record built
   * for this write (a pod's packed, see packed.ts) that the caller hands over, stored as it is
   * instead of copied; `seen` is the object the caller generated it from and found it to differ
   * from, so while `seen` is still the stored version the comparison `updateStatus` makes is not
   * made again.
   */
  updateGeneratedStatus<T extends Pod | Node>(seen: T, status: T['status']): Result<T> {
    const kind = seen.kind;
    const old = this.store.get(kind, seen.metadata.namespace ?? '', seen.metadata.name) as T | undefined;
    if (!old) return fail(notFound(qualifiedResource(kind), seen.metadata.name));
    if (old !== seen && jsonEqual(status, old.status)) return { ok: true, obj: old };
    return this.putStatus(old, status);
  }

  /** The next version of `old` with `status` (as given), stored. */
  private putStatus<T extends ApiObject>(old: T, status: unknown): Result<T> {
    const next = nextVersion(old, this.store.nextResourceVersion());
    (next as { status?: unknown }).status = status;
    this.store.put(next);
    return { ok: true, obj: next };
  }

  /**
   * Writes metadata only (labels, annotations, ownerReferences, finalizers), as controllers do
   * with patches for adoption/release and kubectl does for `label`/`annotate`. No generation bump.
   */
  updateMetadata<K extends Kind>(obj: KindMap[K], metadata: Partial<Pick<ObjectMeta, 'labels' | 'annotations' | 'ownerReferences' | 'finalizers'>>): Result<KindMap[K]> {
    const old = this.store.get(obj.kind, obj.metadata.namespace ?? '', obj.metadata.name) as KindMap[K] | undefined;
    if (!old) return fail(notFound(qualifiedResource(obj.kind), obj.metadata.name));
    const merged = { ...old.metadata, ...metadata };
    for (const k of Object.keys(metadata) as (keyof typeof metadata)[]) if (metadata[k] === undefined) delete merged[k];
    if (jsonEqual(merged, old.metadata)) return { ok: true, obj: old };
    const next = { ...old, metadata: { ...merged, resourceVersion: this.store.nextResourceVersion() } } as KindMap[K];
    this.putOrFinish(next);
    return { ok: true, obj: next };
  }

  /** Stores an updated object; one marked deleted whose last finalizer is gone is removed instead. */
  private putOrFinish(next: ApiObject): void {
    if (next.metadata.deletionTimestamp && next.kind !== 'Pod' && next.kind !== 'Namespace' && (next.metadata.finalizers?.length ?? 0) === 0) {
      this.store.remove(next.kind, next.metadata.namespace ?? '', next.metadata.name);
    } else this.store.put(next);
  }

  /**
   * POST pods/NAME/binding (`BindingREST.setPodNodeAndMetadata`): in one write, sets spec.nodeName
   * on an unbound pod and PodScheduled=True. `nominatedNodeName` stays: clearing it on binding is
   * the ClearingNominatedNodeNameAfterBinding gate, alpha and off in v1.34 (on from v1.35).
   */
  bind(pod: Pod, nodeName: string): Result<Pod> {
    const old = this.store.get('Pod', pod.metadata.namespace ?? '', pod.metadata.name);
    if (!old) return fail(notFound('pods', pod.metadata.name));
    if (old.spec.nodeName) return fail({ code: 409, reason: 'Conflict', message: `pod ${pod.metadata.name} is already assigned to node "${old.spec.nodeName}"` });
    if (old.metadata.deletionTimestamp) return fail(badRequest(`pod ${pod.metadata.name} is being deleted, cannot be assigned to a host`));
    const status = withCondition(old.status, POD_SCHEDULED, this.env.now());
    // copyWith: an unbound pod's spec gains nodeName, which a spread would give a hidden class of its own.
    const next: Writable<Pod> = nextVersion(old, this.store.nextResourceVersion());
    next.spec = BOUND_SPEC.copyWith(old.spec, 'nodeName', nodeName);
    next.status = status;
    this.store.put(next);
    return { ok: true, obj: next };
  }

  /**
   * The garbage collector's `orphanDependents`: every object naming `owner` in its
   * ownerReferences gets that reference removed (an update, so the object's watchers see it).
   */
  private orphanDependents(owner: ApiObject): void {
    const uid = owner.metadata.uid;
    for (const kind of ['Pod', 'ControllerRevision'] as const) {
      for (const dep of this.store.list(kind)) {
        const refs = dep.metadata.ownerReferences;
        if (!refs?.some((r) => r.uid === uid)) continue;
        const kept = refs.filter((r) => r.uid !== uid);
        const metadata = { ...dep.metadata, resourceVersion: this.store.nextResourceVersion() };
        if (kept.length > 0) metadata.ownerReferences = kept;
        else delete (metadata as { ownerReferences?: unknown }).ownerReferences;
        this.store.put({ ...dep, metadata } as ApiObject);
      }
    }
  }

  /**
   * DELETE. Pods are deleted gracefully (registry `CheckGracefulDelete`): a pod that is bound and
   * not yet terminal gets `deletionTimestamp = now + grace` and stays until the kubelet finishes
   * it (see `finishPodDeletion`); an unbound or terminal pod, or grace 0, goes at once. Other kinds
   * go at once; their dependents are removed by the garbage collector.
   */
  delete(kind: Kind, namespace: string, name: string, opts: DeleteOptions = NO_OPTIONS): Result<ApiObject> {
    const ns = NAMESPACED_KINDS.has(kind) ? namespace : '';
    const old = this.store.get(kind, ns, name);
    if (!old) return fail(notFound(qualifiedResource(kind), name));
    // NamespaceLifecycle admission: the API server's own namespaces are immortal.
    if (kind === 'Namespace' && IMMORTAL_NAMESPACES.has(name)) {
      return fail(forbidden(`namespaces "${name}" is forbidden: this namespace may not be deleted`));
    }
    // The PriorityClass registry's REST.Delete refuses the built-in classes
    // (pkg/registry/scheduling/priorityclass/storage/storage.go).
    if (kind === 'PriorityClass' && SYSTEM_PRIORITY_CLASSES.some((c) => c.name === name)) {
      return fail(forbidden(`priorityclasses.scheduling.k8s.io "${name}" is forbidden: this is a system priority class and cannot be deleted`));
    }
    if (opts.dryRun) return { ok: true, obj: old };
    if (opts.propagationPolicy === 'Orphan') this.orphanDependents(old);
    if (old.kind === 'Pod') {
      const grace = podGracePeriod(old, opts.gracePeriodSeconds);
      if (grace > 0) {
        if (old.metadata.deletionTimestamp) {
          // A second delete may only shorten the grace period.
          const current = old.metadata.deletionGracePeriodSeconds ?? grace;
          if (grace >= current) return { ok: true, obj: old };
        }
        // The metadata gains two keys: copied packed with room for them (see newMeta), and stored
        // as it is; a record copyToGrow leaves (an own `__proto__`) is grown on a literal and packed.
        const grown = DELETING_META.copyToGrow(old.metadata, DELETION_MARKS);
        const metadata: MutableMeta = grown ?? Object.assign({}, old.metadata);
        metadata.deletionTimestamp = rfc3339(this.env.now() + grace * 1000);
        metadata.deletionGracePeriodSeconds = grace;
        const next = nextVersion(old, this.store.nextResourceVersion(), metadata, grown !== undefined);
        this.store.put(next);
        return { ok: true, obj: next };
      }
    }
    if (old.kind === 'Namespace' && (old.spec.finalizers?.length ?? 0) > 0) {
      // The namespace registry's Delete: the namespace turns Terminating and stays until the
      // namespace controller has deleted its content and removed the `kubernetes` finalizer.
      if (old.metadata.deletionTimestamp) return { ok: true, obj: old };
      const next: Namespace = {
        ...old,
        metadata: { ...old.metadata, deletionTimestamp: rfc3339(this.env.now()), resourceVersion: this.store.nextResourceVersion() },
        status: { ...old.status, phase: 'Terminating' },
      };
      this.store.put(next);
      return { ok: true, obj: next };
    }
    // Foreground propagation (`--cascade=foreground`) puts the `foregroundDeletion` finalizer on
    // the owner; like any finalizer it keeps the object, marked deleted, until it is removed (the
    // garbage collector does once the dependents are gone). Pods and Namespaces are handled above.
    const finalizers = [...(old.metadata.finalizers ?? [])];
    if (opts.propagationPolicy === 'Foreground' && !finalizers.includes(FOREGROUND_DELETION)) finalizers.push(FOREGROUND_DELETION);
    if (old.kind !== 'Pod' && old.kind !== 'Namespace' && finalizers.length > 0) {
      if (old.metadata.deletionTimestamp && finalizers.length === (old.metadata.finalizers ?? []).length) return { ok: true, obj: old };
      const next = {
        ...old,
        metadata: {
          ...old.metadata,
          deletionTimestamp: old.metadata.deletionTimestamp ?? rfc3339(this.env.now()),
          deletionGracePeriodSeconds: 0,
          finalizers,
          resourceVersion: this.store.nextResourceVersion(),
        },
      } as ApiObject;
      this.store.put(next);
      return { ok: true, obj: next };
    }
    this.store.remove(kind, ns, name);
    return { ok: true, obj: old };
  }

  /**
   * PUT namespaces/NAME/finalize with the `kubernetes` finalizer gone: the namespace controller's
   * last step once the content is deleted. A terminating namespace without finalizers goes.
   */
  finalizeNamespace(namespace: Namespace): Result<Namespace> {
    const old = this.store.get('Namespace', '', namespace.metadata.name);
    if (!old) return fail(notFound('namespaces', namespace.metadata.name));
    const finalizers = (old.spec.finalizers ?? []).filter((f) => f !== 'kubernetes');
    if (old.metadata.deletionTimestamp && finalizers.length === 0) {
      this.store.remove('Namespace', '', old.metadata.name);
      return { ok: true, obj: old };
    }
    const next: Namespace = { ...old, spec: { ...old.spec, finalizers }, metadata: { ...old.metadata, resourceVersion: this.store.nextResourceVersion() } };
    this.store.put(next);
    return { ok: true, obj: next };
  }

  /** The kubelet's final delete (grace 0) once a terminating pod's containers have stopped. */
  finishPodDeletion(pod: Pod): void {
    this.store.remove('Pod', pod.metadata.namespace ?? '', pod.metadata.name);
  }
}

/**
 * The grace period a delete of this pod gets: 0 when the pod was never bound or has already
 * finished (registry `CheckGracefulDelete`), else the option, else the pod's own period (30 s
 * by default).
 */
export function podGracePeriod(pod: Pod, requested?: number): number {
  if (!pod.spec.nodeName) return 0;
  if (pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed') return 0;
  if (requested !== undefined) return Math.max(0, requested);
  return pod.spec.terminationGracePeriodSeconds ?? 30;
}

function strategyOf(kind: Kind): Strategy {
  return (STRATEGIES[kind] as Strategy | undefined) ?? {};
}

function fail(error: StatusError): { ok: false; error: StatusError } {
  return { ok: false, error };
}

/**
 * The namespaces NamespaceLifecycle admission refuses to delete
 * (`k8s.io/apiserver/pkg/admission/plugin/namespace/lifecycle`, immortalNamespaces as
 * kube-apiserver configures it: default, kube-system, kube-public; kube-node-lease is not one).
 */
export const IMMORTAL_NAMESPACES: ReadonlySet<string> = new Set(['default', 'kube-system', 'kube-public']);

function forbidden(message: string): StatusError {
  return { code: 403, reason: 'Forbidden', message };
}

type Writable<T> = { -readonly [P in keyof T]: T[P] };
type MutableMeta = Writable<ObjectMeta>;

/**
 * Where a kind's objects, metadata and statuses are packed (packed.ts): made anew by the writes
 * a big cluster makes by the thousand (create, status update, binding, a pod's delete), whose
 * versions checkpoints keep.
 */
interface Copiers {
  readonly object: PackedCopier;
  readonly metadata: PackedCopier;
  readonly spec: PackedCopier;
  readonly status: PackedCopier;
}

const COPIERS = new Map<Kind, Copiers>();

function copiersOf(kind: Kind): Copiers {
  let c = COPIERS.get(kind);
  if (c === undefined) COPIERS.set(kind, (c = { object: new PackedCopier(), metadata: new PackedCopier(), spec: new PackedCopier(), status: new PackedCopier() }));
  return c;
}

/**
 * An updated object as stored: `withMeta(obj, { resourceVersion })`, packed with its spec. A
 * writer's spec may have lost a key (the node lifecycle controller deletes a node's last taint),
 * which leaves V8 keeping the object as a hash table, several times its size. `ownObject`: `obj`
 * is the update's own copy (`withStoredIdentity`, no strategy replaced it), which takes the
 * version in place; `ownMeta`: so is its metadata (not the stored one it shares). Each was copied
 * again here.
 */
function packedUpdate<T extends ApiObject>(obj: T, ownObject: boolean, ownMeta: boolean, resourceVersion: string): T {
  const copiers = copiersOf(obj.kind);
  let next: { metadata: ObjectMeta; spec?: unknown };
  if (ownObject) {
    next = obj;
    const meta: MutableMeta = ownMeta ? obj.metadata : copiers.metadata.copy(obj.metadata);
    meta.resourceVersion = resourceVersion;
    next.metadata = meta;
  } else next = nextVersion(obj, resourceVersion);
  const spec = next.spec;
  if (typeof spec === 'object' && spec !== null && !Array.isArray(spec)) next.spec = copiers.spec.copy(spec);
  return next as T;
}

/** The metadata keys a pod's graceful delete adds, in the order it sets them. */
const DELETION_MARKS: readonly string[] = ['deletionTimestamp', 'deletionGracePeriodSeconds'];

/** A pod's metadata as its graceful delete grows it: a copier of its own, as creates grow other key lists. */
const DELETING_META = new PackedCopier();

/** The condition a binding sets. */
const POD_SCHEDULED = { type: 'PodScheduled', status: 'True' } as const;

/** A pod's spec with the nodeName its binding gives it. */
const BOUND_SPEC = new PackedCopier();

/**
 * `{ ...old, metadata: { ...metadata, resourceVersion } }`, packed: the next version of a stored
 * object, with the same keys in the same order, which the caller then writes its changes into
 * (fields `old` has keep their place; others come last, as `{ ...old, ...changes }` puts them).
 * `ownMetadata`: `metadata` is a packed record made for this write, taken as it is, not copied.
 */
function nextVersion<T extends ApiObject>(old: T, resourceVersion: string, metadata: ObjectMeta = old.metadata, ownMetadata = false): T {
  const copiers = copiersOf(old.kind);
  const next = copyObject(copiers.object, old);
  const meta: MutableMeta = ownMetadata ? metadata : copiers.metadata.copy(metadata);
  meta.resourceVersion = resourceVersion;
  (next as { metadata: ObjectMeta }).metadata = meta;
  return next;
}

/**
 * An update's object with the identity and status of the stored one: `{ ...obj, metadata:
 * { ...obj.metadata, uid, creationTimestamp, deletionTimestamp?, generation? }, status? }` (the
 * last two of metadata only when stored, status only for a kind that has one), key order
 * included, packed (packed.ts). A writer that sends the stored metadata as it is (the node
 * lifecycle controller's taint writes) has every identity field there already: that metadata
 * is kept, shared and never written, instead of copied to the same content.
 */
function withStoredIdentity<T extends ApiObject>(obj: T, old: T): T {
  const stored = old.metadata;
  const copiers = copiersOf(obj.kind);
  const next = 'status' in old ? copyObjectWith(copiers.object, obj, (old as { status: unknown }).status) : copyObject(copiers.object, obj);
  if (obj.metadata === stored) return next as T;
  const metadata: MutableMeta = copiers.metadata.copy(obj.metadata);
  metadata.uid = stored.uid;
  metadata.creationTimestamp = stored.creationTimestamp;
  if (stored.deletionTimestamp) metadata.deletionTimestamp = stored.deletionTimestamp;
  if (stored.generation !== undefined) metadata.generation = stored.generation;
  (next as { metadata: ObjectMeta }).metadata = metadata;
  return next as T;
}

/**
 * Whether an update changes nothing: `next` with the stored resourceVersion is the stored
 * object (`jsonEqual`). An update names the version it read, nearly always the stored one, and
 * then `next` is compared as it is, with no copy made to set it.
 */
function sameButVersion(next: ApiObject, old: ApiObject): boolean {
  const version = old.metadata.resourceVersion;
  return jsonEqual(next.metadata.resourceVersion === version ? next : withMeta(next, { resourceVersion: version }), old);
}

const NO_ERRORS: readonly FieldError[] = [];

/**
 * A created object's metadata: the request's, then the identity the server gives it (after the
 * request's keys, unless the request had them already: those keep their place), as a spread
 * would order them. It is copied packed with room for those keys (packed.ts `copyToGrow`) and
 * grown there: in V8 an object that a spread made and that then gains a key gets a hidden class
 * of its own, slow to make (about a microsecond a key) and to read, as every controller reads
 * every pod's metadata. A deletionTimestamp the request carried is dropped, and so is a
 * namespace on a cluster-scoped kind (registry `BeforeCreate`); each is deleted only when the
 * request has it, from a copy onto a fresh literal (intern.ts `withField`), packed afterwards.
 */
function newMeta(copier: PackedCopier, draft: Partial<ObjectMeta>, name: string, namespace: string | undefined, uid: string, creationTimestamp: string): MutableMeta {
  // Nearly every request: no key to drop, so the metadata is packed from the start (copyToGrow).
  const dropsKey = Object.hasOwn(draft, 'deletionTimestamp') || (namespace === undefined && Object.hasOwn(draft, 'namespace'));
  const packed = dropsKey ? undefined : copier.copyToGrow(draft as MutableMeta, namespace === undefined ? CLUSTER_IDENTITY : NAMESPACED_IDENTITY);
  const meta: MutableMeta = packed ?? Object.assign({}, draft as ObjectMeta);
  meta.name = name;
  if (namespace !== undefined) meta.namespace = namespace;
  meta.uid = uid;
  meta.resourceVersion = '0';
  meta.creationTimestamp = creationTimestamp;
  if (packed !== undefined) return packed;
  if (namespace === undefined) without(meta, draft, 'namespace');
  return copier.copy(without(meta, draft, 'deletionTimestamp'));
}

/** The metadata keys a create gives a namespaced object, in the order newMeta sets them. */
const NAMESPACED_IDENTITY: readonly string[] = ['name', 'namespace', 'uid', 'resourceVersion', 'creationTimestamp'];

/** The same for a cluster-scoped object. */
const CLUSTER_IDENTITY: readonly string[] = ['name', 'uid', 'resourceVersion', 'creationTimestamp'];

/**
 * A created object: the request with its new metadata and, for a kind whose Go type has a
 * status, the status it asked for or an empty one (added last when the request had none);
 * other kinds drop a status the request carried. Packed (packed.ts) as stored, so that when the
 * strategies set its fields in place (strategy.ts) the API server stores it without a copy; a
 * request whose status is dropped is copied and trimmed as newMeta is (a deleted key would turn
 * a packed record into a hash table), and packed when stored.
 */
function newObject(copier: PackedCopier, draft: object, metadata: ObjectMeta, withStatus: boolean): object {
  if (!withStatus && Object.hasOwn(draft, 'status')) {
    const obj: Record<string, unknown> = Object.assign({}, draft as Record<string, unknown>);
    obj['metadata'] = metadata;
    return without(obj, draft, 'status');
  }
  const obj = (withStatus ? copyObjectWith(copier, draft, (draft as { status?: unknown }).status ?? {}) : copyObject(copier, draft)) as Record<string, unknown>;
  obj['metadata'] = metadata;
  return obj;
}

/** `obj` (a copy of `source`) without `key`, deleted only when `source` has it. */
function without<T extends object>(obj: T, source: object, key: string): T {
  if (Object.hasOwn(source, key)) delete (obj as Record<string, unknown>)[key];
  return obj;
}

function withMeta<T extends ApiObject>(obj: T, meta: Partial<ObjectMeta>): T {
  return { ...obj, metadata: { ...obj.metadata, ...meta } };
}

