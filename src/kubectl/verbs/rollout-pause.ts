/**
 * `kubectl rollout pause` and `kubectl rollout resume`: kubectl `pkg/cmd/rollout/rollout_pause.go`
 * and `rollout_resume.go` (`RunPause`, `RunResume`) with polymorphichelpers' `defaultObjectPauser`
 * and `defaultObjectResumer`, which know Deployments only. The playground serves no Deployments,
 * so every object found is refused, each with its own line when there are several:
 * `error: daemonsets.apps "agent" pausing is not supported`.
 *
 * The objects are named by arguments, `-l` or `-f` (rollout-target.ts), the error `r.Infos()`
 * returned (NotFound, the files' own) coming first. The printer flags (`-o`, `--template`, ...) and
 * `--field-manager` are accepted and never used: kubectl asks for a printer only for an object it
 * has paused, resumed, or found already so, so even an `-o` it does not know goes unremarked.
 */
import type { VerbContext } from '../context.js';
import type { ParsedFlags } from '../flags.js';
import type { ExecResult } from '../result.js';
import { notSupported, patchErrorsText, rolloutInfosOrEnd } from './rollout-target.js';

/** `PauseOptions` / `ResumeOptions` `Validate`, then `RunPause` / `RunResume` up to their helper's refusal of each object. */
export function rolloutPauseResume(ctx: VerbContext, flags: ParsedFlags, doing: 'pausing' | 'resuming'): ExecResult {
  const infos = rolloutInfosOrEnd(ctx, flags);
  if ('end' in infos) return infos.end;
  const refused = infos.objects.map(({ info, obj }) => notSupported(info, obj.metadata.name, doing));
  return { exitCode: 1, stdout: '', stderr: patchErrorsText(infos.error, refused) };
}
