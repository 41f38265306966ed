/**
 * How the node lifecycle controller learns whether a kubelet is alive. Upstream it compares the
 * Ready condition's heartbeat and the node's Lease renewals against its own clock every
 * `--node-monitor-period`; the simulation does not tick heartbeats, so the kubelet model reports
 * the state of each machine's kubelet instead, and says when it changes.
 */

export type Heartbeat =
  /** The kubelet runs but its runtime network is not up yet (posts Ready=False). */
  | { readonly state: 'booting' }
  /** The kubelet runs and posts status: its health signal is always fresh. */
  | { readonly state: 'running' }
  /** The kubelet stopped posting at `since` (virtual ms). */
  | { readonly state: 'stopped'; readonly since: number };

export interface HeartbeatSource {
  /** The kubelet of this node, or undefined when no kubelet ever runs there. */
  heartbeat(node: string): Heartbeat | undefined;
  /** Calls `listener.heartbeatChanged(node)` whenever a kubelet starts, boots or stops. */
  onHeartbeatChange(listener: HeartbeatListener): void;
}

/**
 * Who is told of heartbeat changes: an object with a method rather than a callback, so every
 * cluster's source calls the same function. A closure made per cluster was a new call target at
 * each new cluster, and the kubelet's optimised sync, which had inlined the warm-up's, was thrown
 * away at a big build's first change (wrong call target).
 */
export interface HeartbeatListener {
  heartbeatChanged(node: string): void;
}
