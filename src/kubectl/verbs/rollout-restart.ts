/**
 * `kubectl rollout restart`, `pause` and `resume`: kubectl `pkg/cmd/rollout/rollout_restart.go`,
 * `rollout_pause.go`, `rollout_resume.go` with polymorphichelpers' `defaultObjectRestarter`
 * (the template annotation `kubectl.kubernetes.io/restartedAt` set to now in RFC3339,
 * so a second restart in the same second changes nothing and is refused), `defaultObjectPauser`
 * and `defaultObjectResumer` (DaemonSets cannot be paused).
 */
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { rfc3339 } from '../../sim/engine/time.js';
import type { VerbContext } from '../context.js';
import { flagString, type ParsedFlags } from '../flags.js';
import type { ExecResult } from '../result.js';
import { rolloutTargets } from './rollout-target.js';

export const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

function errorText(message: string): string {
  return `${message.startsWith('error: ') || message.startsWith('Error from server') ? message : `error: ${message}`}\n`;
}

/**
 * `CheckErr(NewAggregate(allErrs))`: one error is unwrapped and gets `error: `; several are
 * printed one per line as they are (`MultipleErrors`), so only messages that carry their own
 * `error: ` (the not-supported ones) show it.
 */
function aggregateText(errors: readonly string[]): string {
  if (errors.length === 1) return errorText(errors[0]!);
  return errors.map((e) => `${e}\n`).join('');
}

/** `No resources found in NS namespace.` when nothing matched and nothing failed. */
function noResources(flags: ParsedFlags): ExecResult {
  return { exitCode: 0, stdout: '', stderr: `No resources found in ${flagString(flags, 'namespace') || 'default'} namespace.\n` };
}

function resourceString(info: { resource: string; group: string }): string {
  return info.group ? `${info.resource}.${info.group}` : info.resource;
}

export function rolloutRestart(ctx: VerbContext, flags: ParsedFlags): ExecResult {
  const targets = rolloutTargets(ctx.cluster.store, flags);
  if ('error' in targets) return { exitCode: 1, stdout: '', stderr: errorText(targets.error) };
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
    stdout += `${kubectlKindPrefix(obj.kind)}/${obj.metadata.name} restarted\n`;
  }
  return { exitCode: errors.length > 0 ? 1 : 0, stdout, stderr: aggregateText(errors) };
}

/** `rollout pause` / `rollout resume`: only Deployments support them. */
export function rolloutPauseResume(ctx: VerbContext, flags: ParsedFlags, verb: 'pausing' | 'resuming'): ExecResult {
  const targets = rolloutTargets(ctx.cluster.store, flags);
  if ('error' in targets) return { exitCode: 1, stdout: '', stderr: errorText(targets.error) };
  if (targets.objects.length === 0 && targets.errors.length === 0) return noResources(flags);
  const errors = [...targets.errors];
  for (const { info, obj } of targets.objects) errors.push(`error: ${resourceString(info)} "${obj.metadata.name}" ${verb} is not supported`);
  return { exitCode: errors.length > 0 ? 1 : 0, stdout: '', stderr: aggregateText(errors) };
}
