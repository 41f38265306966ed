import { describe, expect, it } from 'vitest';
import { runScript } from '../../../src/kubectl/session.js';

describe('kubectl version', () => {
  it('prints the client, kustomize and server versions of the simulated release', () => {
    const out = runScript('kubectl version\nkubectl version --client\nkubectl version x\n');
    if ('error' in out) throw new Error(out.error);
    expect(out.results[0]!.stdout).toMatch(/^Client Version: v1\.\d+\.\d+\nKustomize Version: v5\.\d+\.\d+\nServer Version: v1\.\d+\.\d+\n$/);
    expect(out.results[1]!.stdout).not.toContain('Server Version');
    expect(out.results[2]!.exitCode).toBe(1);
  });
});
