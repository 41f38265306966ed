/**
 * `kubectl set image (TYPE NAME | TYPE/NAME | -l SEL | --all) CONTAINER=IMAGE... [--dry-run]`
 * (kubectl `pkg/cmd/set/set_image.go`: `Complete`, `Validate`, `Run`; `setImage`;
 * `polymorphichelpers.UpdatePodSpecForObject`). `*` names every container. Prints
 * `daemonset.apps/NAME image updated`; prints nothing for an object whose images already match
 * (its patch is `{}`). An unknown container is `error: unable to find container named "x"`.
 * As upstream, `Complete` resolves the objects (builder errors, NotFound: nothing is changed)
 * before `Validate` checks the image arguments.
 * Only the `image` subcommand exists here.
 */
import type { ApiObject, Container, DaemonSet, Pod, PodSpec } from '../../sim/api/types.js';
import { kubectlKindPrefix, resourceInfo } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { flagBool, flagString, parseFlags, type FlagSpec, type ParsedFlags } from '../flags.js';
import { RECORD_FLAG, recorderFor, type Recorder } from '../record.js';
import { afterWarning, fail, type ExecResult } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix } from './dry-run.js';
import { splitResourcesAndPairs } from './metadata-edit.js';
import { commandNamespace, resolveTargets } from './targets.js';

export const FLAGS: readonly FlagSpec[] = [
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
  RECORD_FLAG,
  { name: 'field-manager', type: 'string' },
  DRY_RUN_FLAG,
];

export const set: Verb = (ctx, argv) => {
  const [sub, ...rest] = argv;
  if (sub === 'image') return setImage(ctx, rest);
  // Without a subcommand, kubectl prints this command's help (help/dispatch.ts answers before this runs).
  if (sub === undefined) return fail(`error: unknown command ""\nSee 'kubectl set -h' for help and examples`);
  if (['env', 'resources', 'selector', 'serviceaccount', 'subject'].includes(sub)) {
    return fail(`error: "kubectl set ${sub}" is not supported in this playground; only "kubectl set image" is`);
  }
  // DefaultSubCommandRun → RequireNoArguments: UsageErrorf(cmd, "unknown command %q", strings.Join(args, " ")).
  return fail(`error: unknown command ${JSON.stringify(argv.join(' '))}\nSee 'kubectl set -h' for help and examples`);
};

function setImage(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const flags = parseFlags(argv, FLAGS, 'set image');
  if ('error' in flags) return fail(flags.error);
  // cobra prints the deprecation notice while parsing, before anything else.
  const recorder = recorderFor(['set', 'image'], flags);
  const r = updateImages(ctx, flags, recorder);
  return afterWarning(recorder.warning, r);
}

function updateImages(ctx: VerbContext, flags: ParsedFlags, recorder: Recorder): ExecResult {
  const dryRun = dryRunStrategy(flags);
  if (typeof dryRun !== 'string') return fail(dryRun.error);
  const split = splitResourcesAndPairs(flags.args, 'image');
  if ('error' in split) return fail(split.error);
  const images: [string, string][] = [];
  for (const p of split.pairs) {
    const eq = p.indexOf('=');
    if (eq < 0) return fail(`error: invalid image format: ${p}`);
    images.push([p.slice(0, eq), p.slice(eq + 1)]);
  }
  // Complete: the resource builder runs before Validate, so its errors come first — no resources
  // at all, `TYPE/NAME` mixed with a bare word, and NotFound (Infos() fails, nothing is updated).
  const selector = flagString(flags, 'selector');
  const all = flagBool(flags, 'all');
  if (split.resources.length === 0) {
    return fail(
      "error: You must provide one or more resources by argument or filename.\nExample resource specifications include:\n   '-f rsrc.yaml'\n   '--filename=rsrc.json'\n   '<resource> <name>'\n   '<resource>'",
    );
  }
  const targets = resolveTargets(ctx, { args: split.resources, namespace: commandNamespace(flags).namespace, ...(selector ? { selector } : {}), all });
  if ('error' in targets) return fail(targets.error);
  const missing = targets.filter((t) => !t.obj);
  if (missing.length > 0) return { exitCode: 1, stdout: '', stderr: checkErr(missing.map((t) => ({ status: t.missing! }))) };
  // Validate.
  const problems: string[] = [];
  if (all && selector) problems.push('cannot set --all and --selector at the same time');
  if (images.length < 1) problems.push('at least one image update is required');
  else if (images.length > 1 && images.some(([n]) => n === '*')) problems.push('all containers are already specified by *, but saw more than one container_name=container_image pairs');
  if (problems.length > 0) return { exitCode: 1, stdout: '', stderr: checkErr(problems.map((message) => ({ message }))) };

  let stdout = '';
  const errors: CmdError[] = [];
  for (const t of targets) {
    if (!t.obj) continue;
    const spec = podSpecOf(t.obj);
    if (!spec) {
      errors.push({ message: `error: ${resourceInfo(t.obj.kind).resource}/${t.name} the object is not a pod or does not have a pod template: *v1.${t.obj.kind}` });
      continue;
    }
    const swap = (list: readonly Container[] | undefined, name: string, image: string) => {
      let found = false;
      const next = list?.map((c) => {
        if (c.name !== name && name !== '*') return c;
        found = true;
        return { ...c, image };
      });
      return { next, found };
    };
    let containers = spec.containers;
    let initContainers = spec.initContainers;
    for (const [name, image] of images) {
      const init = swap(initContainers, name, image);
      const main = swap(containers, name, image);
      initContainers = init.next;
      containers = main.next ?? [];
      if (!init.found && !main.found) errors.push({ message: `error: unable to find container named ${JSON.stringify(name)}` });
    }
    const nextSpec: PodSpec = { ...spec, containers, ...(initContainers ? { initContainers } : {}) };
    // No image changed: nothing is recorded or patched (`transformed` stays false upstream).
    if (JSON.stringify(nextSpec) === JSON.stringify(spec)) continue;
    const next = recorder.record(withPodSpec(t.obj, nextSpec));
    if (dryRun !== 'client') {
      const r = dryRun === 'server' ? ctx.cluster.api.update(next, { dryRun: true }) : ctx.client.update(next, `${ctx.line}: set image`);
      if (!r.ok) {
        errors.push({ message: `failed to patch image update to pod template: ${r.error.message}` });
        continue;
      }
    }
    stdout += `${kubectlKindPrefix(t.info.kind)}/${t.name} image updated${dryRunSuffix(dryRun)}\n`;
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr: checkErr(errors) };
}

function podSpecOf(obj: ApiObject): PodSpec | undefined {
  if (obj.kind === 'Pod') return obj.spec;
  if (obj.kind === 'DaemonSet') return obj.spec.template.spec;
  return undefined;
}

function withPodSpec(obj: ApiObject, spec: PodSpec): ApiObject {
  if (obj.kind === 'Pod') return { ...obj, spec } as Pod;
  const ds = obj as DaemonSet;
  return { ...ds, spec: { ...ds.spec, template: { ...ds.spec.template, spec } } };
}
