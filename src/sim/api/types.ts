/**
 * The API objects the simulated cluster stores, with the real Kubernetes field names.
 *
 * Every object is plain, JSON-serialisable data. The engine never mutates a stored object:
 * an update stores a new object, so a snapshot can share objects with the live store.
 * Only the fields the model reads or prints are typed; unknown-but-valid fields that a
 * learner writes (for example `securityContext.capabilities`) are kept as they were written.
 */

export type Labels = Readonly<Record<string, string>>;

/** `metadata.ownerReferences[i]` (apimachinery `OwnerReference`). */
export interface OwnerReference {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly uid: string;
  readonly controller?: boolean;
  readonly blockOwnerDeletion?: boolean;
}

/** `metadata` (apimachinery `ObjectMeta`). Timestamps are RFC3339 strings of the virtual clock. */
export interface ObjectMeta {
  readonly name: string;
  readonly generateName?: string;
  readonly namespace?: string;
  readonly uid: string;
  readonly resourceVersion: string;
  /** Bumped by the API server on every spec change of objects that have a spec generation. */
  readonly generation?: number;
  readonly creationTimestamp: string;
  /** Set by a graceful delete: the time by which the kubelet must have stopped the pod. */
  readonly deletionTimestamp?: string;
  readonly deletionGracePeriodSeconds?: number;
  readonly labels?: Labels;
  readonly annotations?: Labels;
  readonly ownerReferences?: readonly OwnerReference[];
  readonly finalizers?: readonly string[];
}

/** The identity of a stored object: kind, namespace ('' for cluster-scoped) and name. */
export interface ObjectKey {
  readonly kind: Kind;
  readonly namespace: string;
  readonly name: string;
}

export type Kind =
  | 'Namespace'
  | 'Node'
  | 'Pod'
  | 'DaemonSet'
  | 'ControllerRevision'
  | 'PriorityClass'
  | 'Event';

export interface TypeMeta {
  readonly apiVersion: string;
  readonly kind: Kind;
}

// ---------------------------------------------------------------------------------------------
// Selectors, affinity, tolerations, taints

export type LabelSelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist';

export interface LabelSelectorRequirement {
  readonly key: string;
  readonly operator: LabelSelectorOperator;
  readonly values?: readonly string[];
}

/** metav1.LabelSelector: matchLabels and matchExpressions are ANDed. */
export interface LabelSelector {
  readonly matchLabels?: Labels;
  readonly matchExpressions?: readonly LabelSelectorRequirement[];
}

export type NodeSelectorOperator = 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt';

export interface NodeSelectorRequirement {
  readonly key: string;
  readonly operator: NodeSelectorOperator;
  readonly values?: readonly string[];
}

/** One term of a NodeSelector: its expressions and fields are ANDed. */
export interface NodeSelectorTerm {
  readonly matchExpressions?: readonly NodeSelectorRequirement[];
  readonly matchFields?: readonly NodeSelectorRequirement[];
}

/** A NodeSelector: its terms are ORed. */
export interface NodeSelector {
  readonly nodeSelectorTerms: readonly NodeSelectorTerm[];
}

export interface PreferredSchedulingTerm {
  readonly weight: number;
  readonly preference: NodeSelectorTerm;
}

export interface NodeAffinity {
  readonly requiredDuringSchedulingIgnoredDuringExecution?: NodeSelector;
  readonly preferredDuringSchedulingIgnoredDuringExecution?: readonly PreferredSchedulingTerm[];
}

export interface Affinity {
  readonly nodeAffinity?: NodeAffinity;
  readonly podAffinity?: unknown;
  readonly podAntiAffinity?: unknown;
}

export type TaintEffect = 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';

export interface Taint {
  readonly key: string;
  readonly value?: string;
  readonly effect: TaintEffect;
  /** Only set for NoExecute taints added by the node lifecycle controller. */
  readonly timeAdded?: string;
}

export interface Toleration {
  readonly key?: string;
  readonly operator?: 'Exists' | 'Equal';
  readonly value?: string;
  readonly effect?: TaintEffect | '';
  /** Only meaningful with effect NoExecute; nil means "tolerate forever". */
  readonly tolerationSeconds?: number;
}

// ---------------------------------------------------------------------------------------------
// Pods

