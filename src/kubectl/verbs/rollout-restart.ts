/**
 * `kubectl rollout restart`: kubectl `pkg/cmd/rollout/rollout_restart.go` with polymorphichelpers'
 * `defaultObjectRestarter` (the template annotation `kubectl.kubernetes.io/restartedAt` set to now
 * in RFC3339, so a second restart in the same second changes nothing and is refused).
 *
 * Restart names its objects by arguments or `-f` (rollout-target.ts) and prints the API server's
 * answer through cli-runtime's `PrintFlags` (create-printer.ts): by default
 * `daemonset.apps/NAME restarted`, with `-o` the restarted object. `--field-manager` changes
 * nothing: the playground keeps no managedFields.
 */
import { kubectlKindPrefix } from '../../sim/apiserver/resources.js';
import { rfc3339 } from '../../sim/engine/time.js';
import { goEncodeObject } from '../../manifest/go-encode.js';
import type { JsonMap } from '../apply/json.js';
import type { VerbContext } from '../context.js';
import type { ParsedFlags } from '../flags.js';
import type { ExecResult } from '../result.js';
import { createPrinter } from './create-printer.js';
import { notSupported, patchErrorsText, rolloutInfosOrEnd } from './rollout-target.js';

export const RESTARTED_AT = 'kubectl.kubernetes.io/restartedAt';

/**
 * `RestartOptions` `Validate` then `RunRestart`: the builder's errors first (`r.Infos()`), then per
 * object the restart patch, written, and the answer printed by a printer asked for that object
 * (`ToPrinter("restarted")`, so YAML documents are not apart by `---`). kubectl asks for the
 * printer after the write; here a bad `-o` refuses each object before it, so it changes nothing.
 */
export function rolloutRestart(ctx: VerbContext, flags: ParsedFlags): ExecResult {
  const infos = rolloutInfosOrEnd(ctx, flags);
  if ('end' in infos) return infos.end;
  let stdout = '';
  const errors: string[] = [];
  const now = rfc3339(ctx.cluster.now);
  for (const { info, obj } of infos.objects) {
    if (obj.kind !== 'DaemonSet') {
      errors.push(notSupported(info, obj.metadata.name, 'restarting'));
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
  const failed = errors.length > 0 || infos.error !== undefined;
  return { exitCode: failed ? 1 : 0, stdout, stderr: patchErrorsText(infos.error, errors) };
}
