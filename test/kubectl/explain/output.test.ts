/**
 * `kubectl explain -o/--output`: kubectl `pkg/cmd/explain/explain.go` (`ExplainOptions.Run`'s template switch)
 * and `pkg/explain/v2` (`printModelDescriptionWithGenerator`, `generator.Render`), from reading upstream v0.34.0.
 */
import { describe, expect, it } from 'vitest';
import { nodeFieldDocs } from '../../../src/cli/field-docs.js';
import { exec } from '../../../src/kubectl/exec.js';
import { createCluster } from '../../../src/sim/index.js';

const run = (line: string) => exec(createCluster(), line, undefined, { fieldDocs: nodeFieldDocs });

describe('kubectl explain --output', () => {
  it('plaintext is the default template', () => {
    const plain = run('kubectl explain ds.spec.updateStrategy');
    expect(plain.exitCode).toBe(0);
    expect(plain.stdout).toContain('FIELD: updateStrategy <DaemonSetUpdateStrategy>\n');
    expect(run('kubectl explain ds.spec.updateStrategy -o plaintext')).toEqual(plain);
    expect(run('kubectl explain ds.spec.updateStrategy --output=plaintext')).toEqual(plain);
  });

  it('another template name is "unrecognized format", once the group version is found', () => {
    expect(run('kubectl explain ds -o json')).toEqual({ exitCode: 1, stdout: '', stderr: 'error: unrecognized format: json\n' });
    expect(run('kubectl explain ds.spec.nope --output=yaml').stderr).toBe('error: unrecognized format: yaml\n');
    // The resource and the group version are checked first.
    expect(run('kubectl explain ds --api-version=apps/v2 -o json').stderr).toBe('error: couldn\'t find resource for "apps/v2, Resource=daemonsets"\n');
    expect(run('kubectl explain widgets -o json').stderr).toMatch(/^error: the server doesn't have a resource type "widgets"\n/);
  });

  it('plaintext-openapiv2 is refused with a message naming the flag', () => {
    const r = run('kubectl explain pods -o plaintext-openapiv2');
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: --output=plaintext-openapiv2 is not available in this playground: .*plaintext form/);
  });
});
