import { describe, expect, it } from 'vitest';
import type { DaemonSetSpec, Taint } from '../../../../src/sim/api/types.js';
import { nodeShouldRunDaemonPod, MSG_NODE_AFFINITY, MSG_NODE_NAME } from '../../../../src/sim/controllers/daemonset/eligibility.js';
import { daemonSet, node } from './fixtures.js';
import { dsSpec } from './helpers.js';

const withPodSpec = (extra: Record<string, unknown>): Partial<DaemonSetSpec> => {
  const base = dsSpec();
  return { template: { ...base.template, spec: { ...base.template.spec, ...extra } } };
};

describe('TestNodeShouldRunDaemonPod: (shouldRun, shouldContinueRunning) table', () => {
  const cases: { name: string; spec?: Partial<DaemonSetSpec>; labels?: Record<string, string>; taints?: Taint[]; unschedulable?: boolean; want: [boolean, boolean]; failed?: string }[] = [
    { name: 'ShouldRunDaemonPod', want: [true, true] },
    {
      name: 'InsufficientResourceError (resources are the scheduler\'s business)',
      spec: withPodSpec({ containers: [{ name: 'agent', image: 'a', resources: { requests: { cpu: '64', memory: '1Ti' } } }] }),
      want: [true, true],
    },
    { name: 'ErrPodNotFitsHostPorts', spec: withPodSpec({ containers: [{ name: 'agent', image: 'a', ports: [{ containerPort: 80, hostPort: 80 }] }] }), want: [true, true] },
    { name: 'ShouldRunDaemonPodOnUnschedulableNode', unschedulable: true, want: [true, true] },
    { name: 'template nodeName names this node', spec: withPodSpec({ nodeName: 'n' }), want: [true, true] },
    { name: 'ErrPodNotMatchHostName (template nodeName names another node)', spec: withPodSpec({ nodeName: 'other' }), want: [false, false], failed: MSG_NODE_NAME },
    { name: 'nodeSelector matches', spec: withPodSpec({ nodeSelector: { disk: 'ssd' } }), labels: { disk: 'ssd' }, want: [true, true] },
    { name: 'ErrNodeSelectorNotMatch', spec: withPodSpec({ nodeSelector: { disk: 'ssd' } }), labels: { disk: 'hdd' }, want: [false, false], failed: MSG_NODE_AFFINITY },
    {
      name: 'ErrPodAffinityNotMatch (required node affinity In)',
      spec: withPodSpec({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] }] } } } }),
      labels: { zone: 'b' },
      want: [false, false],
      failed: MSG_NODE_AFFINITY,
    },
    {
      name: 'required node affinity NotIn matches a node without the label',
      spec: withPodSpec({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'NotIn', values: ['a'] }] }] } } } }),
      want: [true, true],
    },
    {
      name: 'matchFields metadata.name In [n]',
      spec: withPodSpec({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n'] }] }] } } } }),
      want: [true, true],
    },
    { name: 'TestTaintedNodeDaemonDoesNotLaunchIntolerantPod: untolerated NoSchedule keeps running, no create', taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }], want: [false, true], failed: 'node(s) had untolerated taint(s)' },
    { name: 'untolerated NoExecute taint: delete', taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoExecute' }], want: [false, false], failed: 'node(s) had untolerated taint(s)' },
    { name: 'PreferNoSchedule is ignored', taints: [{ key: 'dedicated', value: 'gpu', effect: 'PreferNoSchedule' }], want: [true, true] },
    {
      name: 'tolerated NoSchedule taint',
      spec: withPodSpec({ tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' }] }),
      taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }],
      want: [true, true],
    },
    { name: 'not-ready:NoSchedule is not tolerated by default (NotReady node)', taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }], want: [false, true] },
    { name: 'TestNotReadyNodeDaemonLaunchesPod: not-ready:NoExecute is tolerated', taints: [{ key: 'node.kubernetes.io/not-ready', effect: 'NoExecute' }], want: [true, true] },
    { name: 'TestUnreachableNodeDaemonLaunchesPod: unreachable:NoExecute is tolerated', taints: [{ key: 'node.kubernetes.io/unreachable', effect: 'NoExecute' }], want: [true, true] },
    { name: 'unschedulable:NoSchedule (cordon) is tolerated', taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }], want: [true, true] },
    { name: 'TestTaintPressureNodeDaemonLaunchesPod: memory/disk/pid pressure are tolerated', taints: ['memory', 'disk', 'pid'].map((k) => ({ key: `node.kubernetes.io/${k}-pressure`, effect: 'NoSchedule' as const })), want: [true, true] },
    { name: 'network-unavailable without hostNetwork', taints: [{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }], want: [false, true] },
    { name: 'network-unavailable with hostNetwork', spec: withPodSpec({ hostNetwork: true }), taints: [{ key: 'node.kubernetes.io/network-unavailable', effect: 'NoSchedule' }], want: [true, true] },
    {
      name: 'NoSchedule then NoExecute: reports the first, cannot continue',
      taints: [
        { key: 'a', value: '1', effect: 'NoSchedule' },
        { key: 'b', value: '2', effect: 'NoExecute' },
      ],
      want: [false, false],
      failed: 'node(s) had untolerated taint(s)',
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const n = node('n', { labels: c.labels ?? {}, taints: c.taints ?? [] });
      const nn = c.unschedulable ? { ...n, spec: { ...n.spec, unschedulable: true } } : n;
      const v = nodeShouldRunDaemonPod(nn, daemonSet(c.spec));
      expect([v.shouldRun, v.shouldContinueRunning]).toEqual(c.want);
      expect(v.reasons.map((r) => r.name)).toEqual(['NodeName', 'NodeAffinity', 'TaintToleration']);
      const failures = v.reasons.filter((r) => !r.passed).map((r) => r.message);
      if (c.failed) expect(failures[0]).toBe(c.failed);
      if (c.want[0]) expect(failures).toEqual([]);
    });
  }

  it('a TaintToleration verdict names the taint and its effect as data', () => {
    const v = nodeShouldRunDaemonPod(node('n', { taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }] }), daemonSet());
    const t = v.reasons.find((r) => r.name === 'TaintToleration')!;
    expect(t).toMatchObject({ passed: false, taint: { key: 'dedicated', value: 'gpu', effect: 'NoSchedule' } });
    expect(t.detail).toMatch(/keeps running/);
  });

  it('is memoised per (template, node object): a changed node is evaluated afresh', () => {
    const ds = daemonSet();
    const n = node('n');
    expect(nodeShouldRunDaemonPod(n, ds)).toBe(nodeShouldRunDaemonPod(n, ds));
    const tainted = { ...n, spec: { taints: [{ key: 'x', effect: 'NoExecute' as const }] } };
    expect(nodeShouldRunDaemonPod(tainted, ds).shouldContinueRunning).toBe(false);
  });
});
