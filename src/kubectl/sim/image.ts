/**
 * `sim image`: how an image behaves in this cluster's registry and runtime.
 *
 *   sim image IMAGE --behaviour ok|pull-error|crash|never-ready [--after DURATION]
 *   sim image                      lists the behaviours set so far
 *
 * - ok: pulls, starts, passes readiness (the default for every image).
 * - pull-error: the registry has no such tag: ErrImagePull, then ImagePullBackOff.
 * - crash: exits with code 1 SIM_DEFAULTS.crashAfterSeconds after each start (CrashLoopBackOff);
 *   with `--after D` it runs, and passes readiness, until D after each start.
 * - never-ready: runs but never passes readiness.
 * For an init container, ok means it runs to completion (exit 0) and never-ready that it never
 * completes.
 *
 * A behaviour applies from the next pull or container start on (`--behavior` is accepted too).
 */
import type { Verb } from '../context.js';
import { flagString, parseSimFlags, type FlagSpec } from '../flags.js';
import { fail, ok } from '../result.js';
import { formatDuration, parseDuration } from '../../sim/engine/time.js';
import { parseImageName } from '../../sim/apiserver/strategies/image.js';
import type { Kubelet } from '../../sim/controllers/kubelet/kubelet.js';
import { BEHAVIOURS, type Behaviour, type ImageBehaviour } from '../../sim/controllers/kubelet/images.js';

function describe(b: ImageBehaviour, crashAfter: number): string {
  switch (b.behaviour) {
    case 'ok':
      return 'ok (pulls, starts and passes readiness)';
    case 'pull-error':
      return 'pull-error (the registry answers "not found": ErrImagePull, then ImagePullBackOff)';
    case 'crash':
      return `crash (exits with code 1 ${b.afterMs !== undefined ? formatDuration(b.afterMs) : `${crashAfter}s`} after each start)`;
    case 'never-ready':
      return 'never-ready (runs but never passes readiness)';
  }
}

/** `--behavior` is the American spelling, accepted as the same flag. */
export const IMAGE_FLAGS: readonly FlagSpec[] = [
  { name: 'behaviour', type: 'string' },
  { name: 'behavior', type: 'string' },
  { name: 'after', type: 'string' },
];

export const image: Verb = (ctx, argv) => {
  const f = parseSimFlags(argv, IMAGE_FLAGS, 'image');
  if ('error' in f) return fail(f.error);
  const kubelet = ctx.cluster.controller<Kubelet>('kubelet');
  if (!kubelet) return fail('this cluster runs no kubelet, so images have no behaviour');
  const crashAfter = ctx.cluster.defaults.crashAfterSeconds;
  if (f.args.length === 0 && flagString(f, 'behaviour') === undefined && flagString(f, 'behavior') === undefined) {
    const set = Object.entries(kubelet.imageBehaviours());
    if (set.length === 0) return ok('no image behaviours set: every image pulls, starts and passes readiness\n');
    return ok(set.map(([img, b]) => `${img}: ${describe(b, crashAfter)}\n`).join(''));
  }
  if (f.args.length !== 1) return fail('sim image needs one image, e.g. "sim image registry.example/agent:1.1 --behaviour crash"');
  const ref = f.args[0]!;
  if (!parseImageName(ref)) return fail(`invalid image reference "${ref}"`);
  const text = flagString(f, 'behaviour') ?? flagString(f, 'behavior');
  if (text === undefined) return fail(`--behaviour is required: ${BEHAVIOURS.join(', ')}`);
  if (!(BEHAVIOURS as readonly string[]).includes(text)) return fail(`invalid --behaviour "${text}": use ${BEHAVIOURS.join(', ')}`);
  const behaviour = text as Behaviour;
  const afterText = flagString(f, 'after');
  let afterMs: number | undefined;
  if (afterText !== undefined) {
    if (behaviour !== 'crash') return fail(`--after only applies to --behaviour crash (got --behaviour ${behaviour})`);
    const d = parseDuration(afterText);
    if (typeof d !== 'number') return fail(`invalid --after "${afterText}": ${d.error}`);
    if (d <= 0) return fail(`invalid --after "${afterText}": must be longer than 0s`);
    afterMs = d;
  }
  const b: ImageBehaviour = afterMs !== undefined ? { behaviour, afterMs } : { behaviour };
  kubelet.setImageBehaviour(ref, b);
  return ok(`image ${ref}: ${describe(b, crashAfter)}\n`);
};