/** Resource quantities as written (`"100m"`, `"128Mi"`, `2`). Parsed by sim/api/quantity.ts. */
export type ResourceList = Readonly<Record<string, string | number>>;

export interface ResourceRequirements {
  readonly requests?: ResourceList;
  readonly limits?: ResourceList;
}

export interface ContainerPort {
  readonly name?: string;
  readonly containerPort: number;
  readonly hostPort?: number;
  readonly hostIP?: string;
  readonly protocol?: 'TCP' | 'UDP' | 'SCTP';
}

export interface Probe {
  readonly initialDelaySeconds?: number;
  readonly periodSeconds?: number;
  readonly timeoutSeconds?: number;
  readonly successThreshold?: number;
  readonly failureThreshold?: number;
  readonly exec?: unknown;
  readonly httpGet?: unknown;
  readonly tcpSocket?: unknown;
  readonly grpc?: unknown;
}

export interface VolumeMount {
  readonly name: string;
  readonly mountPath: string;
  readonly readOnly?: boolean;
}

export interface SecurityContext {
  readonly privileged?: boolean;
  readonly runAsUser?: number;
  readonly runAsNonRoot?: boolean;
  readonly readOnlyRootFilesystem?: boolean;
  readonly allowPrivilegeEscalation?: boolean;
  readonly capabilities?: { readonly add?: readonly string[]; readonly drop?: readonly string[] };
}

export interface Container {
  readonly name: string;
  readonly image?: string;
  readonly imagePullPolicy?: 'Always' | 'IfNotPresent' | 'Never';
  readonly command?: readonly string[];
  readonly args?: readonly string[];
  readonly ports?: readonly ContainerPort[];
  readonly resources?: ResourceRequirements;
  readonly readinessProbe?: Probe;
  readonly livenessProbe?: Probe;
  readonly startupProbe?: Probe;
  readonly volumeMounts?: readonly VolumeMount[];
  readonly securityContext?: SecurityContext;
  readonly env?: readonly unknown[];
}

export type HostPathType =
  | ''
  | 'DirectoryOrCreate'
  | 'Directory'
  | 'FileOrCreate'
  | 'File'
  | 'Socket'
  | 'CharDevice'
  | 'BlockDevice';

export interface Volume {
  readonly name: string;
  readonly hostPath?: { readonly path: string; readonly type?: HostPathType };
  readonly emptyDir?: Readonly<Record<string, unknown>>;
  readonly configMap?: unknown;
  readonly secret?: unknown;
  readonly projected?: unknown;
  readonly downwardAPI?: unknown;
}

export interface PodSpec {
  readonly nodeName?: string;
  readonly nodeSelector?: Labels;
  readonly affinity?: Affinity;
  readonly tolerations?: readonly Toleration[];
  readonly containers: readonly Container[];
  readonly initContainers?: readonly Container[];
  readonly volumes?: readonly Volume[];
  readonly restartPolicy?: 'Always' | 'OnFailure' | 'Never';
  readonly terminationGracePeriodSeconds?: number;
  readonly activeDeadlineSeconds?: number;
  readonly dnsPolicy?: string;
  readonly schedulerName?: string;
  readonly priorityClassName?: string;
  readonly priority?: number;
  readonly preemptionPolicy?: 'PreemptLowerPriority' | 'Never';
  readonly hostNetwork?: boolean;
  readonly hostPID?: boolean;
  readonly hostIPC?: boolean;
  readonly serviceAccountName?: string;
  /** Deprecated alias of serviceAccountName, still written by the v1 API. */
  readonly serviceAccount?: string;
  readonly automountServiceAccountToken?: boolean;
  readonly securityContext?: Readonly<Record<string, unknown>>;
  readonly enableServiceLinks?: boolean;
}

export type PodPhase = 'Pending' | 'Running' | 'Succeeded' | 'Failed' | 'Unknown';

export type ConditionStatus = 'True' | 'False' | 'Unknown';

export interface PodCondition {
  readonly type: 'PodScheduled' | 'Initialized' | 'ContainersReady' | 'Ready' | 'DisruptionTarget' | 'PodReadyToStartContainers';
  readonly status: ConditionStatus;
  readonly lastProbeTime?: string | null;
  readonly lastTransitionTime?: string;
  readonly reason?: string;
  readonly message?: string;
}

