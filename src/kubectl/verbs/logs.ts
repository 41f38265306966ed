/**
 * `kubectl logs (POD | TYPE/NAME) [CONTAINER] [-c NAME] [-p] [--tail N] [--timestamps] [--since D |
 * --since-time T] [--limit-bytes N] [--all-containers] [--all-pods] [--prefix] [-l SELECTOR] [-n NS]`
 * (kubectl 1.32 `pkg/cmd/logs/logs.go`: `Complete`, `Validate`, `RunLogs`,
 * `sequentialConsumeRequest`, `addPrefixIfNeeded`; polymorphichelpers `logsForObjectWithClient`;
 * podcmd `FindContainerByName`, `AllContainerNames`), reading the simulated logs the kubelet derives
 * (sim/controllers/kubelet/logs.ts) as the kubelet serves them (logs-read.ts).
 *
 * - Errors come in kubectl's order: flag values (logs-options.ts), the argument count, `Complete`
 *   (`--pod-running-timeout`, `--since-time`, the object: logs-target.ts), `Validate`, then the
 *   pods of the object and each log request.
 * - `TYPE/NAME` of a DaemonSet reads its pod best for logging, saying which on stderr when it has
 *   several, or waits (on the virtual clock, up to `--pod-running-timeout`) for a first one;
 *   `--all-pods` reads every pod and turns `--prefix` on (logs-target.ts). A kind without a pod
 *   selector is kubectl's error.
 * - Without a container name a pod's `kubectl.kubernetes.io/default-container` annotation names
 *   it (with kubectl's notice if it names no container), else the first container is read, with
 *   the "Defaulted container" notice on stderr when the pod has more than one container (init
 *   containers count), not with `--all-pods`.
 * - The API server returns nothing for a pod not bound to a node yet, and refuses a `--since`
 *   that rounds to 0 seconds (`sinceSeconds` must be greater than 0); a node whose kubelet is
 *   stopped (`sim node fail`) cannot be reached; the kubelet's own refusals (waiting to start, no
 *   previous instance) are BadRequest errors.
 * - The kubelet applies `--tail` (the last N lines of each container), then `--since` /
 *   `--since-time` (lines written before are skipped), writes `--timestamps` (RFC 3339, nine
 *   fractional digits) and cuts the output at `--limit-bytes` (logs-read.ts).
 * - `--prefix` adds `[pod/NAME/CONTAINER] ` to every line kubectl reads, a line cut short by
 *   `--limit-bytes` too. `--all-containers` reads init containers, then containers, in spec order
 *   (kubectl visits them in Go's random map order).
 * - `-l SELECTOR` reads every matching pod of the namespace (by name; kubectl's map order is
 *   random), each pod's default container (its notice per pod) or `-c`, the last 10 lines of each
 *   unless `--tail` is given, one after another, unprefixed unless `--prefix`. A selector with a
 *   POD argument is a usage error; no match prints "No resources found in NS namespace." and
 *   succeeds.
 * - `-f` follows each log while the clock runs (logs-follow.ts), at most `--max-log-requests`
 *   (default 5) streams at once.
 *
 * - `--ignore-errors`: a request that fails (a kubelet that does not answer, a container not
 *   started) prints `error: ...` among the logs, and the others are still read (exit 0).
 *   `--insecure-skip-tls-verify-backend` is accepted: there is no kubelet certificate to skip.
 *
 */
