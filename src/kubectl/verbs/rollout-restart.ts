/**
 * `kubectl rollout restart`, `pause` and `resume`: kubectl `pkg/cmd/rollout/rollout_restart.go`,
 * `rollout_pause.go`, `rollout_resume.go` with polymorphichelpers' `defaultObjectRestarter`
 * (the template annotation `kubectl.kubernetes.io/restartedAt` set to now in RFC3339,
 * so a second restart in the same second changes nothing and is refused), `defaultObjectPauser`
 * and `defaultObjectResumer` (DaemonSets cannot be paused).
 *
 * Restart names its objects by arguments or `-f` (rollout-target.ts) and prints the API server's
 * answer through cli-runtime's `PrintFlags` (create-printer.ts): by default
 * `daemonset.apps/NAME restarted`, with `-o` the restarted object.
 */
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { rfc3339 } from '../../sim/engine/time.js';
import { goEncodeObject } from '../../manifest/go-encode.js';
import type { JsonMap } from '../apply/json.js';
import type { VerbContext } from '../context.js';
import { flagString, type ParsedFlags } from '../flags.js';
import type { ExecResult } from '../result.js';
import { createPrinter } from './create-printer.js';
import { aggregateText, requiredResource, rolloutTargets } from './rollout-target.js';

export const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

/** `No resources found in NS namespace.` when nothing matched and nothing failed. */
function noResources(flags: ParsedFlags): ExecResult {
  return { exitCode: 0, stdout: '', stderr: `No resources found in ${flagString(flags, 'namespace') || 'default'} namespace.\n` };
}

function resourceString(info: { resource: string; group: string }): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

/**
 * `RestartOptions` `Validate` then `RunRestart`: the builder's errors first (`r.Infos()`), then per
 * object the restart patch, written, and the answer printed by a printer asked for that object
 * (`ToPrinter("restarted")`, so YAML documents are not apart by `---`). kubectl asks for the
 * printer after the write; here a bad `-o` refuses each object before it, so it changes nothing.
 */
export function rolloutRestart(ctx: VerbContext, flags: ParsedFlags): ExecResult {
  const missing = requiredResource(flags);
  if (missing) return { exitCode: 1, stdout: '', stderr: aggregateText([missing]) };
  const targets = rolloutTargets(ctx, flags);
  if ('error' in targets) return { exitCode: 1, stdout: '', stderr: aggregateText([targets.error]) };
  if (targets.objects.length === 0 && targets.errors.length === 0) return noResources(flags);
  let stdout = '';
  const errors = [...targets.errors];
  const now = rfc3339(ctx.cluster.now);
  for (const { info, obj } of targets.objects) {
    if (obj.kind !== 'DaemonSet') {
      errors.push(`error: ${resourceString(info)} "${obj.metadata.name}" restarting is not supported`);
      continue;
    }
    const template = obj.spec.template;
    if (template.metadata?.annotations?.[RESTARTED_AT] === now) {
      errors.push(
        `failed to create patch for ${obj.metadata.name}: if restart has already been triggered within the past second, please wait before attempting to trigger another`,
      );
      continue;
    }
    const print = createPrinter(flags, 'none', ctx.readFile, 'restarted');
    if ('error' in print) {
      errors.push(print.error.replace(/^error: /, ''));
      continue;
    }
    const next = {
      ...obj,
      spec: {
        ...obj.spec,
        template: { ...template, metadata: { ...template.metadata, annotations: { ...template.metadata?.annotations, [RESTARTED_AT]: now } } },
      },
    };
    const r = ctx.client.update(next, `kubectl rollout restart: set ${RESTARTED_AT}=${now} on the pod template`);
    if (!r.ok) {
      errors.push(`failed to patch: ${r.error.message}`);
      continue;
    }
    const out = print({ obj: goEncodeObject(r.obj as unknown as JsonMap), ref: `${kubectlKindPrefix(r.obj.kind)}/${r.obj.metadata.name}`, typed: true });
    stdout += out.stdout;
    if (out.error) errors.push(out.error);
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr: aggregateText(errors) };
}

/** `rollout pause` / `rollout resume`: only Deployments support them. */
export function rolloutPauseResume(ctx: VerbContext, flags: ParsedFlags, verb: 'pausing' | 'resuming'): ExecResult {
  const missing = requiredResource(flags);
  if (missing) return { exitCode: 1, stdout: '', stderr: aggregateText([missing]) };
  const targets = rolloutTargets(ctx, flags);
  if ('error' in targets) return { exitCode: 1, stdout: '', stderr: aggregateText([targets.error]) };
  if (targets.objects.length === 0 && targets.errors.length === 0) return noResources(flags);
  const errors = [...targets.errors];
  for (const { info, obj } of targets.objects) errors.push(`error: ${resourceString(info)} "${obj.metadata.name}" ${verb} is not supported`);
  return { exitCode: errors.length > 0 ? 1 : 0, stdout: '', stderr: aggregateText(errors) };
}
