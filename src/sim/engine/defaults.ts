/**
 * Every timing the simulation makes up, in one place. Upstream durations (grace periods,
 * backoffs, node-monitor grace) follow Kubernetes; the others (boot, pull, start) stand in for
 * real machines and registries and are chosen to be short but visible.
 *
 * All values are seconds unless the name says otherwise.
 */
export interface SimDefaults {
  /** A node added with `sim node add` reports Ready this long after it registers. */
  readonly nodeBootSeconds: number;
  /** Pulling an image that is not yet on the node. Later pulls of it on that node are instant. */
  readonly imagePullSeconds: number;
  /** From image present to container running. */
  readonly containerStartSeconds: number;
  /** A container with behaviour `crash` exits this long after it starts (exit code 1). */
  readonly crashAfterSeconds: number;
  /** Kubelet CrashLoopBackOff and ImagePullBackOff: first delay, doubling to the cap. */
  readonly backOffInitialSeconds: number;
  readonly backOffMaxSeconds: number;
  /** kube-controller-manager `--node-monitor-grace-period` (50 s since v1.32). */
  readonly nodeMonitorGracePeriodSeconds: number;
  /** DefaultTolerationSeconds admission plugin: not-ready/unreachable tolerations of ordinary pods. */
  readonly defaultTolerationSeconds: number;
  /** Pod `terminationGracePeriodSeconds` when unset (API default). Simulated containers ignore
   * SIGTERM, so a graceful delete on a healthy node always takes the whole grace period. */
  readonly terminationGracePeriodSeconds: number;
  /** Pod GC deletes pods bound to a deleted node this long after the node is gone (quarantine). */
  readonly podGCOrphanSeconds: number;
  /** kube-apiserver `--event-ttl`: an Event is removed this long after its last write. */
  readonly eventTTLSeconds: number;
  /** Default capacity of `sim node add`. */
  readonly nodeCpu: string;
  readonly nodeMemory: string;
  readonly nodePods: number;
}

export const SIM_DEFAULTS: SimDefaults = {
  nodeBootSeconds: 10,
  imagePullSeconds: 5,
  containerStartSeconds: 1,
  crashAfterSeconds: 3,
  backOffInitialSeconds: 10,
  backOffMaxSeconds: 300,
  nodeMonitorGracePeriodSeconds: 50,
  defaultTolerationSeconds: 300,
  terminationGracePeriodSeconds: 30,
  podGCOrphanSeconds: 40,
  eventTTLSeconds: 3600,
  nodeCpu: '4',
  nodeMemory: '8Gi',
  nodePods: 110,
};
