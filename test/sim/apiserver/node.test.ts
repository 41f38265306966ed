import { describe, expect, it } from 'vitest';
import type { Node } from '../../../src/sim/api/types.js';
import { causes, clone, newApi, ok } from './helpers.js';
import { DNS_SUBDOMAIN, LABEL_VALUE, NAME_PART } from './messages.js';

function nodeDraft(edit?: (d: any) => void): any {
  const d: any = {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name: 'node-1' },
    spec: {},
    status: { capacity: { cpu: '4', memory: '8Gi', pods: '110' } },
  };
  edit?.(d);
  return d;
}

const NOT_READY = { key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' };

describe('Node defaults', () => {
  it('allocatable defaults to capacity; a given allocatable is kept', () => {
    expect(ok(newApi().create<'Node'>(nodeDraft())).status.allocatable).toEqual({ cpu: '4', memory: '8Gi', pods: '110' });
    const given = ok(newApi().create<'Node'>(nodeDraft((d) => (d.status.allocatable = { cpu: '3500m', memory: '7Gi', pods: '110' }))));
    expect(given.status.allocatable).toEqual({ cpu: '3500m', memory: '7Gi', pods: '110' });
  });

  it('a namespace in the request is dropped for a cluster-scoped kind', () => {
    const api = newApi();
    const node = ok(api.create<'Node'>(nodeDraft((d) => (d.metadata.namespace = 'default'))));
    expect(node.metadata.namespace).toBeUndefined();
    expect(api.get('Node', '', 'node-1')).toBe(node);
  });
});

describe('TaintNodesByCondition admission', () => {
  it('a new node gets node.kubernetes.io/not-ready:NoSchedule after its own taints', () => {
    const node = ok(newApi().create<'Node'>(nodeDraft((d) => (d.spec.taints = [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }]))));
    expect(node.spec.taints).toEqual([{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }, NOT_READY]);
  });

  it('not when it already has that key and effect; a NoExecute one does not count', () => {
    const own = { key: 'node.kubernetes.io/not-ready', value: 'x', effect: 'NoSchedule' };
    expect(ok(newApi().create<'Node'>(nodeDraft((d) => (d.spec.taints = [own])))).spec.taints).toEqual([own]);
    const noExecute = { key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' };
    expect(ok(newApi().create<'Node'>(nodeDraft((d) => (d.spec.taints = [noExecute])))).spec.taints).toEqual([noExecute, NOT_READY]);
  });

  it('nodes registering without taints share one list, which validation checks once', () => {
    const api = newApi();
    const one: Node = ok(api.create<'Node'>(nodeDraft()));
    const two: Node = ok(api.create<'Node'>(nodeDraft((d) => (d.metadata.name = 'node-2'))));
    expect(one.spec.taints).toEqual([NOT_READY]);
    expect(two.spec.taints).toBe(one.spec.taints);
    const tainted: Node = ok(api.create<'Node'>(nodeDraft((d) => ((d.metadata.name = 'node-3'), (d.spec.taints = [{ key: 'dedicated', effect: 'NoSchedule' }])))));
    expect(tainted.spec.taints).not.toBe(one.spec.taints);
  });

  it('only on create: an update may remove the taint', () => {
    const api = newApi();
    const node: Node = ok(api.create<'Node'>(nodeDraft()));
    const next = clone(node);
    next.spec.taints = [];
    expect(ok(api.update<'Node'>(next)).spec.taints).toEqual([]);
  });
});

describe('ValidateNode', () => {
  it('the name must be a DNS-1123 subdomain', () => {
    expect(causes(newApi().create<'Node'>(nodeDraft((d) => (d.metadata.name = 'Node 1'))))).toEqual([`metadata.name: Invalid value: "Node 1": ${DNS_SUBDOMAIN}`]);
  });

  it('taint key, value and effect', () => {
    const taints = [
      { key: 'bad key', value: 'a b', effect: 'NoSchedule' },
      { key: 'k', effect: 'Sometimes' },
      { key: 'j' },
    ];
    expect(causes(newApi().create<'Node'>(nodeDraft((d) => (d.spec.taints = taints))))).toEqual([
      `spec.taints[0].key: Invalid value: "bad key": ${NAME_PART}`,
      `spec.taints[0].value: Invalid value: "a b": ${LABEL_VALUE}`,
      'spec.taints[1].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
      'spec.taints[2].effect: Required value',
    ]);
  });

  it('taints are unique by key and effect', () => {
    const taints = [
      { key: 'k', value: 'a', effect: 'NoSchedule' },
      { key: 'k', value: 'b', effect: 'NoExecute' },
      { key: 'k', value: 'c', effect: 'NoSchedule' },
    ];
    expect(causes(newApi().create<'Node'>(nodeDraft((d) => (d.spec.taints = taints))))).toEqual([
      'spec.taints[2]: Duplicate value: core.Taint{Key:"k", Value:"c", Effect:"NoSchedule", TimeAdded:(*v1.Time)(nil)}: taints must be unique by key and effect pair',
    ]);
  });
});
