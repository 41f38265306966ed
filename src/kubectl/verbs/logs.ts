/**
 * `kubectl logs POD|pod/NAME [CONTAINER] [-c NAME] [-p] [--tail N] [--timestamps]
 * [--all-containers] [--prefix] [-n NS]` (kubectl `pkg/cmd/logs/logs.go`: `Complete`,
 * `Validate`, `RunLogs`; polymorphichelpers `logsForObjectWithClient`; podcmd
 * `FindContainerByName`, `AllContainerNames`), reading the simulated logs the kubelet derives
 * (sim/controllers/kubelet/logs.ts).
 *
 * - Without a container name the first container is read, with kubectl's "Defaulted container"
 *   notice on stderr when the pod has more than one container (init containers count).
 * - The API server returns nothing for a pod not bound to a node yet; a node whose kubelet is
 *   stopped (`sim node fail`) cannot be reached; the kubelet's own refusals (waiting to start,
 *   no previous instance) are BadRequest errors.
 * - `--timestamps` prefixes each line with its RFC 3339 time (nine fractional digits, as the
 *   kubelet writes them); `--tail N` keeps the last N lines of each container; `--prefix` adds
 *   `[pod/NAME/CONTAINER] `. `--all-containers` reads init containers, then containers, in spec
 *   order (kubectl visits them in Go's random map order).
 * - `-l SELECTOR` reads every matching pod of the namespace (by name; kubectl's map order is
 *   random), each pod's default container (its notice per pod) or `-c`, the last 10 lines of each
 *   unless `--tail` is given, one after another, unprefixed unless `--prefix`. A selector with a
 *   POD argument is a usage error; no match prints "No resources found in NS namespace." and
 *   succeeds. `--max-log-requests` (default 5) limits only what `-f` follows, so it is accepted
 *   and never reached here.
 *
 * Not modelled: `-f` (a script cannot wait for new lines: a clear error), `TYPE/NAME` of other
 * kinds, `--all-pods`, `--since`, `--since-time`, `--limit-bytes`.
 */
import type { Pod } from '../../sim/api/types.js';
import type { Kubelet } from '../../sim/controllers/kubelet/kubelet.js';
import { containerLog, type LogLine } from '../../sim/controllers/kubelet/logs.js';
import type { Verb, VerbContext } from '../context.js';
import { flagBool, flagString, parseFlags, parseGoIntFlag, type FlagSpec } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { resolveResource } from '../../sim/apiserver/resources.js';
import { fetch } from './get-fetch.js';
import { commandNamespace } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'container', short: 'c', type: 'string' },
  { name: 'previous', short: 'p', type: 'bool' },
  { name: 'tail', type: 'int', default: '-1' },
  { name: 'timestamps', type: 'bool' },
  { name: 'all-containers', type: 'bool' },
  { name: 'prefix', type: 'bool' },
  { name: 'follow', short: 'f', type: 'bool' },
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'max-log-requests', type: 'int', default: '5' },
];

/** `selectorTail`: with a selector and no `--tail`, each container's last 10 lines. */
const SELECTOR_TAIL = 10;

const USAGE = "expected 'logs [-f] [-p] (POD | TYPE/NAME) [-c CONTAINER]'.\nPOD or TYPE/NAME is a required argument for the logs command";
const SEE_HELP = "\nSee 'kubectl logs -h' for help and examples";
const NO_FOLLOW =
  'error: kubectl logs -f is not supported in the playground: a script cannot wait for new lines. Run it without -f after "sim advance" to see what was written meanwhile.';

