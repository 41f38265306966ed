/**
 * `kubectl patch (-f FILENAME | TYPE NAME | TYPE/NAME) (-p PATCH | --patch-file FILE) [--type
 * strategic|merge|json] [--local] [--dry-run] [-o FORMAT]` (kubectl `pkg/cmd/patch/patch.go`:
 * `Complete`, `Validate`, `RunPatch`, `getPatchedJSON`, `patchOperation`; the API server's patch
 * handler `staging/.../handlers/patch.go` for how each type is applied and rejected there).
 *
 * - strategic (default): strategic merge patch (apply/strategic-merge.ts): containers, volumes,
 *   env, ports... merge by their key; `$patch: replace|delete` directives.
 * - merge: JSON merge patch (RFC 7386). json: JSON patch (RFC 6902). `--type` is read in any case.
 * - The objects (patch-targets.ts): `TYPE NAME`, or `-f FILE` (`-f -` reads stdin), whose objects
 *   name the live ones; the file's object is what kubectl compares the answer with. Each is
 *   patched as the server holds it when its turn comes, so a file naming one object twice
 *   patches it twice. The errors are printed as `ContinueOnError` returns them: each object's in
 *   order, then the files' own (an unserved kind) as one aggregate.
 * - The API server's patch: the patched object is decoded as the server does without a
 *   field-validation directive: unknown fields are dropped with a `Warning:`; a wrongly typed
 *   value rejects the patch. Then it is stored with an update (validation included), without the
 *   zero values of `omitempty` fields, which the server's Go round trip drops (manifest/omitempty.ts):
 *   a patch setting `hostNetwork: false` on an object without it changes nothing.
 * - `--local` (with `-f`) and `--dry-run=client`: kubectl patches the object itself and asks the
 *   server nothing (patch-local.ts): no decoding, no defaults, nothing stored.
 * - Printing: by default `daemonset.apps/x patched`, or `patched (no change)` when the object
 *   printed equals the one visited; kubectl's operation replaces the dry-run suffix, so none is
 *   added. `-o json|yaml|name|jsonpath=...|go-template=...` prints the server's answer (or the
 *   locally patched object) instead, with a printer per object (no `---` between YAML documents).
 *   A bad `-o` fails each object; unlike kubectl, which patches first and then fails to print,
 *   the object is then not written, so bad input changes nothing.
 * - `-R` is accepted and changes nothing: `-f` names editor files, never directories.
 *   `--show-managed-fields` changes nothing either: the playground keeps no managedFields.
 */
import type { ApiObject } from '../../sim/api/types.js';
import { goQuote } from '../../sim/api/goquote.js';
import { badRequest } from '../../sim/apiserver/errors.js';
import { resourceInfo } from '../../sim/apiserver/resources.js';
import { decodeObject, omitEmpty, withDecodedNulls } from '../../manifest/index.js';
import type { Verb, VerbContext } from '../context.js';
import { flagArray, flagBool, flagString, KUSTOMIZE_FLAG, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { fail, OutputWriter, type ExecResult } from '../result.js';
import { dropFields } from '../apply/drop-fields.js';
import { API_SERVER_JSON_PATCH_MAX_COPY_BYTES, applyJsonPatch, decodeJsonPatch } from '../apply/json-patch.js';
import { deepEqual, goJson, isMap, type Json, type JsonMap } from '../apply/json.js';
import { PatchError } from '../apply/list-order.js';
import { mergePatch } from '../apply/merge-patch.js';
import { kindPatchMeta } from '../apply/patch-schema.js';
import { describe, strategicMerge } from '../apply/strategic-merge.js';
import type { CmdError } from './check-err.js';
import { createPrinter } from './create-printer.js';
import { DRY_RUN_FLAG, dryRunStrategy, type DryRun } from './dry-run.js';
import { checkVisitError, continueOnError } from './file-visit.js';
import { PRINT_FLAGS } from './get-output.js';
import { printEdited } from './metadata-edit-print.js';
import { objectRef } from './object-ref.js';
import { parsePatch, patchLocally, type PatchBody, type PatchType } from './patch-local.js';
import { patchTargets, type PatchTarget } from './patch-targets.js';
import { SUBRESOURCE_FLAG, subresourceMissing, subresourceOf, type Subresource } from './subresource.js';
import { lookup } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'patch', short: 'p', type: 'string' },
  { name: 'patch-file', type: 'string' },
  { name: 'type', type: 'string', default: 'strategic' },
  { name: 'filename', short: 'f', type: 'stringArray' },
  KUSTOMIZE_FLAG,
  { name: 'recursive', short: 'R', type: 'bool' },
  { name: 'local', type: 'bool' },
  SUBRESOURCE_FLAG,
  ...PRINT_FLAGS,
  { name: 'field-manager', type: 'string' },
  DRY_RUN_FLAG,
];

