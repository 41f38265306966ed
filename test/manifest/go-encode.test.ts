/** An object through its typed Go struct (`goEncodeObject`): Go field order, zero values, no unknown fields. */
import { describe, expect, it } from 'vitest';
import { goEncodeObject } from '../../src/manifest/go-encode.js';

describe('goEncodeObject', () => {
  it('writes the fields in Go declaration order, kind first, and sorts map keys', () => {
    const pod = goEncodeObject({
      status: {},
      spec: { dnsPolicy: 'ClusterFirst', containers: [{ resources: {}, image: 'nginx', name: 'web' }], restartPolicy: 'Always' },
      metadata: { labels: { b: '2', a: '1' }, name: 'web' },
      apiVersion: 'v1',
      kind: 'Pod',
    });
    expect(JSON.stringify(pod)).toBe(
      '{"kind":"Pod","apiVersion":"v1","metadata":{"name":"web","labels":{"a":"1","b":"2"}},' +
        '"spec":{"containers":[{"name":"web","image":"nginx","resources":{}}],"restartPolicy":"Always","dnsPolicy":"ClusterFirst"},"status":{}}',
    );
  });

  it('writes the structs that are not pointers and the fields without omitempty, drops empty omitempty ones and unknown fields', () => {
    const pod = goEncodeObject({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'p', creationTimestamp: null },
      spec: { containers: [{ name: 'c', bogus: 1, args: [] }], nodeName: '' },
      extra: {},
    });
    // status and resources are structs; containers has no omitempty; a zero creationTimestamp is omitzero.
    expect(pod).toEqual({ kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', resources: {} }] }, status: {} });
    expect(goEncodeObject({ apiVersion: 'v1', kind: 'Pod', metadata: {}, spec: {} })).toEqual({ kind: 'Pod', apiVersion: 'v1', metadata: {}, spec: { containers: null }, status: {} });
  });

  it('keeps what pointers hold, zero or not, and leaves a kind it has no schema for alone', () => {
    const spec = { containers: [{ name: 'c', securityContext: { privileged: false } }], terminationGracePeriodSeconds: 0 };
    const pod = goEncodeObject({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec });
    expect((pod as { spec: unknown }).spec).toEqual({ containers: [{ name: 'c', resources: {}, securityContext: { privileged: false } }], terminationGracePeriodSeconds: 0 });
    const other = { apiVersion: 'v1', kind: 'ConfigMap', data: { b: '1', a: '2' } };
    expect(goEncodeObject(other)).toBe(other);
  });
});
