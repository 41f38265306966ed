/**
 * `kubectl explain RESOURCE[.FIELD...] [--recursive] [--api-version=GROUP/VERSION] [-o plaintext]`: kubectl
 * `pkg/cmd/explain/explain.go` (`ExplainOptions.Validate`, `Run`), `pkg/explain/explain.go`
 * (`SplitAndParseResourceRequestWithMatchingPrefix`, `SplitAndParseResourceRequest`) and
 * `pkg/explain/v2` (`printModelDescriptionWithGenerator`, the plaintext template: explain/plaintext.ts).
 *
 * The resource is the first dot-separated word, named as kubectl accepts it (`ds`, `daemonsets`,
 * `DaemonSet`); the rest is the field path, which may start with the group
 * (`daemonsets.apps.spec`). With --api-version the group and version are taken from the flag, and
 * one the playground does not serve is kubectl's error. Field names, types and nesting are the
 * manifest schema's; the descriptions come from the host (ctx.fieldDocs).
 *
 * -o names the template: plaintext, the default and the only one kubectl v1.34 ships for OpenAPI
 * v3; another name is kubectl's `unrecognized format` once the group version is found. The
 * plaintext-openapiv2 form (kubectl's older renderer over the OpenAPI v2 document) is refused:
 * the playground serves no v2 document to render it from exactly.
 */
import { KIND_SCHEMAS } from '../../manifest/index.js';
import { resolveResource } from '../../sim/apiserver/resources.js';
import type { Verb } from '../context.js';
import { resolvePath } from '../explain/model.js';
import { explainText } from '../explain/plaintext.js';
import { flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail, ok, type ExecResult } from '../result.js';
import { noResourceType } from './resource-args.js';

export const EXPLAIN_FLAGS: readonly FlagSpec[] = [
  { name: 'recursive', type: 'bool' },
  { name: 'api-version', type: 'string' },
  { name: 'output', short: 'o', type: 'string', default: 'plaintext' },
];

const NO_TYPE = 'error: You must specify the type of resource to explain. Use "kubectl api-resources" for a complete list of supported resources.\n';

const NO_OPENAPI_V2 =
  'error: --output=plaintext-openapiv2 is not available in this playground: its API server serves only OpenAPI v3, so explain prints the plaintext form (the default)';

/** The group versions the playground's API server serves (its OpenAPI v3 paths). */
const SERVED = new Set(KIND_SCHEMAS.map((k) => `${k.group}/${k.version}`));

export const explain: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, EXPLAIN_FLAGS, 'explain');
  if ('error' in flags) return fail(flags.error);
  if (flags.args.length === 0) return fail(NO_TYPE);
  if (flags.args.length > 1) return fail('error: We accept only this format: explain RESOURCE\n');
  const input = flags.args[0]!.replace(/\.$/, '');
  const words = input.split('.');
  if (words.some((w) => w === '' || /[[\]{}*@$'"()]/.test(w))) return fail('error: invalid jsonpath syntax, first node must be field node');
  const info = resolveResource(words[0]!);
  if (!info) return fail(noResourceType(words[0]!));
  const apiVersion = flagString(flags, 'api-version') ?? '';
  let group = info.group;
  let version = info.version;
  let path = words.slice(1);
  if (apiVersion !== '') {
    const parts = apiVersion.split('/');
    if (parts.length > 2) return fail(`error: unexpected GroupVersion string: ${apiVersion}`);
    [group, version] = parts.length === 2 ? [parts[0]!, parts[1]!] : ['', parts[0]!];
  } else if (info.group && input.startsWith(`${info.resource}.${info.group}`)) {
    // The resource may be written with its group: `daemonsets.apps.spec`.
    path = input.slice(`${info.resource}.${info.group}`.length).split('.').slice(1);
  }
  const output = flagString(flags, 'output');
  if (output === 'plaintext-openapiv2') return fail(NO_OPENAPI_V2);
  const gvr = `${group}/${version}, Resource=${info.resource}`;
  if (!SERVED.has(`${group}/${version}`)) return fail(`error: couldn't find resource for "${gvr}"`);
  // `generator.Render`: the template is looked up once the group version's document is fetched.
  if (output !== 'plaintext') return fail(`error: unrecognized format: ${output}`);
  const kind = KIND_SCHEMAS.find((k) => k.kind === info.kind);
  if (!kind || kind.group !== group || kind.version !== version) {
    if (kind || group !== info.group || version !== info.version) return fail(`error: GVR (${gvr}) not found in OpenAPI schema`);
    const explained = KIND_SCHEMAS.map((k) => k.resource).join(', ');
    return fail(`error: the playground has no schema for ${info.resource}, so it cannot explain them; "kubectl explain" covers ${explained}`);
  }
  const found = resolvePath(kind, path);
  if ('error' in found) {
    if (found.error === 'missing') return fail(`error: field "${found.field}" does not exist`);
    return fail(`error: the playground keeps ${found.type} as written and does not model its fields`);
  }
  return ok(explainText(ctx.fieldDocs?.(), kind, 'kind' in found ? undefined : found, flagBool(flags, 'recursive')));
};
