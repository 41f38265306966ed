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
  /** Calls `fn(node)` whenever a kubelet starts, boots or stops. */
  onHeartbeatChange(fn: (node: string) => void): void;
}