const REJECTED = 'the server rejected our request due to an error in our request';

/** An Invalid error without kind and name, which kubectl prints as `The request is invalid: ...`. */
function requestInvalid(detail: string): CmdError {
  return { status: { code: 422, reason: 'Invalid', message: REJECTED }, alone: `The request is invalid: ${detail}` };
}

/** What patching one visited object came to: the object to print and whether it differs from the one visited. */
type Outcome = { readonly obj: object; readonly changed: boolean; readonly warnings: string } | { readonly error: CmdError };

const PATCH_TYPES: readonly string[] = ['json', 'merge', 'strategic'];

export const patch: Verb = (ctx, argv): ExecResult => {
  const flags = parseFlags(argv, FLAGS, 'patch');
  if ('error' in flags) return fail(flags.error);
  const dryRun = dryRunStrategy(flags, ctx);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  // Validate.
  const text = flagString(flags, 'patch') ?? '';
  const patchFile = flagString(flags, 'patch-file') ?? '';
  const local = flagBool(flags, 'local');
  if (text !== '' && patchFile !== '') return fail('error: cannot specify --patch and --patch-file together');
  if (text === '' && patchFile === '') return fail('error: must specify --patch or --patch-file containing the contents of the patch');
  if (local && flags.args.length > 0) return fail('error: cannot specify --local and server resources');
  if (local && dryRun === 'server') return fail('error: cannot specify --local and --dry-run=server - did you mean --dry-run=client?');
  const typeText = flagString(flags, 'type') ?? '';
  const type = (typeText === '' ? 'strategic' : typeText.toLowerCase()) as PatchType;
  if (!PATCH_TYPES.includes(type)) return fail(`error: --type must be one of [json merge strategic], not ${goQuote(typeText)}`);
  const subresource = subresourceOf(flags);
  if (typeof subresource !== 'string') return fail(subresource.error);
  // RunPatch: the patch, then the builder, then each object.
  let patchText = text;
  if (patchFile !== '') {
    const content = ctx.readFile?.(patchFile);
    if (content === undefined) return fail(`error: unable to read patch file: open ${patchFile}: no such file or directory`);
    patchText = content;
  }
  const clientSide = local || dryRun === 'client';
  const body = parsePatch(patchText, text, clientSide);
  if ('error' in body) return fail(body.error);
  const visits = patchTargets(ctx, { flags, args: flags.args, filenames: flagArray(flags, 'filename'), local });
  if ('stderr' in visits) return { exitCode: 1, stdout: '', stderr: visits.stderr };
  // ToPrinter's error does not depend on the operation: known before anything is written.
  const printer = createPrinter(flags, 'none', ctx.readFile, 'patched');
  const printerError = 'error' in printer ? { message: printer.error.replace(/^error: /, '') } : undefined;
  const w = new OutputWriter();
  // r.Visit with ContinueOnError: the steps' errors and the function's, in order, then the visit's own.
  const errors: CmdError[] = [];
  let visited = 0;
  for (const v of visits.steps) {
    if (!('before' in v)) {
      errors.push(v);
      continue;
    }
    visited++;
    const out = clientSide ? patchedLocally(v, type, body.body, printerError) : patchedOnServer(ctx, v, type, body.body, dryRun, subresource, printerError);
    if ('error' in out) {
      errors.push(out.error);
      continue;
    }
    // The server's warnings come with its answer, before kubectl prints the object.
    w.warn(out.warnings);
    const printed = printPatched(ctx, flags, out.obj, out.changed);
    w.print(printed.stdout);
    if (printed.error) errors.push(printed.error);
  }
  const error = continueOnError(errors, visits.visitErrors);
  if (error === undefined && visited === 0) return fail('error: no objects passed to patch');
  w.warn(checkVisitError(error));
  return w.result(error !== undefined ? 1 : 0);
};

