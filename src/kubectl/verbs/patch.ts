/**
 * `kubectl patch (TYPE NAME | TYPE/NAME) -p PATCH [--type strategic|merge|json] [--dry-run]`
 * (kubectl `pkg/cmd/patch/patch.go`: `Validate`, `RunPatch`, `patchOperation`; the API server's
 * patch handler `staging/.../handlers/patch.go` for how each type is applied and rejected).
 *
 * - strategic (default): strategic merge patch (apply/strategic-merge.ts): containers, volumes,
 *   env, ports... merge by their key; `$patch: replace|delete` directives.
 * - merge: JSON merge patch (RFC 7386). json: JSON patch (RFC 6902).
 * The patched object is decoded as the server does without a field-validation directive:
 * unknown fields are dropped with a `Warning:`; a wrongly typed value rejects the patch. Then
 * it is stored with an update (validation included), without the zero values of `omitempty`
 * fields, which the server's Go round trip drops (manifest/omitempty.ts): a patch setting
 * `hostNetwork: false` on an object without it changes nothing. Prints `daemonset.apps/x patched`, or
 * `patched (no change)` when the stored object did not change (also under --dry-run: kubectl
 * patch adds no dry-run suffix).
 */
import { parse as parseYaml } from 'yaml';
import { decodeObject, omitEmpty, withDecodedNulls } from '../../manifest/index.js';
import { goQuote } from '../../sim/api/goquote.js';
import type { ApiObject } from '../../sim/api/types.js';
import { badRequest } from '../../sim/apiserver/errors.js';
import { kubectlKindPrefix, resourceInfo } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail, OutputWriter, type ExecResult } from '../result.js';
import { dropFields } from '../apply/drop-fields.js';
import { applyJsonPatch, decodeJsonPatch } from '../apply/json-patch.js';
import { deepEqual, goJson, isMap, type Json, type JsonMap } from '../apply/json.js';
import { PatchError } from '../apply/list-order.js';
import { mergePatch } from '../apply/merge-patch.js';
import { kindPatchMeta } from '../apply/patch-schema.js';
import { describe, strategicMerge } from '../apply/strategic-merge.js';
import { checkErr, type CmdError } from './check-err.js';
import { DRY_RUN_FLAG, dryRunStrategy, type DryRun } from './dry-run.js';
import { SUBRESOURCE_FLAG, subresourceMissing, subresourceOf, type Subresource } from './subresource.js';
import { commandNamespace, resolveTargets } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'patch', short: 'p', type: 'string' },
  SUBRESOURCE_FLAG,
  { name: 'type', type: 'string', default: 'strategic' },
  { name: 'field-manager', type: 'string' },
  DRY_RUN_FLAG,
];

type PatchType = 'strategic' | 'merge' | 'json';

const REJECTED = 'the server rejected our request due to an error in our request';

/** An Invalid error without kind and name, which kubectl prints as `The request is invalid: ...`. */
function requestInvalid(detail: string): CmdError {
  return { status: { code: 422, reason: 'Invalid', message: REJECTED }, alone: `The request is invalid: ${detail}` };
}

export const patch: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'patch');
  if ('error' in flags) return fail(flags.error);
  const dryRun = dryRunStrategy(flags);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const type = flagString(flags, 'type') ?? 'strategic';
  if (type !== 'strategic' && type !== 'merge' && type !== 'json') return fail(`error: --type must be one of [json merge strategic], not "${type}"`);
  const subresource = subresourceOf(flags);
  if (typeof subresource !== 'string') return fail(subresource.error);
  const text = flagString(flags, 'patch') ?? '';
  if (text === '') return fail('error: must specify --patch or --patch-file containing the contents of the patch');
  const body = parsePatch(text);
  if ('error' in body) return fail(body.error);
  const targets = resolveTargets(ctx, { args: flags.args, namespace: commandNamespace(flags).namespace });
  if ('error' in targets) return fail(targets.error);
  if (targets.length === 0) return fail('error: You must provide one or more resources by argument or filename.');
  const w = new OutputWriter();
  const errors: CmdError[] = [];
  for (const t of targets) {
    if (!t.obj) {
      errors.push({ status: t.missing! });
      continue;
    }
    const out = patchObject(ctx, t.obj, type, body.value, dryRun, subresource);
    if ('error' in out) errors.push(out.error);
    else {
      // kubectl patch's printer takes only patchOperation(didPatch): unlike apply or set image it
      // adds no "(dry run)" / "(server dry run)" suffix.
      // The server's warnings come with its answer, before kubectl prints the object's line.
      w.warn(out.warnings);
      w.print(`${kubectlKindPrefix(t.info.kind)}/${t.name} ${out.changed ? 'patched' : 'patched (no change)'}\n`);
    }
  }
  w.warn(checkErr(errors));
  return w.result(errors.length > 0 ? 1 : 0);
};

