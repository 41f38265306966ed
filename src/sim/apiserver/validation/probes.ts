/**
 * Probe validation: core `validateProbe`, `validateHandler` (exactly one handler),
 * `validateExecAction`, `validateHTTPGetAction`, `ValidatePortNumOrName`, plus the liveness and
 * startup rule `successThreshold must be 1`.
 */
import type { Probe } from '../../api/types.js';
import { child, forbidden, goValue, invalid, nonNegative, required, unsupported, type FieldError } from './field.js';

const HANDLERS = ['exec', 'httpGet', 'tcpSocket', 'grpc'] as const;

/** `livenessOrStartup`: true for liveness and startup probes (successThreshold must be 1). */
export function validateProbe(probe: Probe | undefined, path: string, livenessOrStartup: boolean): FieldError[] {
  if (!probe) return [];
  const errs: FieldError[] = [];
  let count = 0;
  for (const h of HANDLERS) {
    const action = probe[h] as Record<string, unknown> | undefined | null;
    if (action === undefined || action === null) continue;
    if (count > 0) {
      errs.push(forbidden(child(path, h), 'may not specify more than 1 handler type'));
      continue;
    }
    count++;
    errs.push(...validateAction(h, action, child(path, h)));
  }
  if (count === 0) errs.push(required(path, 'must specify a handler type'));
  errs.push(...nonNegative(probe.initialDelaySeconds, child(path, 'initialDelaySeconds')));
  errs.push(...nonNegative(probe.timeoutSeconds, child(path, 'timeoutSeconds')));
  errs.push(...nonNegative(probe.periodSeconds, child(path, 'periodSeconds')));
  errs.push(...nonNegative(probe.successThreshold, child(path, 'successThreshold')));
  errs.push(...nonNegative(probe.failureThreshold, child(path, 'failureThreshold')));
  if (livenessOrStartup && (probe.successThreshold ?? 1) !== 1) {
    errs.push(invalid(child(path, 'successThreshold'), goValue(probe.successThreshold ?? 0), 'must be 1'));
  }
  return errs;
}

function validateAction(h: (typeof HANDLERS)[number], a: Record<string, unknown>, path: string): FieldError[] {
  switch (h) {
    case 'exec':
      return Array.isArray(a['command']) && a['command'].length > 0 ? [] : [required(child(path, 'command'))];
    case 'httpGet': {
      const errs: FieldError[] = [];
      if (!a['path']) errs.push(required(child(path, 'path')));
      errs.push(...validatePortNumOrName(a['port'], child(path, 'port')));
      const scheme = String(a['scheme'] ?? '');
      if (scheme !== 'HTTP' && scheme !== 'HTTPS') errs.push(unsupported(child(path, 'scheme'), goValue(scheme), ['HTTP', 'HTTPS']));
      return errs;
    }
    case 'tcpSocket':
    case 'grpc':
      return validatePortNumOrName(a['port'], child(path, 'port'));
  }
}

/** `ValidatePortNumOrName`: 1-65535, or an IANA service name. */
function validatePortNumOrName(port: unknown, path: string): FieldError[] {
  if (typeof port === 'number') {
    return Number.isInteger(port) && port >= 1 && port <= 65535 ? [] : [invalid(path, goValue(port), 'must be between 1 and 65535, inclusive')];
  }
  const name = typeof port === 'string' ? port : '';
  if (name.length === 0 || name.length > 15 || !/^[-a-z0-9]+$/.test(name) || !/[a-z]/.test(name)) {
    return [invalid(path, goValue(name), 'must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)')];
  }
  return [];
}
