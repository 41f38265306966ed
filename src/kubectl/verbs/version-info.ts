/**
 * apimachinery's `version.Info` of the playground's kubectl and API server (`kubectl version -o`,
 * `GET /version`): the release the fleet's kubelets run (`KUBELET_VERSION`), built as the upstream
 * v1.34.3 release binaries were. The API server's adds the emulation and minimum-compatibility
 * versions a 1.34 API server reports (component-base `effectiveVersion.Info`: the binary's minor,
 * and one less).
 */
import { KUBELET_VERSION } from '../../sim/controllers/kubelet/registration.js';

/**
 * How the v1.34.3 release binaries were built (what they report on a real cluster): the commit of
 * the tag, the Go toolchain, and each binary's build time. Change them with KUBELET_VERSION.
 */
const BUILD = {
  gitCommit: 'df11db1c0f08fab3c0baee1e5ce6efbf816af7f1',
  goVersion: 'go1.24.11',
  clientBuildDate: '2025-12-09T15:06:39Z',
  serverBuildDate: '2025-12-09T14:59:13Z',
  platform: 'linux/amd64',
};

/** `version.Info` of kubectl (`server` false) or of the API server, fields in struct order. */
export function versionInfo(server: boolean): Record<string, string> {
  const [major, minor] = KUBELET_VERSION.slice(1).split('.') as [string, string];
  const effective: Record<string, string> = server
    ? { emulationMajor: major, emulationMinor: minor, minCompatibilityMajor: major, minCompatibilityMinor: String(Number(minor) - 1) }
    : {};
  return {
    major,
    minor,
    ...effective,
    gitVersion: KUBELET_VERSION,
    gitCommit: BUILD.gitCommit,
    gitTreeState: 'clean',
    buildDate: server ? BUILD.serverBuildDate : BUILD.clientBuildDate,
    goVersion: BUILD.goVersion,
    compiler: 'gc',
    platform: BUILD.platform,
  };
}