export interface ContainerState {
  readonly waiting?: { readonly reason?: string; readonly message?: string };
  readonly running?: { readonly startedAt?: string };
  readonly terminated?: {
    readonly exitCode: number;
    readonly reason?: string;
    readonly message?: string;
    readonly startedAt?: string;
    readonly finishedAt?: string;
  };
}

export interface ContainerStatus {
  readonly name: string;
  readonly image: string;
  readonly imageID: string;
  readonly ready: boolean;
  readonly started?: boolean;
  readonly restartCount: number;
  readonly state: ContainerState;
  readonly lastState: ContainerState;
  readonly containerID?: string;
}

export interface PodStatus {
  readonly phase?: PodPhase;
  readonly conditions?: readonly PodCondition[];
  readonly containerStatuses?: readonly ContainerStatus[];
  /** Init containers, in spec order (a completed one stays terminated with reason Completed). */
  readonly initContainerStatuses?: readonly ContainerStatus[];
  readonly hostIP?: string;
  /** Since v1.28 the kubelet also lists the addresses (one each on a single-stack cluster). */
  readonly hostIPs?: readonly { readonly ip: string }[];
  readonly podIP?: string;
  readonly podIPs?: readonly { readonly ip: string }[];
  readonly startTime?: string;
  readonly qosClass?: 'Guaranteed' | 'Burstable' | 'BestEffort';
  readonly nominatedNodeName?: string;
  readonly reason?: string;
  readonly message?: string;
}

export interface Pod extends TypeMeta {
  readonly kind: 'Pod';
  readonly metadata: ObjectMeta;
  readonly spec: PodSpec;
  readonly status: PodStatus;
}

export interface PodTemplateSpec {
  readonly metadata?: Partial<Pick<ObjectMeta, 'labels' | 'annotations' | 'name' | 'finalizers'>>;
  readonly spec: PodSpec;
}

// ---------------------------------------------------------------------------------------------
// Nodes

export interface NodeCondition {
  readonly type: string;
  readonly status: ConditionStatus;
  readonly lastHeartbeatTime?: string;
  readonly lastTransitionTime?: string;
  readonly reason?: string;
  readonly message?: string;
}

export interface NodeSpec {
  readonly unschedulable?: boolean;
  readonly taints?: readonly Taint[];
  readonly podCIDR?: string;
  /** The node's pod ranges; on a single-stack cluster, `[podCIDR]`. */
  readonly podCIDRs?: readonly string[];
  readonly providerID?: string;
}

export interface NodeAddress {
  readonly type: 'InternalIP' | 'Hostname' | 'ExternalIP';
  readonly address: string;
}

export interface NodeStatus {
  readonly capacity?: ResourceList;
  readonly allocatable?: ResourceList;
  readonly conditions?: readonly NodeCondition[];
  readonly addresses?: readonly NodeAddress[];
  readonly nodeInfo?: Readonly<Record<string, string>>;
}

export interface Node extends TypeMeta {
  readonly kind: 'Node';
  readonly metadata: ObjectMeta;
  readonly spec: NodeSpec;
  readonly status: NodeStatus;
}

// ---------------------------------------------------------------------------------------------
// DaemonSets and history

export type IntOrString = number | string;

export interface RollingUpdateDaemonSet {
  readonly maxUnavailable?: IntOrString;
  readonly maxSurge?: IntOrString;
}

export interface DaemonSetUpdateStrategy {
  readonly type?: 'RollingUpdate' | 'OnDelete';
  readonly rollingUpdate?: RollingUpdateDaemonSet;
}

export interface DaemonSetSpec {
  readonly selector: LabelSelector;
  readonly template: PodTemplateSpec;
  readonly updateStrategy?: DaemonSetUpdateStrategy;
  readonly minReadySeconds?: number;
  readonly revisionHistoryLimit?: number;
}

export interface DaemonSetCondition {
  readonly type: string;
  readonly status: ConditionStatus;
  readonly lastTransitionTime?: string;
  readonly reason?: string;
  readonly message?: string;
}

/** apps/v1 DaemonSetStatus, computed exactly as `updateDaemonSetStatus` does. */
export interface DaemonSetStatus {
  readonly currentNumberScheduled: number;
  readonly numberMisscheduled: number;
  readonly desiredNumberScheduled: number;
  readonly numberReady: number;
  readonly observedGeneration?: number;
  readonly updatedNumberScheduled?: number;
  readonly numberAvailable?: number;
  readonly numberUnavailable?: number;
  readonly collisionCount?: number;
  readonly conditions?: readonly DaemonSetCondition[];
}

