/**
 * `kubectl get pods`: `printPod` of `pkg/printers/internalversion/printers.go`.
 * READY is ready/total containers; STATUS is the reason kubectl derives from the phase, init
 * container and container states, deletion and node loss; RESTARTS adds `(25s ago)` after the
 * newest restart.
 */
import type { Container, ContainerStatus, Pod } from '../../../sim/api/types.js';
import { humanDuration, translateTimestampSince } from '../../format/duration.js';
import type { TableDef } from './types.js';

/** The pod reason the node lifecycle controller sets when it loses the node (`NodeUnreachablePodReason`). */
const NODE_LOST = 'NodeLost';

interface LooseStatus {
  readonly initContainerStatuses?: readonly ContainerStatus[];
  readonly podIPs?: readonly { readonly ip: string }[];
}

/** A sidecar: an init container with `restartPolicy: Always` (`isRestartableInitContainer`). */
function isRestartable(c: Container | undefined): boolean {
  return (c as { restartPolicy?: string } | undefined)?.restartPolicy === 'Always';
}

function finishedAt(s: ContainerStatus): number | undefined {
  const t = s.lastState?.terminated?.finishedAt;
  const ms = t ? Date.parse(t) : NaN;
  return Number.isNaN(ms) ? undefined : ms;
}

export interface PodSummary {
  readonly ready: string;
  readonly status: string;
  readonly restarts: string;
}

/** READY, STATUS and RESTARTS of `printPod`. */
export function podSummary(pod: Pod, now: number): PodSummary {
  const status = pod.status ?? {};
  const loose = status as LooseStatus;
  const initSpecs = new Map((pod.spec.initContainers ?? []).map((c) => [c.name, c] as const));
  const total = pod.spec.containers.length + [...initSpecs.values()].filter(isRestartable).length;
  let ready = 0;
  let restarts = 0;
  let sidecarRestarts = 0;
  let lastRestart: number | undefined;
  let lastSidecarRestart: number | undefined;
  const later = (a: number | undefined, b: number | undefined) => (b !== undefined && (a === undefined || b > a) ? b : a);
  let reason: string = status.reason || status.phase || '';
  for (const c of status.conditions ?? []) {
    if (c.type === 'PodScheduled' && c.reason === 'SchedulingGated') reason = 'SchedulingGated';
  }

  let initializing = false;
  const inits = loose.initContainerStatuses ?? [];
  for (let i = 0; i < inits.length; i++) {
    const c = inits[i]!;
    restarts += c.restartCount;
    lastRestart = later(lastRestart, finishedAt(c));
    const sidecar = isRestartable(initSpecs.get(c.name));
    if (sidecar) {
      sidecarRestarts += c.restartCount;
      lastSidecarRestart = later(lastSidecarRestart, finishedAt(c));
    }
    const term = c.state?.terminated;
    const wait = c.state?.waiting;
    if (term && term.exitCode === 0) continue;
    if (sidecar && c.started) {
      if (c.ready) ready++;
      continue;
    }
    if (term) reason = term.reason ? `Init:${term.reason}` : `Init:ExitCode:${term.exitCode}`;
    else if (wait?.reason && wait.reason !== 'PodInitializing') reason = `Init:${wait.reason}`;
    else reason = `Init:${i}/${initSpecs.size}`;
    initializing = true;
    break;
  }

  const initializedTrue = (status.conditions ?? []).some((c) => c.type === 'Initialized' && c.status === 'True');
  if (!initializing || initializedTrue) {
    restarts = sidecarRestarts;
    lastRestart = lastSidecarRestart;
    let hasRunning = false;
    const statuses = status.containerStatuses ?? [];
    for (let i = statuses.length - 1; i >= 0; i--) {
      const c = statuses[i]!;
      restarts += c.restartCount;
      lastRestart = later(lastRestart, finishedAt(c));
      const wait = c.state?.waiting;
      const term = c.state?.terminated;
      if (wait?.reason) reason = wait.reason;
      else if (term?.reason) reason = term.reason;
      else if (term) reason = `ExitCode:${term.exitCode}`;
      else if (c.ready && c.state?.running) {
        hasRunning = true;
        ready++;
      }
    }
    if (reason === 'Completed' && hasRunning) {
      const podReady = (status.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True');
      reason = podReady ? 'Running' : 'NotReady';
    }
  }

  const terminal = status.phase === 'Succeeded' || status.phase === 'Failed';
  if (pod.metadata.deletionTimestamp && status.reason === NODE_LOST) reason = 'Unknown';
  else if (pod.metadata.deletionTimestamp && !terminal) reason = 'Terminating';

  let restartText = String(restarts);
  if (restarts !== 0 && lastRestart !== undefined) restartText = `${restarts} (${humanDuration(now - lastRestart)} ago)`;
  return { ready: `${ready}/${total}`, status: reason, restarts: restartText };
}

/** The first pod IP (`status.podIPs[0]`, falling back to `status.podIP`). */
export function podIP(pod: Pod): string {
  const ips = (pod.status as LooseStatus | undefined)?.podIPs;
  return ips?.[0]?.ip ?? pod.status?.podIP ?? '';
}

export const POD_TABLE: TableDef<Pod> = {
  columns: ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE'],
  wideColumns: ['NAME', 'READY', 'STATUS', 'RESTARTS', 'AGE', 'IP', 'NODE', 'NOMINATED NODE', 'READINESS GATES'],
  row(pod, { wide, now }) {
    const s = podSummary(pod, now);
    const cells = [pod.metadata.name, s.ready, s.status, s.restarts, translateTimestampSince(pod.metadata.creationTimestamp, now)];
    if (wide) {
      const gates = (pod.spec as { readinessGates?: readonly { conditionType: string }[] }).readinessGates ?? [];
      let gateText = '<none>';
      if (gates.length > 0) {
        const trues = gates.filter((g) => (pod.status?.conditions ?? []).some((c) => c.type === g.conditionType && c.status === 'True'));
        gateText = `${trues.length}/${gates.length}`;
      }
      cells.push(podIP(pod) || '<none>', pod.spec.nodeName || '<none>', pod.status?.nominatedNodeName || '<none>', gateText);
    }
    return cells;
  },
};