/** `yaml.ToJSON`: the patch as JSON data (JSON or YAML text). */
function parsePatch(text: string): { value: Json } | { error: string } {
  try {
    return { value: JSON.parse(text) as Json };
  } catch {
    try {
      return { value: (parseYaml(text, { version: '1.1' }) ?? null) as Json };
    } catch (e) {
      const msg = e instanceof Error ? e.message.split('\n')[0] : String(e);
      return { error: `error: unable to parse ${JSON.stringify(text)}: yaml: ${msg}` };
    }
  }
}

function patchObject(ctx: VerbContext, obj: ApiObject, type: PatchType, body: Json, dryRun: DryRun, subresource: Subresource): { changed: boolean; warnings: string } | { error: CmdError } {
  const missing = subresourceMissing(obj, subresource);
  if (missing) return { error: { status: missing } };
  const current = obj as unknown as JsonMap;
  let patched: Json;
  try {
    if (type === 'json') {
      const ops = decodeJsonPatch(body);
      if ('error' in ops) return { error: { status: badRequest(ops.error) } };
      try {
        patched = applyJsonPatch(current, ops);
      } catch (e) {
        if (e instanceof PatchError) return { error: requestInvalid(REJECTED) };
        throw e;
      }
    } else if (!isMap(body)) {
      return { error: { status: badRequest(type === 'merge' ? 'json: cannot unmarshal array into Go value of type map[string]interface {}' : 'invalid JSON document') } };
    } else patched = type === 'merge' ? mergePatch(current, body) : strategicMerge(current, body, kindPatchMeta(obj.kind));
  } catch (e) {
    if (e instanceof PatchError) return { error: { status: badRequest(e.message) } };
    throw e;
  }
  if (!isMap(patched)) return { error: requestInvalid(REJECTED) };
  const meta = isMap(patched.metadata) ? patched.metadata : {};
  if (meta.name !== obj.metadata.name) {
    return { error: { status: badRequest(`the name of the object (${String(meta.name ?? '')}) does not match the name on the URL (${obj.metadata.name})`) } };
  }
  // strategic: applyPatchToObject decodes the patched map with the unstructured converter and
  // reports the patch map (`%+v`); merge / json: applyPatchToCurrentObject decodes the patched
  // JSON with the codec and reports that whole JSON document.
  const decoded = decodeObject({ ...patched, apiVersion: obj.apiVersion, kind: obj.kind }, 'warn', type === 'strategic' ? { flavor: 'unstructured' } : {});
  if (decoded.error) {
    const bad = type === 'strategic' ? describe(body) : goJson(patched);
    return { error: requestInvalid(`patch: Invalid value: ${goQuote(bad)}: ${decoded.error}`) };
  }
  const warnings = decoded.warnings.map((w) => `Warning: ${w}\n`).join('');
  const next = omitEmpty(withDecodedNulls({ ...dropFields(patched, decoded.unknownFields), apiVersion: obj.apiVersion, kind: obj.kind })) as unknown as ApiObject;
  if (dryRun === 'client') return { changed: !deepEqual(next, obj), warnings: '' };
  if (subresource === 'status') {
    // The status subresource keeps everything but status as stored (the status strategies'
    // PrepareForUpdate), so only a status change is a change.
    const status = (next as { status?: unknown }).status;
    if (dryRun === 'server') return { changed: !deepEqual(status as Json, (obj as { status?: unknown }).status as Json), warnings };
    const r = ctx.client.updateStatus({ ...obj, status } as ApiObject, `kubectl patch ${resourceInfo(obj.kind).singular}/${obj.metadata.name} --subresource=status`);
    if (!r.ok) return { error: { status: r.error } };
    return { changed: r.obj !== obj, warnings };
  }
  const r = dryRun === 'server' ? ctx.cluster.api.update(next, { dryRun: true }) : ctx.client.update(next, `kubectl patch ${resourceInfo(obj.kind).singular}/${obj.metadata.name}`);
  if (!r.ok) return { error: { status: r.error } };
  return { changed: !deepEqual(r.obj, obj), warnings };
}
