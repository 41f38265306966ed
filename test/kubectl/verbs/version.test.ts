/** `kubectl version`: kubectl `pkg/cmd/version/version.go` (`Options.Complete`, `Validate`, `Run`) for the simulated v1.34 release. */
import { describe, expect, it } from 'vitest';
import { exec } from '../../../src/kubectl/exec.js';
import { runScript } from '../../../src/kubectl/session.js';
import { createCluster } from '../../../src/sim/index.js';

const run = (line: string) => exec(createCluster(), line);

/** The client's `version.Info` as `-o json` indents it (layout recorded from kubectl 1.32: two spaces, struct order). */
const CLIENT_JSON =
  '  "clientVersion": {\n' +
  '    "major": "1",\n' +
  '    "minor": "34",\n' +
  '    "gitVersion": "v1.34.3",\n' +
  '    "gitCommit": "df11db1c0f08fab3c0baee1e5ce6efbf816af7f1",\n' +
  '    "gitTreeState": "clean",\n' +
  '    "buildDate": "2025-12-09T15:06:39Z",\n' +
  '    "goVersion": "go1.24.11",\n' +
  '    "compiler": "gc",\n' +
  '    "platform": "linux/amd64"\n' +
  '  },\n' +
  '  "kustomizeVersion": "v5.7.1"';

describe('kubectl version', () => {
  it('prints the client, kustomize and server versions of the simulated release', () => {
    const out = runScript('kubectl version\nkubectl version --client\nkubectl version x\n');
    if ('error' in out) throw new Error(out.error);
    expect(out.results[0]!.stdout).toBe('Client Version: v1.34.3\nKustomize Version: v5.7.1\nServer Version: v1.34.3\n');
    expect(out.results[1]!.stdout).toBe('Client Version: v1.34.3\nKustomize Version: v5.7.1\n');
    expect(out.results[2]!.exitCode).toBe(1);
  });

  it('-o json: the Version struct; the server adds its emulation and minimum-compatibility versions', () => {
    // serverVersion from reading upstream: Run fills it from discovery, and a 1.34 API server's
    // effectiveVersion.Info reports emulation = binary minor and min compatibility = one less.
    expect(run('kubectl version -o json')).toEqual({
      exitCode: 0,
      stderr: '',
      stdout:
        `{\n${CLIENT_JSON},\n` +
        '  "serverVersion": {\n' +
        '    "major": "1",\n' +
        '    "minor": "34",\n' +
        '    "emulationMajor": "1",\n' +
        '    "emulationMinor": "34",\n' +
        '    "minCompatibilityMajor": "1",\n' +
        '    "minCompatibilityMinor": "33",\n' +
        '    "gitVersion": "v1.34.3",\n' +
        '    "gitCommit": "df11db1c0f08fab3c0baee1e5ce6efbf816af7f1",\n' +
        '    "gitTreeState": "clean",\n' +
        '    "buildDate": "2025-12-09T14:59:13Z",\n' +
        '    "goVersion": "go1.24.11",\n' +
        '    "compiler": "gc",\n' +
        '    "platform": "linux/amd64"\n' +
        '  }\n' +
        '}\n',
    });
  });

  it('--client -o json leaves serverVersion out (recorded from kubectl 1.32)', () => {
    expect(run('kubectl version --client --output=json').stdout).toBe(`{\n${CLIENT_JSON}\n}\n`);
  });

  it('-o yaml: keys sorted, numbers and dates quoted, a blank line after (layout recorded from kubectl 1.32)', () => {
    expect(run('kubectl version --client -o yaml').stdout).toBe(
      'clientVersion:\n' +
        '  buildDate: "2025-12-09T15:06:39Z"\n' +
        '  compiler: gc\n' +
        '  gitCommit: df11db1c0f08fab3c0baee1e5ce6efbf816af7f1\n' +
        '  gitTreeState: clean\n' +
        '  gitVersion: v1.34.3\n' +
        '  goVersion: go1.24.11\n' +
        '  major: "1"\n' +
        '  minor: "34"\n' +
        '  platform: linux/amd64\n' +
        'kustomizeVersion: v5.7.1\n\n',
    );
    const server = run('kubectl version -oyaml').stdout;
    expect(server.slice(server.indexOf('serverVersion:'))).toBe(
      'serverVersion:\n' +
        '  buildDate: "2025-12-09T14:59:13Z"\n' +
        '  compiler: gc\n' +
        '  emulationMajor: "1"\n' +
        '  emulationMinor: "34"\n' +
        '  gitCommit: df11db1c0f08fab3c0baee1e5ce6efbf816af7f1\n' +
        '  gitTreeState: clean\n' +
        '  gitVersion: v1.34.3\n' +
        '  goVersion: go1.24.11\n' +
        '  major: "1"\n' +
        '  minCompatibilityMajor: "1"\n' +
        '  minCompatibilityMinor: "33"\n' +
        '  minor: "34"\n' +
        '  platform: linux/amd64\n\n',
    );
  });

  it("errors are kubectl's; --client ignores extra arguments (recorded from kubectl 1.32)", () => {
    expect(run('kubectl version -o xml')).toEqual({ exitCode: 1, stdout: '', stderr: "error: --output must be 'yaml' or 'json'\n" });
    expect(run('kubectl version --client -o table').stderr).toBe("error: --output must be 'yaml' or 'json'\n");
    expect(run('kubectl version x')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: extra arguments: [x]\n' });
    expect(run('kubectl version --client x')).toEqual({ exitCode: 0, stderr: '', stdout: 'Client Version: v1.34.3\nKustomize Version: v5.7.1\n' });
  });
});
