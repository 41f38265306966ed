/**
 * NodePorts (`pkg/scheduler/framework/plugins/nodeports`, `PreFilter`/`Filter`/`fitsPorts`, and
 * `framework.HostPortInfo.CheckConflict`): a pod's host ports must be free on the node. A port
 * is (hostIP, protocol, hostPort); an empty hostIP means `0.0.0.0` and an empty protocol `TCP`.
 * `0.0.0.0` conflicts with the same protocol and port on any IP, and any IP conflicts with
 * `0.0.0.0`; otherwise only the exact same triple conflicts. Terminating pods still hold their
 * ports.
 */
import type { Pod } from '../../../api/types.js';
import type { FilterPlugin, HostPort } from '../framework.js';

export const NODE_PORTS = 'NodePorts';

/** `ErrReason`. */
export const ERR_REASON_PORTS = "node(s) didn't have free ports for the requested pod ports";

const ANY_IP = '0.0.0.0';

/**
 * The host ports a pod uses (`util.GetHostPorts`): container ports with `hostPort > 0`, from
 * regular and restartable init containers. With `hostNetwork: true` an unset hostPort means the
 * container port (what API defaulting writes).
 */
export function podHostPorts(pod: Pod): HostPort[] {
  const out: HostPort[] = [];
  const containers = [...(pod.spec.initContainers ?? []).filter((c) => (c as { restartPolicy?: string }).restartPolicy === 'Always'), ...(pod.spec.containers ?? [])];
  for (const c of containers) {
    for (const p of c.ports ?? []) {
      const port = p.hostPort ?? (pod.spec.hostNetwork ? p.containerPort : 0);
      if (!port || port <= 0) continue;
      out.push({ ip: p.hostIP || ANY_IP, protocol: p.protocol || 'TCP', port });
    }
  }
  return out;
}

/** `HostPortInfo.CheckConflict`. */
export function portsConflict(want: HostPort, used: HostPort): boolean {
  if (want.protocol !== used.protocol || want.port !== used.port) return false;
  return want.ip === ANY_IP || used.ip === ANY_IP || want.ip === used.ip;
}

export function formatHostPort(p: HostPort): string {
  return `${p.ip}:${p.port}/${p.protocol}`;
}

export const nodePorts: FilterPlugin = {
  name: NODE_PORTS,
  filter(state, nodeInfo) {
    if (state.hostPorts.length === 0) return undefined;
    const conflicts: string[] = [];
    for (const pod of nodeInfo.pods()) {
      for (const used of podHostPorts(pod)) {
        for (const want of state.hostPorts) {
          if (portsConflict(want, used)) conflicts.push(`${formatHostPort(want)} (used by ${pod.metadata.namespace ?? ''}/${pod.metadata.name})`);
        }
      }
    }
    if (conflicts.length === 0) return undefined;
    return { plugin: NODE_PORTS, code: 'Unschedulable', reasons: [ERR_REASON_PORTS], conflictingPorts: conflicts };
  },
};
