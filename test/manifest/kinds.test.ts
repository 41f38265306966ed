import { describe, expect, it } from 'vitest';
import { isSupportedKind, resourceMappingError, SUPPORTED_KINDS } from '../../src/manifest/index.js';

describe('supported kinds', () => {
  it('are the six kinds the playground serves', () => {
    expect(SUPPORTED_KINDS).toEqual([
      { apiVersion: 'v1', kind: 'Namespace' },
      { apiVersion: 'v1', kind: 'Node' },
      { apiVersion: 'v1', kind: 'Pod' },
      { apiVersion: 'apps/v1', kind: 'DaemonSet' },
      { apiVersion: 'apps/v1', kind: 'ControllerRevision' },
      { apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass' },
    ]);
    expect(isSupportedKind('apps/v1', 'DaemonSet')).toBe(true);
    expect(isSupportedKind('apps/v1', 'daemonset')).toBe(false);
    expect(isSupportedKind('v1', 'DaemonSet')).toBe(false);
  });

  it('pass the REST mapping', () => {
    expect(resourceMappingError({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass' }, 'pc.yaml')).toBeUndefined();
  });
});

describe('resourceMappingError', () => {
  it("gives kubectl's message for a kind the playground does not serve", () => {
    const obj = { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' } };
    expect(resourceMappingError(obj, 'STDIN')).toBe(
      'resource mapping not found for name: "web" namespace: "" from "STDIN": no matches for kind "Deployment" in version "apps/v1"\nensure CRDs are installed first',
    );
  });

  it('names the namespace when the manifest sets one, and an old API version of a served kind', () => {
    const obj = { apiVersion: 'extensions/v1beta1', kind: 'DaemonSet', metadata: { name: 'old', namespace: 'kube-system' } };
    expect(resourceMappingError(obj, 'ds.yaml')).toBe(
      'resource mapping not found for name: "old" namespace: "kube-system" from "ds.yaml": no matches for kind "DaemonSet" in version "extensions/v1beta1"\nensure CRDs are installed first',
    );
  });

  it('searches the core group when apiVersion is missing (--validate=ignore)', () => {
    expect(resourceMappingError({ kind: 'Pod', metadata: { name: 'p' } }, 'p.yaml')).toBeUndefined();
    expect(resourceMappingError({ kind: 'DaemonSet', metadata: { name: 'd' } }, 'd.yaml')).toBe(
      'resource mapping not found for name: "d" namespace: "" from "d.yaml": no matches for kind "DaemonSet" in group ""\nensure CRDs are installed first',
    );
  });
});
