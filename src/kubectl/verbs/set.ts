/**
 * `kubectl set image (TYPE NAME | TYPE/NAME | -l SEL | --all) CONTAINER=IMAGE... [--dry-run]`
 * (kubectl `pkg/cmd/set/set_image.go`: `Complete`, `Validate`, `Run`; `setImage`;
 * `polymorphichelpers.UpdatePodSpecForObject`). `*` names every container. Prints
 * `daemonset.apps/NAME image updated`; prints nothing for an object whose images already match
 * (its patch is `{}`). An unknown container is `error: unable to find container named "x"`.
 * Only the `image` subcommand exists here.
 */
import type { ApiObject, Container, DaemonSet, Pod, PodSpec } from '../../sim/api/types.js';
import { kubectlKindPrefix, resourceInfo } from '../../sim/apiserver/resources.js';
import type { Verb, VerbContext } from '../context.js';
import { flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { fail, type ExecResult } from '../result.js';
import { checkErr, type CmdError } from './check-err.js';
import { DRY_RUN_FLAG, dryRunStrategy, dryRunSuffix } from './dry-run.js';
import { splitResourcesAndPairs } from './metadata-edit.js';
import { commandNamespace, resolveTargets } from './targets.js';

const FLAGS: readonly FlagSpec[] = [
  { name: 'selector', short: 'l', type: 'string' },
  { name: 'all', type: 'bool' },
  { name: 'record', type: 'bool' },
  { name: 'field-manager', type: 'string' },
  DRY_RUN_FLAG,
];

export const set: Verb = (ctx, argv) => {
  const [sub, ...rest] = argv;
  if (sub === 'image') return setImage(ctx, rest);
  if (sub === undefined || sub.startsWith('-')) return fail('error: a subcommand is required: "kubectl set image ..."');
  return fail(`error: unknown command "${sub}" for "kubectl set"\nRun 'kubectl set --help' for usage.`);
};

function setImage(ctx: VerbContext, argv: readonly string[]): ExecResult {
  const flags = parseFlags(argv, FLAGS, 'set image');
  if ('error' in flags) return fail(flags.error);
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
  const problems: string[] = [];
  if (split.resources.length < 1) problems.push('one or more resources must be specified as <resource> <name> or <resource>/<name>');
  if (images.length < 1) problems.push('at least one image update is required');
  else if (images.length > 1 && images.some(([n]) => n === '*')) problems.push('all containers are already specified by *, but saw more than one container_name=container_image pairs');
  if (problems.length > 0) return { exitCode: 1, stdout: '', stderr: checkErr(problems.map((message) => ({ message }))) };

  const selector = flagString(flags, 'selector');
  const targets = resolveTargets(ctx, { args: split.resources, namespace: commandNamespace(flags).namespace, ...(selector ? { selector } : {}), all: flagBool(flags, 'all') });
  if ('error' in targets) return fail(targets.error);
  let stdout = '';
  const errors: CmdError[] = [];
  for (const t of targets) {
    if (!t.obj) {
      errors.push({ status: t.missing! });
      continue;
    }
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
    if (JSON.stringify(nextSpec) === JSON.stringify(spec)) continue;
    if (dryRun !== 'client') {
      const next = withPodSpec(t.obj, nextSpec);
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
