/**
 * NodePorts (`pkg/scheduler/framework/plugins/nodeports`, `PreFilter`/`Filter`/`fitsPorts`, and
 * `framework.HostPortInfo.CheckConflict`): a pod's host ports must be free on the node. A port
 * is (hostIP, protocol, hostPort); an empty hostIP means `0.0.0.0` and an empty protocol `TCP`.
 * `0.0.0.0` conflicts with the same protocol and port on any IP, and any IP conflicts with
 * `0.0.0.0`; otherwise only the exact same triple conflicts. Terminating pods still hold their
 * ports.
 */
import type { Container, Pod } from '../../../api/types.js';
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
export function podHostPorts(pod: Pod): readonly HostPort[] {
  let out: HostPort[] | undefined;
  for (const c of pod.spec.initContainers ?? NO_CONTAINERS) {
    if ((c as { restartPolicy?: string }).restartPolicy === 'Always') out = addHostPorts(out, c, pod.spec.hostNetwork === true);
  }
  for (const c of pod.spec.containers ?? NO_CONTAINERS) out = addHostPorts(out, c, pod.spec.hostNetwork === true);
  // Most pods use no host port: they share one empty list (the kubelet asks per pod too).
  return out ?? NO_PORTS;
}

const NO_CONTAINERS: readonly Container[] = [];
const NO_PORTS: readonly HostPort[] = [];

/** `out` with the container's host ports appended (made on the first one). */
function addHostPorts(out: HostPort[] | undefined, c: Container, hostNetwork: boolean): HostPort[] | undefined {
  for (const p of c.ports ?? []) {
    const port = p.hostPort ?? (hostNetwork ? p.containerPort : 0);
    if (!port || port <= 0) continue;
    (out ??= []).push({ ip: p.hostIP || ANY_IP, protocol: p.protocol || 'TCP', port });
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
