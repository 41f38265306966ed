/**
 * Readiness probing (pkg/kubelet/prober `worker.run`/`doProbe`), reduced to its timing: a worker
 * starts with the container and probes at once and then every `periodSeconds`; a probe earlier
 * than `initialDelaySeconds` after the start is skipped; readiness turns on after
 * `successThreshold` successes in a row. Without a readiness probe a container is ready as soon
 * as it runs. Periodic probes that change nothing are not simulated (no timers), so a cluster of
 * healthy pods settles.
 */
import type { Probe } from '../../api/types.js';

function periodMs(p: Probe): number {
  return (p.periodSeconds && p.periodSeconds > 0 ? p.periodSeconds : 10) * 1000;
}

/** The first probe that counts: the first tick at or after the initial delay. */
export function firstProbeAt(startedAt: number, p: Probe): number {
  const period = periodMs(p);
  const delay = Math.max(0, p.initialDelaySeconds ?? 0) * 1000;
  return startedAt + Math.ceil(delay / period) * period;
}

/** When readiness passes for a container that started at `startedAt` and keeps passing. */
export function readyAt(startedAt: number, p: Probe | undefined): number {
  if (!p) return startedAt;
  const successes = Math.max(1, p.successThreshold ?? 1);
  return firstProbeAt(startedAt, p) + (successes - 1) * periodMs(p);
}

/** The probe after the one at `t`. */
export function nextProbeAt(t: number, p: Probe): number {
  return t + periodMs(p);
}

function portText(port: unknown): string {
  return typeof port === 'number' || typeof port === 'string' ? String(port) : '0';
}

/**
 * The `Unhealthy` event text of a failing readiness probe, per handler
 * ("Readiness probe failed: HTTP probe failed with statuscode: 503").
 */
export function readinessFailureMessage(p: Probe, podIP: string | undefined): string {
  let output = '';
  if (p.httpGet) output = 'HTTP probe failed with statuscode: 503';
  else if (p.tcpSocket) output = `dial tcp ${podIP ?? ''}:${portText((p.tcpSocket as { port?: unknown }).port)}: connect: connection refused`;
  else if (p.grpc) output = 'service unhealthy (responded with "NOT_SERVING")';
  return `Readiness probe failed: ${output}`;
}