/** `RFC3339NanoFixed`, the kubelet's timestamp for `--timestamps`. */
function stamp(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}000000Z`;
}

/** The pod named by `POD` or `pod/NAME`, or kubectl's error. */
function podArg(ctx: VerbContext, arg: string, namespace: string): Pod | { error: string } {
  const slash = arg.indexOf('/');
  if (slash >= 0 && !['pod', 'pods', 'po'].includes(arg.slice(0, slash))) {
    return { error: `error: kubectl logs here reads pods (POD or pod/NAME), not "${arg}": find the pod with "kubectl get pods"` };
  }
  const name = slash >= 0 ? arg.slice(slash + 1) : arg;
  const pod = ctx.cluster.api.get('Pod', namespace, name);
  return pod ?? { error: `error: error from server (NotFound): pods "${name}" not found in namespace "${namespace}"` };
}

/** The pods a selector matches in the namespace, by name, or the API server's error. */
function selectedPods(ctx: VerbContext, selector: string, namespace: string): Pod[] | { error: string } {
  const fetched = fetch(ctx.cluster.store, { requests: [{ info: resolveResource('pods')! }], namespace, labelSelector: selector, fieldSelector: '' });
  if (fetched.errors.length > 0) return { error: fetched.errors.join('\n') };
  return (fetched.groups[0]?.objects ?? []) as Pod[];
}

/** `FindContainerByName` / `AllContainerNames`. */
function containerNames(pod: Pod): { all: string[]; listed: string } {
  const inits = (pod.spec.initContainers ?? []).map((c) => c.name);
  const regular = pod.spec.containers.map((c) => c.name);
  return { all: [...inits, ...regular], listed: [...regular, ...inits.map((n) => `${n} (init)`)].join(', ') };
}

/** The lines of one container as the API server relays them, or the error it answers. */
function readContainer(ctx: VerbContext, pod: Pod, container: string, previous: boolean): LogLine[] | { error: string } {
  const node = pod.spec.nodeName;
  if (!node) return [];
  const kubelet = ctx.cluster.controller<Kubelet>('kubelet');
  if (!kubelet?.heartbeat(node) || kubelet.heartbeat(node)?.state === 'stopped') {
    const ip = pod.status.hostIP ?? kubelet?.machine(node)?.name ?? node;
    const url = `https://${ip}:10250/containerLogs/${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}/${container}`;
    return { error: `Error from server: Get "${url}": dial tcp ${ip}:10250: connect: connection refused` };
  }
  const lines = containerLog(pod, { container, previous, behaviours: kubelet.imageBehaviours(), now: ctx.cluster.now });
  return 'error' in lines ? { error: `Error from server (BadRequest): ${lines.error}` } : lines;
}

export const logs: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'logs');
  if ('error' in flags) return fail(flags.error);
  if (flagBool(flags, 'follow')) return fail(NO_FOLLOW);
  const args = flags.args;
  const selector = flagString(flags, 'selector') ?? '';
  if ((args.length === 0 && !selector) || args.length > 2) return fail(`error: ${USAGE}${SEE_HELP}`);
  if (args.length === 1 && selector) return fail(`error: only a selector (-l) or a POD name is allowed${SEE_HELP}`);
  if (args.length === 2 && selector) return fail('error: name cannot be provided when a selector is specified');
  const all = flagBool(flags, 'all-containers');
  const named = flagString(flags, 'container') ?? args[1] ?? '';
  const tail = parseGoIntFlag('logs', 'tail', flagString(flags, 'tail') ?? '-1');
  if (typeof tail !== 'number') return fail(tail.error);
  const maxRequests = parseGoIntFlag('logs', 'max-log-requests', flagString(flags, 'max-log-requests') ?? '5');
  if (typeof maxRequests !== 'number') return fail(maxRequests.error);
  if (all && named) return fail(`error: --all-containers=true should not be specified with container name ${named}`);
  if (flags.values.has('container') && args.length === 2) return fail('error: only one of -c or an inline [CONTAINER] arg is allowed');
  if (tail < -1) return fail('error: --tail must be greater than or equal to -1');
  const tailSpecified = flags.visited.some(([name]) => name === 'tail');
  const lastLines = selector && !tailSpecified ? SELECTOR_TAIL : tail;
  const namespace = commandNamespace(flags).namespace;
  let pods: Pod[];
  let stderr = '';
  if (selector) {
    const found = selectedPods(ctx, selector, namespace);
    if ('error' in found) return fail(found.error);
    pods = found;
    if (pods.length === 0) stderr += `No resources found in ${namespace} namespace.\n`;
  } else {
    const pod = podArg(ctx, args[0]!, namespace);
    if ('error' in pod) return fail(pod.error);
    pods = [pod];
  }
  // Every request is made (and every container name checked) before any log is read.
  const requests: { pod: Pod; container: string }[] = [];
  for (const pod of pods) {
    const names = containerNames(pod);
    if (all) requests.push(...names.all.map((container) => ({ pod, container })));
    else if (named) {
      if (!names.all.includes(named)) return { exitCode: 1, stdout: '', stderr: `${stderr}error: container ${named} is not valid for pod ${pod.metadata.name}\n` };
      requests.push({ pod, container: named });
    } else {
      const container = pod.spec.containers[0]!.name;
      if (names.all.length > 1) stderr += `Defaulted container "${container}" out of: ${names.listed}\n`;
      requests.push({ pod, container });
    }
  }
  let stdout = '';
  for (const { pod, container } of requests) {
    const lines = readContainer(ctx, pod, container, flagBool(flags, 'previous'));
    if ('error' in lines) return { exitCode: 1, stdout, stderr: `${stderr}${lines.error}\n` };
    const shown = lastLines >= 0 ? lines.slice(Math.max(0, lines.length - lastLines)) : lines;
    const prefix = flagBool(flags, 'prefix') ? `[pod/${pod.metadata.name}/${container}] ` : '';
    for (const l of shown) stdout += `${prefix}${flagBool(flags, 'timestamps') ? `${stamp(l.at)} ` : ''}${l.text}\n`;
  }
  return { exitCode: 0, stdout, stderr };
};