/** `ToPrinter(patchOperation(didPatch))` and `PrintObj`: a printer per object, named from the object printed. */
function printPatched(ctx: VerbContext, flags: ParsedFlags, obj: object, changed: boolean): { readonly stdout: string; readonly error?: CmdError } {
  const printer = createPrinter(flags, 'none', ctx.readFile, changed ? 'patched' : 'patched (no change)');
  // Not reached with a bad -o, which was refused before the object was patched; this narrows the type.
  if ('error' in printer) return { stdout: '', error: { message: printer.error } };
  return printEdited(printer, obj, objectRef(obj as Readonly<Record<string, unknown>>));
}

/** `--local` and `--dry-run=client`: `getPatchedJSON` on the visited object, nothing sent. */
function patchedLocally(v: PatchTarget, type: PatchType, body: PatchBody, printerError: CmdError | undefined): Outcome {
  const r = patchLocally(v.before, type, body);
  if ('error' in r) return { error: { message: r.error } };
  if (printerError) return { error: printerError };
  return { obj: r.obj, changed: !deepEqual(v.before, r.obj), warnings: '' };
}

/** The API server's patch of the live object; `didPatch` compares its answer with the visited object. */
function patchedOnServer(
  ctx: VerbContext,
  v: PatchTarget,
  type: PatchType,
  body: PatchBody,
  dryRun: DryRun,
  subresource: Subresource,
  printerError: CmdError | undefined,
): Outcome {
  // The patch goes to the object where the visited one names it, as it is now.
  const live = lookup(ctx, v.at!.info, v.at!.namespace, v.at!.name);
  if (!live.obj) return { error: { status: live.missing! } };
  if (printerError) return { error: printerError };
  // The server path reads invalid JSON as YAML (parsePatch), so its body always has a value.
  const out = patchObject(ctx, live.obj, type, 'value' in body ? body.value : null, dryRun, subresource);
  if ('error' in out) return out;
  return { obj: out.answer, changed: !deepEqual(v.before, out.answer), warnings: out.warnings };
}

function patchObject(
  ctx: VerbContext,
  obj: ApiObject,
  type: PatchType,
  body: Json,
  dryRun: DryRun,
  subresource: Subresource,
): { answer: ApiObject; warnings: string } | { error: CmdError } {
  const missing = subresourceMissing(obj, subresource);
  if (missing) return { error: { status: missing } };
  const current = obj as unknown as JsonMap;
  let patched: Json;
  try {
    if (type === 'json') {
      const ops = decodeJsonPatch(body);
      if ('error' in ops) return { error: { status: badRequest(ops.error) } };
      try {
        patched = applyJsonPatch(current, ops, { accumulatedCopySizeLimit: API_SERVER_JSON_PATCH_MAX_COPY_BYTES });
      } catch (e) {
        if (e instanceof PatchError) return { error: requestInvalid(REJECTED) };
        throw e;
      }
    } else if (!isMap(body)) {
      return {
        error: {
          status: badRequest(type === 'merge' ? 'json: cannot unmarshal array into Go value of type map[string]interface {}' : 'invalid JSON document'),
        },
      };
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
  const next = omitEmpty(
    withDecodedNulls({ ...dropFields(patched, decoded.unknownFields), apiVersion: obj.apiVersion, kind: obj.kind }),
  ) as unknown as ApiObject;
  if (subresource === 'status') {
    // The status subresource keeps everything but status as stored (the status strategies'
    // PrepareForUpdate), so only a status change is a change.
    const status = (next as { status?: unknown }).status;
    if (dryRun === 'server') return { answer: { ...obj, status } as ApiObject, warnings };
    const r = ctx.client.updateStatus(
      { ...obj, status } as ApiObject,
      `kubectl patch ${resourceInfo(obj.kind).singular}/${obj.metadata.name} --subresource=status`,
    );
    if (!r.ok) return { error: { status: r.error } };
    return { answer: r.obj, warnings };
  }
  const r =
    dryRun === 'server'
      ? ctx.cluster.api.update(next, { dryRun: true })
      : ctx.client.update(next, `kubectl patch ${resourceInfo(obj.kind).singular}/${obj.metadata.name}`);
  if (!r.ok) return { error: { status: r.error } };
  return { answer: r.obj, warnings };
}
