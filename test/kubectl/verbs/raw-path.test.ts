/**
 * raw-uri.ts `requestUriError`: Go's `url.ParseRequestURI` as `--raw` checks it (messages recorded from kubectl
 * 1.32 `delete --raw`, which makes the check offline), and raw-path.ts: the resource paths of the API server's
 * REST tree (the apiserver's `RequestInfoFactory.NewRequestInfo`).
 */
import { describe, expect, it } from 'vitest';
import { parseResourcePath } from '../../../src/kubectl/verbs/raw-path.js';
import { requestUriError } from '../../../src/kubectl/verbs/raw-uri.js';

describe('requestUriError', () => {
  it('accepts absolute paths, with a query, and URLs with a scheme', () => {
    for (const uri of ['/api/v1/nodes/n1', '/api?x=1', '/api?', 'http://x/y', 'x:y', '/a%2Fb']) expect(requestUriError(uri)).toBeUndefined();
  });

  it('words the failures as Go does', () => {
    expect(requestUriError('api/v1/x')).toBe('parse "api/v1/x": invalid URI for request');
    expect(requestUriError(':x')).toBe('parse ":x": missing protocol scheme');
    expect(requestUriError('/api/v1/nodes/%zz')).toBe('parse "/api/v1/nodes/%zz": invalid URL escape "%zz"');
    expect(requestUriError('/a%2')).toBe('parse "/a%2": invalid URL escape "%2"');
    expect(requestUriError('/a\x01b')).toBe('parse "/a\\x01b": net/url: invalid control character in URL');
  });
});

describe('parseResourcePath', () => {
  const at = (path: string) => {
    const p = parseResourcePath(path);
    return p && { kind: p.info.kind, namespace: p.namespace, name: p.name, subresource: p.subresource };
  };

  it('objects, namespaced and cluster-scoped, in the core group and the others', () => {
    expect(at('/api/v1/namespaces/default/pods/web')).toEqual({ kind: 'Pod', namespace: 'default', name: 'web', subresource: undefined });
    expect(at('/apis/apps/v1/namespaces/kube-system/daemonsets/agent')).toEqual({ kind: 'DaemonSet', namespace: 'kube-system', name: 'agent', subresource: undefined });
    expect(at('/api/v1/nodes/node-1')).toEqual({ kind: 'Node', namespace: '', name: 'node-1', subresource: undefined });
    expect(at('/apis/scheduling.k8s.io/v1/priorityclasses/high')).toEqual({ kind: 'PriorityClass', namespace: '', name: 'high', subresource: undefined });
  });

  it('a namespace is the object under namespaces/NAME; what follows is its subresource', () => {
    expect(at('/api/v1/namespaces/team')).toEqual({ kind: 'Namespace', namespace: '', name: 'team', subresource: undefined });
    expect(at('/api/v1/namespaces/team/finalize')).toEqual({ kind: 'Namespace', namespace: '', name: 'team', subresource: 'finalize' });
  });

  it('collections, in a namespace or across all, and subresources', () => {
    expect(at('/api/v1/namespaces/default/pods')).toEqual({ kind: 'Pod', namespace: 'default', name: undefined, subresource: undefined });
    expect(at('/api/v1/pods')).toEqual({ kind: 'Pod', namespace: '', name: undefined, subresource: undefined });
    expect(at('/api/v1/namespaces/default/pods/web/log')).toEqual({ kind: 'Pod', namespace: 'default', name: 'web', subresource: 'log' });
  });

  it('nothing for paths outside the resources served, at other versions, or malformed', () => {
    for (const path of [
      '/api/v1/pods/web',
      '/api/v1/namespaces/default/nodes/n1',
      '/apis/apps/v1beta2/namespaces/default/daemonsets/agent',
      '/api/v1/namespaces/default/configmaps/x',
      '/apis/apps/v1/daemonsets/agent/status/x',
      '/api/v1/nodes//x',
      '/api/v1/nodes/n1/',
      'api/v1/nodes/n1',
      '/version',
      '/apis',
    ]) {
      expect(parseResourcePath(path), path).toBeUndefined();
    }
  });
});
