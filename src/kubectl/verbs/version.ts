/**
 * `kubectl version [--client]`: the simulated kubectl and API server are the release the fleet's
 * kubelets run (`KUBELET_VERSION`), with the kustomize kubectl of that release bundles.
 */
import { KUBELET_VERSION } from '../../sim/controllers/kubelet/registration.js';
import type { Verb } from '../context.js';
import { flagBool, parseFlags, type FlagSpec } from '../flags.js';
import { fail, ok } from '../result.js';

/** The kustomize version kubectl v1.34 embeds. */
const KUSTOMIZE_VERSION = 'v5.7.1';

export const VERSION_FLAGS: readonly FlagSpec[] = [{ name: 'client', type: 'bool' }];

export const version: Verb = (_ctx, argv) => {
  const flags = parseFlags(argv, VERSION_FLAGS, 'version');
  if ('error' in flags) return fail(flags.error);
  if (flags.args.length > 0) return fail(`error: unexpected arguments: [${flags.args.join(' ')}]`);
  const client = `Client Version: ${KUBELET_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`;
  return ok(flagBool(flags, 'client') ? client : `${client}Server Version: ${KUBELET_VERSION}\n`);
};