import { goQuote } from '../../sim/api/goquote.js';
import type { Pod } from '../../sim/api/types.js';
import { invalid } from '../../sim/apiserver/errors.js';
import type { Kubelet } from '../../sim/controllers/kubelet/kubelet.js';
import { containerLog, type LogLine } from '../../sim/controllers/kubelet/logs.js';
import type { Verb, VerbContext } from '../context.js';
import { flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail, invalidError, type ExecResult } from '../result.js';
import { logFlagValues, toLogOptions, validateLogOptions, type PodLogOptions } from './logs-options.js';
import { followLogs, prefixed } from './logs-follow.js';
import { readLogs } from './logs-read.js';
import { logsObject, podsForObject } from './logs-target.js';
import { commandNamespace } from './targets.js';
import { parseRequestTimeout } from './watch-clock.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'container', short: 'c', type: 'string' },
  { name: 'previous', short: 'p', type: 'bool' },
  { name: 'tail', type: 'int', default: '-1' },
  { name: 'timestamps', type: 'bool' },
  { name: 'since', type: 'duration', default: '0s' },
  { name: 'since-time', type: 'string' },
  { name: 'limit-bytes', type: 'int', default: '0' },
  { name: 'all-containers', type: 'bool' },
  { name: 'all-pods', type: 'bool' },
  { name: 'prefix', type: 'bool' },
  { name: 'follow', short: 'f', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'max-log-requests', type: 'int', default: '5' },
  { name: 'pod-running-timeout', type: 'duration', default: '20s' },
  { name: 'ignore-errors', type: 'bool' },
  { name: 'insecure-skip-tls-verify-backend', type: 'bool' },
];

/** podcmd `DefaultContainerAnnotationName`. */
const DEFAULT_CONTAINER_ANNOTATION = 'kubectl.kubernetes.io/default-container';

const USAGE = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";
const SEE_HELP = "\nSee 'kubectl logs -h' for help and examples";

/** `FindContainerByName` / `AllContainerNames`. */
function containerNames(pod: Pod): { all: string[]; listed: string } {
  const inits = (pod.spec.initContainers ?? []).map((c) => c.name);
  const regular = pod.spec.containers.map((c) => c.name);
  return { all: [...inits, ...regular], listed: [...regular, ...inits.map((n) => `${n} (init)`)].join(', ') };
}

/**
 * The container a pod's log is read from when none is named (`logsForObjectWithClient`): the one
 * its default-container annotation names, else the first, with the notices kubectl writes.
 */
function defaultContainer(pod: Pod, allPods: boolean): { container: string; stderr: string } {
  const names = containerNames(pod);
  const annotated = pod.metadata.annotations?.[DEFAULT_CONTAINER_ANNOTATION] ?? '';
  let stderr = '';
  if (annotated !== '') {
    if (names.all.includes(annotated)) return { container: annotated, stderr };
    stderr += `Default container name ${goQuote(annotated)} not found in pod ${pod.metadata.name}\n`;
  }
  const container = pod.spec.containers[0]!.name;
  if (names.all.length > 1 && !allPods) stderr += `Defaulted container "${container}" out of: ${names.listed}\n`;
  return { container, stderr };
}

/** A failed log request: as CheckErr prints it, and the error's own text (`%v`, what --ignore-errors prints). */
interface LogRequestError {
  readonly error: string;
  readonly message: string;
}

/**
 * The lines of one container as the API server relays them, or the error it answers: its own
 * validation of the options (`ValidatePodLogOptions`) first, then the node's kubelet.
 */
function readContainer(ctx: VerbContext, pod: Pod, container: string, o: PodLogOptions): LogLine[] | LogRequestError {
  if (o.sinceSeconds === 0) {
    const cause = { field: 'sinceSeconds', message: 'sinceSeconds: Invalid value: 0: must be greater than 0' };
    const err = invalid('PodLogOptions', pod.metadata.name, [cause]);
    return { error: invalidError(err), message: err.message };
  }
  const node = pod.spec.nodeName;
  if (!node) return [];
  const kubelet = ctx.cluster.controller<Kubelet>('kubelet');
  if (!kubelet?.heartbeat(node) || kubelet.heartbeat(node)?.state === 'stopped') {
    const ip = pod.status.hostIP ?? kubelet?.machine(node)?.name ?? node;
    const url = `https://${ip}:10250/containerLogs/${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}/${container}`;
    const message = `Get "${url}": dial tcp ${ip}:10250: connect: connection refused`;
    return { error: `Error from server: ${message}`, message };
  }
  const lines = containerLog(pod, { container, previous: o.previous, behaviours: kubelet.imageBehaviours(), now: ctx.cluster.now });
  return 'error' in lines ? { error: `Error from server (BadRequest): ${lines.error}`, message: lines.error } : lines;
}

