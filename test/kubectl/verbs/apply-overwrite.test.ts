/**
 * `kubectl apply --overwrite=false` (kubectl `pkg/cmd/apply/patcher.go` `patchSimple`, apimachinery
 * `CreateThreeWayMergePatch` with `overwrite` false and `mergepatch.NewErrConflict`). Expected
 * outputs are read from that source: an existing object needs a server, so kubectl 1.32 cannot
 * record them offline.
 */
import { describe, expect, it } from 'vitest';
import { DS_YAML, expectUnchanged, fixture } from './mutating-fixture.js';

/** What apply.go and the patcher print before the conflict's own text. */
const ERROR_HEAD =
  'error: error when applying patch:\n\nto:\nResource: "apps/v1, Resource=daemonsets", GroupVersionKind: "apps/v1, Kind=DaemonSet"\nName: "log-agent", Namespace: "default"\nfor: "STDIN": error when patching "STDIN": creating patch with:\noriginal:\n';

describe('kubectl apply --overwrite=false', () => {
  it('an unchanged manifest is unchanged, whatever others changed elsewhere in the object', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    f.run('kubectl label ds log-agent team=infra');
    expect(f.run('kubectl apply -f - --overwrite=false', DS_YAML)).toEqual({ exitCode: 0, stdout: 'daemonset.apps/log-agent unchanged\n', stderr: '' });
  });

  it('refuses to put back a field the live object changed: two warnings, then the error, nothing changed', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    f.run('kubectl set image ds/log-agent agent=registry.example/log-agent:2.0');
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl apply -f - --overwrite=false', DS_YAML);
      expect(r.exitCode).toBe(1);
      expect(r.stdout).toBe('');
      const conflict =
        'patch:\nspec:\n  template:\n    spec:\n      $setElementOrder/containers:\n      - name: agent\n      containers:\n      - image: registry.example/log-agent:1.0\n        name: agent\n\n' +
        'conflicts with changes made from original to current:\n';
      // patchSimple's OpenAPI v3 and v2 attempts each warn with the conflict, the built-in types' is the error.
      const [v3, v2, error] = r.stderr.split(/(?=^warning: error calculating patch from openapi spec: |^error: )/m);
      expect(v3!.startsWith(`warning: error calculating patch from openapi v3 spec: ${conflict}`)).toBe(true);
      expect(v2).toBe(v3!.replace('openapi v3 spec', 'openapi spec'));
      expect(error!.startsWith(ERROR_HEAD)).toBe(true);
      expect(error!.endsWith(`\n\nfor: ${v3!.slice('warning: error calculating patch from openapi v3 spec: '.length)}`)).toBe(true);
      expect(v3).toContain('      - image: registry.example/log-agent:2.0\n');
    });
  });

  it('refuses any change to the manifest: the last-applied annotation itself was changed since the last apply', () => {
    const f = fixture();
    f.run('kubectl apply -f -', DS_YAML);
    expectUnchanged(f.cluster, () => {
      const r = f.run('kubectl apply -f - --overwrite=false', DS_YAML.replace(':1.0', ':1.1'));
      expect(r.exitCode).toBe(1);
      expect(r.stderr).toMatch(/^warning: error calculating patch from openapi v3 spec: patch:\nmetadata:\n {2}annotations:\n {4}kubectl\.kubernetes\.io\/last-applied-configuration: \|\n/);
      expect(r.stderr).toContain('\nconflicts with changes made from original to current:\nmetadata:\n  annotations:\n');
    });
  });
});
