/**
 * The options of `kubectl logs` (kubectl 1.32 `pkg/cmd/logs/logs.go`): the typed flag values as
 * pflag parses them, the `PodLogOptions` `Complete` builds (`GetPodRunningTimeoutFlag`,
 * `ToLogOptions`) and `Validate`'s checks, each with kubectl's own message.
 */
import { rfc3339Error } from '../../manifest/gotime.js';
import { goQuote } from '../../sim/api/goquote.js';
import { parseDuration } from '../../sim/engine/time.js';
import { flagBool, flagString, parseGoIntFlag, type ParsedFlags } from '../flags.js';

/** `defaultPodLogsTimeout`: how long a TYPE/NAME waits for a first pod. */
const DEFAULT_POD_RUNNING_TIMEOUT_MS = 20_000;

/** `selectorTail`: with a selector and no `--tail`, each container's last 10 lines. */
const SELECTOR_TAIL = 10;

/** The values of the int and duration flags, the last occurrence of each winning. */
export interface LogFlagValues {
  readonly tail: number;
  readonly limitBytes: number;
  /** `--since` as given (ms), before it is rounded to seconds. */
  readonly sinceMs: number;
  readonly podRunningTimeoutMs: number;
  /** `--max-log-requests`: how many streams `-f` may follow at once. */
  readonly maxLogRequests: number;
}

/**
 * pflag's parse of the int and duration flags, in command-line order: the first bad value is the
 * error cobra prints (`strconv.ParseInt` for ints, `time.ParseDuration` for durations).
 */
export function logFlagValues(flags: ParsedFlags): LogFlagValues | { error: string } {
  let tail = -1;
  let limitBytes = 0;
  let sinceMs = 0;
  let podRunningTimeoutMs = DEFAULT_POD_RUNNING_TIMEOUT_MS;
  let maxLogRequests = 5;
  for (const [name, text] of flags.visited) {
    if (name === 'tail' || name === 'limit-bytes' || name === 'max-log-requests') {
      const n = parseGoIntFlag('logs', name, text);
      if (typeof n !== 'number') return n;
      if (name === 'tail') tail = n;
      if (name === 'limit-bytes') limitBytes = n;
      if (name === 'max-log-requests') maxLogRequests = n;
    } else if (name === 'since' || name === 'pod-running-timeout') {
      const ms = parseDuration(text);
      if (typeof ms !== 'number') {
        return { error: `error: invalid argument ${goQuote(text)} for "--${name}" flag: ${ms.error}\nSee 'kubectl logs --help' for usage.` };
      }
      if (name === 'since') sinceMs = ms;
      else podRunningTimeoutMs = ms;
    }
  }
  return { tail, limitBytes, sinceMs, podRunningTimeoutMs, maxLogRequests };
}

/** `corev1.PodLogOptions` as kubectl sends it: absent fields are left out of the request. */
export interface PodLogOptions {
  /** The container of `-c` or the inline CONTAINER argument; '' lets each pod default it. */
  readonly container: string;
  readonly previous: boolean;
  readonly timestamps: boolean;
  readonly tailLines?: number;
  readonly limitBytes?: number;
  readonly sinceSeconds?: number;
  /** Virtual ms, at whole seconds: the request carries a `metav1.Time`, which drops the fraction. */
  readonly sinceTime?: number;
}

/** `Time.Round(time.Second)`: to the nearest second, halves away from zero. */
function roundToSeconds(ms: number): number {
  const seconds = Math.floor(Math.abs(ms) / 1000 + 0.5);
  return ms < 0 ? -seconds : seconds;
}

/** The instant of an RFC 3339 text `rfc3339Error` accepts, truncated to its second. */
function secondOf(text: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{1,2}):(\d{2}):(\d{2})(?:[.,]\d+)?(?:Z|([+-])(\d{2}):(\d{2}))$/.exec(text)!;
  const n = (i: number): number => Number(m[i]);
  const offsetMin = m[7] === undefined ? 0 : (m[7] === '-' ? -1 : 1) * (n(8) * 60 + n(9));
  return Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6)) - offsetMin * 60_000;
}

/**
 * `Complete` from `GetPodRunningTimeoutFlag` on (`--pod-running-timeout must be higher than zero`)
 * and `ToLogOptions`: `--since-time` parsed by `util.ParseRFC3339` (Go's `time.Parse` error),
 * `--limit-bytes` sent unless 0, `--since` rounded to seconds and sent unless 0, the tail sent
 * when given (10 by default with a selector).
 */
export function toLogOptions(flags: ParsedFlags, values: LogFlagValues, container: string): PodLogOptions | { error: string } {
  if (values.podRunningTimeoutMs <= 0) return { error: 'error: --pod-running-timeout must be higher than zero' };
  const sinceTimeText = flagString(flags, 'since-time') ?? '';
  let sinceTime: number | undefined;
  if (sinceTimeText !== '') {
    const bad = rfc3339Error(sinceTimeText);
    if (bad !== undefined) return { error: `error: ${bad}` };
    sinceTime = secondOf(sinceTimeText);
  }
  const tailSpecified = flags.visited.some(([name]) => name === 'tail');
  const selector = flagString(flags, 'selector') ?? '';
  const tailLines = selector !== '' && values.tail === -1 && !tailSpecified ? SELECTOR_TAIL : values.tail !== -1 ? values.tail : undefined;
  return {
    container,
    previous: flagBool(flags, 'previous'),
    timestamps: flagBool(flags, 'timestamps'),
    ...(tailLines !== undefined ? { tailLines } : {}),
    ...(values.limitBytes !== 0 ? { limitBytes: values.limitBytes } : {}),
    ...(values.sinceMs !== 0 ? { sinceSeconds: roundToSeconds(values.sinceMs) } : {}),
    ...(sinceTime !== undefined ? { sinceTime } : {}),
  };
}

/** `Validate`, in its order; `inlineContainer` is the CONTAINER argument after the POD. */
export function validateLogOptions(flags: ParsedFlags, values: LogFlagValues, o: PodLogOptions, inlineContainer: boolean): string | undefined {
  if ((flagString(flags, 'since-time') ?? '') !== '' && values.sinceMs !== 0) return 'error: at most one of `sinceTime` or `sinceSeconds` may be specified';
  if (flagBool(flags, 'all-containers') && o.container !== '') return `error: --all-containers=true should not be specified with container name ${o.container}`;
  if (flags.values.has('container') && inlineContainer) return 'error: only one of -c or an inline [CONTAINER] arg is allowed';
  if (values.limitBytes < 0) return 'error: --limit-bytes must be greater than 0';
  if (o.sinceSeconds !== undefined && o.sinceSeconds < 0) return 'error: --since must be greater than 0';
  if (o.tailLines !== undefined && o.tailLines < -1) return 'error: --tail must be greater than or equal to -1';
  return undefined;
}
