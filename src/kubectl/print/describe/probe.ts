/**
 * describe.go's `DescribeProbe`: `http-get http://:8080/healthz delay=0s timeout=1s period=10s
 * #success=1 #failure=3`. Unset numbers print as the API server's defaults (timeout 1s, period
 * 10s, success 1, failure 3; scheme HTTP), which is what a stored probe carries.
 */
import type { Probe } from '../../../sim/api/types.js';

interface HttpGet {
  readonly path?: string;
  readonly port?: number | string;
  readonly host?: string;
  readonly scheme?: string;
}

export function describeProbe(p: Probe): string {
  const attrs =
    `delay=${p.initialDelaySeconds ?? 0}s timeout=${p.timeoutSeconds ?? 1}s period=${p.periodSeconds ?? 10}s ` +
    `#success=${p.successThreshold ?? 1} #failure=${p.failureThreshold ?? 3}`;
  if (p.exec) {
    const cmd = (p.exec as { command?: readonly string[] }).command ?? [];
    return `exec [${cmd.join(' ')}] ${attrs}`;
  }
  if (p.httpGet) {
    const h = p.httpGet as HttpGet;
    const port = h.port === undefined ? '' : String(h.port);
    const hostPart = port ? `${h.host?.includes(':') ? `[${h.host}]` : (h.host ?? '')}:${port}` : (h.host ?? '');
    const path = h.path ?? '';
    return `http-get ${(h.scheme ?? 'HTTP').toLowerCase()}://${hostPart}${path} ${attrs}`;
  }
  if (p.tcpSocket) {
    const t = p.tcpSocket as { host?: string; port?: number | string };
    return `tcp-socket ${t.host ?? ''}:${t.port ?? ''} ${attrs}`;
  }
  if (p.grpc) {
    const g = p.grpc as { port: number; service?: string };
    return `grpc <pod>:${g.port} ${g.service ?? ''} ${attrs}`;
  }
  return `unknown ${attrs}`;
}