export interface DaemonSet extends TypeMeta {
  readonly kind: 'DaemonSet';
  readonly metadata: ObjectMeta;
  readonly spec: DaemonSetSpec;
  readonly status: DaemonSetStatus;
}

/** apps/v1 ControllerRevision: `data` is the strategic-merge patch `{spec:{template:{...,$patch:replace}}}`. */
export interface ControllerRevision extends TypeMeta {
  readonly kind: 'ControllerRevision';
  readonly metadata: ObjectMeta;
  readonly data: unknown;
  readonly revision: number;
}

// ---------------------------------------------------------------------------------------------
// Others

export interface Namespace extends TypeMeta {
  readonly kind: 'Namespace';
  readonly metadata: ObjectMeta;
  readonly spec: { readonly finalizers?: readonly string[] };
  readonly status: { readonly phase: 'Active' | 'Terminating'; readonly conditions?: readonly NamespaceCondition[] };
}

/** `NamespaceCondition`: what the namespace controller reports while it deletes the content. */
export interface NamespaceCondition {
  readonly type: string;
  readonly status: 'True' | 'False' | 'Unknown';
  readonly lastTransitionTime?: string;
  readonly reason?: string;
  readonly message?: string;
}

export interface PriorityClass extends TypeMeta {
  readonly kind: 'PriorityClass';
  readonly metadata: ObjectMeta;
  readonly value: number;
  readonly globalDefault?: boolean;
  readonly preemptionPolicy?: 'PreemptLowerPriority' | 'Never';
  readonly description?: string;
}

export interface ObjectReference {
  readonly kind: string;
  readonly namespace?: string;
  readonly name: string;
  readonly uid?: string;
  readonly apiVersion?: string;
  readonly resourceVersion?: string;
  readonly fieldPath?: string;
}

/** core/v1 Event, as the event recorder writes it (with repeat aggregation into `count`). */
export interface KubeEvent extends TypeMeta {
  readonly kind: 'Event';
  readonly metadata: ObjectMeta;
  readonly involvedObject: ObjectReference;
  readonly reason: string;
  readonly message: string;
  readonly type: 'Normal' | 'Warning';
  /** `{}` for events written through events.k8s.io/v1 (the scheduler's). */
  readonly source: { readonly component?: string; readonly host?: string };
  /** null (a zero `metav1.Time`) for events.k8s.io/v1 events. */
  readonly firstTimestamp: string | null;
  readonly lastTimestamp: string | null;
  /** Absent (0, omitempty) for events.k8s.io/v1 events. */
  readonly count?: number;
  /**
   * `metav1.MicroTime` (RFC3339 with microseconds): set by the events.k8s.io/v1 recorder; the
   * core/v1 recorder leaves it zero, written as null.
   */
  readonly eventTime?: string | null;
  /** events.k8s.io/v1 `series`: the isomorphic repeats of this event. */
  readonly series?: { readonly count: number; readonly lastObservedTime: string };
  /** events.k8s.io/v1 `action` (`Scheduling`, `Binding`, `Preempting`). */
  readonly action?: string;
  /** events.k8s.io/v1 `related` (the preemptor of a `Preempted` event). */
  readonly related?: ObjectReference;
  readonly reportingComponent?: string;
  /** The source host (the node, for kubelet events); '' for controllers. Never omitted. */
  readonly reportingInstance?: string;
}

export type ApiObject = Namespace | Node | Pod | DaemonSet | ControllerRevision | PriorityClass | KubeEvent;

/** Maps a Kind to its object type. */
export interface KindMap {
  Namespace: Namespace;
  Node: Node;
  Pod: Pod;
  DaemonSet: DaemonSet;
  ControllerRevision: ControllerRevision;
  PriorityClass: PriorityClass;
  Event: KubeEvent;
}

/** Kinds that live in a namespace; the others are cluster-scoped. */
export const NAMESPACED_KINDS: ReadonlySet<Kind> = new Set<Kind>(['Pod', 'DaemonSet', 'ControllerRevision', 'Event']);