export const logs: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'logs');
  if ('error' in flags) return fail(flags.error);
  const values = logFlagValues(flags);
  if ('error' in values) return fail(values.error);
  const follow = flagBool(flags, 'follow');
  const timeoutMs = parseRequestTimeout(flagString(flags, 'request-timeout') ?? '0');
  if (typeof timeoutMs !== 'number') return fail(timeoutMs.error);
  const args = flags.args;
  const selector = flagString(flags, 'selector') ?? '';
  if ((args.length === 0 && !selector) || args.length > 2) return fail(`error: ${USAGE}${SEE_HELP}`);
  if (args.length === 1 && selector) return fail(`error: only a selector (-l) or a POD name is allowed${SEE_HELP}`);
  const allPods = flagBool(flags, 'all-pods');
  // An inline CONTAINER replaces -c (Validate then refuses the pair).
  const options = toLogOptions(flags, values, args[1] ?? flagString(flags, 'container') ?? '');
  if ('error' in options) return fail(options.error);
  const namespace = commandNamespace(flags).namespace;
  const object = logsObject(ctx, args, selector, namespace);
  if ('error' in object) return fail(object.error);
  let stderr = selector && 'pods' in object && object.pods.length === 0 ? `No resources found in ${namespace} namespace.\n` : '';
  const failed = (message: string, stdout = ''): ExecResult => ({ exitCode: 1, stdout, stderr: `${stderr}${message}\n` });
  const invalidOptions = validateLogOptions(flags, values, options, args.length === 2);
  if (invalidOptions) return failed(invalidOptions);
  const found = podsForObject(ctx, object, allPods, values.podRunningTimeoutMs);
  if ('error' in found) return failed(found.error);
  stderr += found.stderr;
  // Every request is made (and every container name checked) before any log is read.
  const requests: { pod: Pod; container: string }[] = [];
  for (const pod of found.pods) {
    const names = containerNames(pod);
    if (flagBool(flags, 'all-containers')) requests.push(...names.all.map((container) => ({ pod, container })));
    else if (options.container) {
      if (!names.all.includes(options.container)) return failed(`error: container ${options.container} is not valid for pod ${pod.metadata.name}`);
      requests.push({ pod, container: options.container });
    } else {
      const picked = defaultContainer(pod, allPods);
      stderr += picked.stderr;
      requests.push({ pod, container: picked.container });
    }
  }
  const prefix = flagBool(flags, 'prefix') || allPods;
  if (follow) {
    if (requests.length > 1 && requests.length > values.maxLogRequests) {
      return failed(`error: you are attempting to follow ${requests.length} log streams, but maximum allowed concurrency is ${values.maxLogRequests}, use --max-log-requests to increase the limit`);
    }
    const streams = requests.map(({ pod, container }) => ({ pod, container, prefix: prefix ? `[pod/${pod.metadata.name}/${container}] ` : '' }));
    return followLogs(ctx, streams, options, (pod, container, o) => readContainer(ctx, pod, container, o), { timeoutMs, ignoreErrors: flagBool(flags, 'ignore-errors'), stderr });
  }
  let stdout = '';
  for (const { pod, container } of requests) {
    const lines = readContainer(ctx, pod, container, options);
    if ('error' in lines) {
      // sequentialConsumeRequest: a failed request ends the command, unless --ignore-errors, which prints it among the logs and goes on.
      if (!flagBool(flags, 'ignore-errors')) return failed(lines.error, stdout);
      stdout += `error: ${lines.message}\n`;
      continue;
    }
    stdout += prefixed(readLogs(lines, options, ctx.cluster.now), prefix ? `[pod/${pod.metadata.name}/${container}] ` : '');
  }
  return { exitCode: 0, stdout, stderr };
};
