/**
 * `kubectl version [--client] [-o json|yaml]`: kubectl `pkg/cmd/version/version.go`
 * (`Options.Complete`, `Validate`, `Run`). The simulated kubectl and API server are the release the
 * fleet's kubelets run (`KUBELET_VERSION`), built as the upstream release was, with the kustomize
 * that kubectl release bundles.
 *
 * With -o the `Version` struct is printed: `clientVersion` and `serverVersion` are apimachinery's
 * `version.Info`, the server's carrying the emulation and minimum-compatibility versions a 1.34 API
 * server reports (component-base `effectiveVersion.Info`: the binary's minor, and one less).
 * --client leaves `serverVersion` out. Client and server are one release, so kubectl's skew
 * warning (`getVersionSkewWarning`, more than one minor apart) never fires here.
 */
import { KUBELET_VERSION } from '../../sim/controllers/kubelet/registration.js';
import type { Verb } from '../context.js';
import { flagBool, flagString, parseFlags, type FlagSpec } from '../flags.js';
import { toYaml } from '../print/object-output.js';
import { fail, ok } from '../result.js';
import { versionInfo } from './version-info.js';

/** The kustomize version kubectl v1.34 embeds (the `kustomizeVersion` constant of version.go). */
const KUSTOMIZE_VERSION = 'v5.7.1';

export const VERSION_FLAGS: readonly FlagSpec[] = [
  { name: 'client', type: 'bool' },
  { name: 'output', short: 'o', type: 'string' },
];

export const version: Verb = (_ctx, argv) => {
  const flags = parseFlags(argv, VERSION_FLAGS, 'version');
  if ('error' in flags) return fail(flags.error);
  const clientOnly = flagBool(flags, 'client');
  // Complete keeps the arguments only when it asks the server, so --client ignores them.
  if (!clientOnly && flags.args.length > 0) return fail(`error: extra arguments: [${flags.args.join(' ')}]`);
  const output = flagString(flags, 'output') ?? '';
  if (output !== '' && output !== 'yaml' && output !== 'json') return fail("error: --output must be 'yaml' or 'json'");
  if (output === '') {
    const client = `Client Version: ${KUBELET_VERSION}\nKustomize Version: ${KUSTOMIZE_VERSION}\n`;
    return ok(clientOnly ? client : `${client}Server Version: ${KUBELET_VERSION}\n`);
  }
  const doc = { clientVersion: versionInfo(false), kustomizeVersion: KUSTOMIZE_VERSION, ...(clientOnly ? {} : { serverVersion: versionInfo(true) }) };
  // Run prints either marshalling with Println: MarshalIndent's two spaces, or the YAML (already ending in a newline) and a blank line.
  return ok(output === 'json' ? `${JSON.stringify(doc, null, 2)}\n` : `${toYaml(doc)}\n`);
};
