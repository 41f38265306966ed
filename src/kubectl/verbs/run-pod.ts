/**
 * The Pod `kubectl run` builds (kubectl v1.34 `pkg/generate/versioned/run.go`: the `BasicPod`
 * generator, `parseEnvs`, `updatePodContainers`, `updatePodPorts`; `generate.ParseLabels`,
 * `generate.ValidateParams`; `cmdutil.ParsePairs` for the annotations), with its errors in the
 * order the generator meets them.
 *
 * The object: labels from `--labels` (else `run=NAME`), `--annotations`, one container named
 * NAME with the image, `resources: {}`, the words after `--` as its `args` (`command` with
 * `--command`), `--env` in order, `--image-pull-policy`, `--port` as its one containerPort (a
 * Go int wrapped to int32, as kubectl converts it), `securityContext.privileged` with
 * `--privileged`, `stdin`/`stdinOnce`/`tty` for `-i`/`-t`; `restartPolicy` from `--restart`
 * (Always when empty) and `dnsPolicy: ClusterFirst`. kubectl fills in nothing else: the API
 * server defaults the rest when the pod is created.
 */
import { goQuote } from '../../sim/api/goquote.js';
import type { JsonMap } from '../apply/json.js';

/** What the generator reads: the flags as text, as `generate.MakeParams` hands them over. */
export interface RunPodParams {
  readonly name: string;
  readonly image: string;
  readonly labels: string;
  readonly annotations: readonly string[];
  readonly env: readonly string[];
  readonly port: string;
  readonly restart: string;
  readonly imagePullPolicy: string;
  /** The words after `--`, the NAME left out. */
  readonly args: readonly string[];
  readonly command: boolean;
  readonly privileged: boolean;
  readonly stdin: boolean;
  readonly leaveStdinOpen: boolean;
  readonly tty: boolean;
}

/** `BasicPod.Generate`: the `corev1.Pod` in its Go field order, or the generator's error (with `error: `). */
export function buildRunPod(p: RunPodParams): { pod: JsonMap } | { error: string } {
  // ValidateParams: the image is known to be set by now; the name may be an empty word.
  if (p.name === '') return { error: 'error: Parameter: name is required' };
  const env = parseEnvs(p.env);
  if ('error' in env) return env;
  const annotations = parsePairs(p.annotations, 'annotations');
  if ('error' in annotations) return annotations;
  const labels = p.labels === '' ? { pairs: { run: p.name } } : parseLabels(p.labels);
  if ('error' in labels) return labels;
  const port = p.port === '' ? undefined : atoi(p.port);
  if (typeof port === 'object') return port;
  const container: JsonMap = {
    name: p.name,
    image: p.image,
    ...(p.args.length > 0 ? { [p.command ? 'command' : 'args']: [...p.args] } : {}),
    ...(port !== undefined ? { ports: [{ containerPort: Number(BigInt.asIntN(32, port)) }] } : {}),
    ...(env.length > 0 ? { env } : {}),
    resources: {},
    ...(p.imagePullPolicy !== '' ? { imagePullPolicy: p.imagePullPolicy } : {}),
    ...(p.privileged ? { securityContext: { privileged: true } } : {}),
    ...(p.stdin ? { stdin: true } : {}),
    ...(p.stdin && !p.leaveStdinOpen ? { stdinOnce: true } : {}),
    ...(p.tty ? { tty: true } : {}),
  };
  const pod: JsonMap = {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: { name: p.name, labels: labels.pairs, ...(Object.keys(annotations.pairs).length > 0 ? { annotations: annotations.pairs } : {}) },
    spec: { containers: [container], restartPolicy: p.restart === '' ? 'Always' : p.restart, dnsPolicy: 'ClusterFirst' },
    status: {},
  };
  return { pod };
}

/** An apimachinery `IsEnvVarName` name: `[-._a-zA-Z][-._a-zA-Z0-9]*`, and not `.`, `..` or `..x`. */
const ENV_VAR_NAME = /^(?!\.\.)(?!\.$)[-._a-zA-Z][-._a-zA-Z0-9]*$/;

/** `parseEnvs`: `NAME=VALUE` each, the value after the first `=`. */
function parseEnvs(texts: readonly string[]): { name: string; value: string }[] | { error: string } {
  const env: { name: string; value: string }[] = [];
  for (const text of texts) {
    const eq = text.indexOf('=');
    const name = eq < 0 ? '' : text.slice(0, eq);
    if (!ENV_VAR_NAME.test(name)) return { error: `error: invalid env: ${text}` };
    env.push({ name, value: text.slice(eq + 1) });
  }
  return env;
}

/** `cmdutil.ParsePairs(pairs, kind, false)`: `KEY=VALUE` each; every malformed one is named. */
function parsePairs(texts: readonly string[], kind: string): { pairs: Record<string, string> } | { error: string } {
  const pairs = new Map<string, string>();
  const invalid: string[] = [];
  for (const text of texts) {
    const eq = text.indexOf('=');
    if (eq > 0) pairs.set(text.slice(0, eq), text.slice(eq + 1));
    else invalid.push(text);
  }
  return invalid.length > 0 ? { error: `error: invalid ${kind} format: ${invalid.join(', ')}` } : { pairs: Object.fromEntries(pairs) };
}

/** `generate.ParseLabels`: `KEY=VALUE` pairs apart by commas, exactly one `=` each. */
function parseLabels(text: string): { pairs: Record<string, string> } | { error: string } {
  const pairs = new Map<string, string>();
  for (const spec of text.split(',')) {
    const parts = spec.split('=');
    if (parts.length !== 2) return { error: `error: unexpected label spec: ${spec}` };
    if (parts[0] === '') return { error: 'error: unexpected empty label key' };
    pairs.set(parts[0]!, parts[1]!);
  }
  return { pairs: Object.fromEntries(pairs) };
}

/** Go's `strconv.Atoi` (decimal, an optional sign, int64 range), with its error. */
function atoi(text: string): bigint | { error: string } {
  const why = !/^[+-]?[0-9]+$/.test(text) ? 'invalid syntax' : BigInt(text) > 2n ** 63n - 1n || BigInt(text) < -(2n ** 63n) ? 'value out of range' : undefined;
  return why ? { error: `error: strconv.Atoi: parsing ${goQuote(text)}: ${why}` } : BigInt(text);
}
