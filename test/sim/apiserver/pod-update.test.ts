import { describe, expect, it } from 'vitest';
import type { Pod } from '../../../src/sim/api/types.js';
import type { ApiServer } from '../../../src/sim/apiserver/apiserver.js';
import { causes, clone, err, newApi, ok, podDraft } from './helpers.js';

const NOT_CHANGEABLE =
  'spec: Forbidden: pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)\n';

function setup(edit?: (d: any) => void): { api: ApiServer; pod: Pod } {
  const api = newApi();
  return { api, pod: ok(api.create(podDraft(edit))) };
}

describe('ValidatePodUpdate: what may change', () => {
  it('images, labels and annotations may change', () => {
    const { api, pod } = setup();
    const next = clone(pod);
    next.spec.containers[0].image = 'nginx:1.28';
    next.metadata.labels = { app: 'web' };
    const updated = ok(api.update<'Pod'>(next));
    expect(updated.spec.containers[0]!.image).toBe('nginx:1.28');
    expect(updated.metadata.labels).toEqual({ app: 'web' });
  });

  it('tolerations may be added; existing ones may only change their seconds', () => {
    const { api, pod } = setup();
    const next = clone(pod);
    next.spec.tolerations[0].tolerationSeconds = 30;
    next.spec.tolerations.push({ key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' });
    expect(ok(api.update<'Pod'>(next)).spec.tolerations).toHaveLength(3);
    const removed = clone(api.get('Pod', 'default', 'p')!);
    removed.spec.tolerations = removed.spec.tolerations.slice(0, 2);
    removed.spec.tolerations[0].key = 'node.kubernetes.io/other';
    expect(causes(api.update<'Pod'>(removed))).toEqual(['spec.tolerations: Forbidden: existing toleration can not be modified except its tolerationSeconds']);
  });

  it('activeDeadlineSeconds may be set and lowered, not raised or removed', () => {
    const { api, pod } = setup();
    const set = clone(pod);
    set.spec.activeDeadlineSeconds = 100;
    const withDeadline = ok(api.update<'Pod'>(set));
    const raised = clone(withDeadline);
    raised.spec.activeDeadlineSeconds = 200;
    expect(causes(api.update<'Pod'>(raised))).toEqual(['spec.activeDeadlineSeconds: Invalid value: 200: must be less than or equal to previous value']);
    const cleared = clone(withDeadline);
    delete cleared.spec.activeDeadlineSeconds;
    expect(causes(api.update<'Pod'>(cleared))).toEqual(['spec.activeDeadlineSeconds: Invalid value: "null": must not update from a positive integer to nil value']);
  });

  it('any other spec change is Forbidden on spec, with a diff of the changed fields', () => {
    const { api, pod } = setup();
    const next = clone(pod);
    next.spec.nodeSelector = { disk: 'ssd' };
    const [message] = causes(api.update<'Pod'>(next));
    expect(message!.startsWith(NOT_CHANGEABLE)).toBe(true);
    expect(message!.slice(NOT_CHANGEABLE.length)).toBe('  core.PodSpec{\n+ \tNodeSelector: {...},\n  }');
    const grace = clone(pod);
    grace.spec.terminationGracePeriodSeconds = 5;
    expect(causes(api.update<'Pod'>(grace))[0]).toContain('- \tTerminationGracePeriodSeconds: 30,\n+ \tTerminationGracePeriodSeconds: 5,');
  });

  it('a negative terminationGracePeriodSeconds may be raised to 1, and only to 1', () => {
    const { api, pod } = setup((d) => (d.spec.terminationGracePeriodSeconds = -1));
    const five = clone(pod);
    five.spec.terminationGracePeriodSeconds = 5;
    expect(causes(api.update<'Pod'>(five))[0]!.startsWith(NOT_CHANGEABLE)).toBe(true);
    const one = clone(pod);
    one.spec.terminationGracePeriodSeconds = 1;
    expect(ok(api.update<'Pod'>(one)).spec.terminationGracePeriodSeconds).toBe(1);
  });

  it('containers may not be added or removed', () => {
    const { api, pod } = setup();
    const next = clone(pod);
    next.spec.containers.push({ name: 'sidecar', image: 'busybox' });
    expect(causes(api.update<'Pod'>(next))).toEqual(['spec.containers: Forbidden: pod updates may not add or remove containers']);
  });

  it('an image may not be cleared', () => {
    const { api, pod } = setup();
    const next = clone(pod);
    next.spec.containers[0].image = '';
    const r = api.update<'Pod'>(next);
    // Upstream reports it twice (spec validation and ValidateContainerUpdates); the message shows it once.
    expect(causes(r)).toEqual(['spec.containers[0].image: Required value', 'spec.containers[0].image: Required value']);
    expect(err(r).message).toBe('Pod "p" is invalid: spec.containers[0].image: Required value');
  });

  it('a rejected update leaves the stored pod untouched', () => {
    const { api, pod } = setup();
    const next = clone(pod);
    next.spec.nodeName = 'node-1';
    next.metadata.labels = { changed: 'yes' };
    expect(err(api.update<'Pod'>(next)).message.startsWith('Pod "p" is invalid: spec: Forbidden: pod updates may not change fields')).toBe(true);
    expect(api.get('Pod', 'default', 'p')).toBe(pod);
  });
});

describe('Pod PrepareForUpdate', () => {
  it('keeps priority and preemptionPolicy the request left out, and the status', () => {
    const { api, pod } = setup();
    const next = clone(pod);
    delete next.spec.priority;
    delete next.spec.preemptionPolicy;
    next.status = { phase: 'Failed' };
    next.metadata.annotations = { note: 'x' };
    const updated = ok(api.update<'Pod'>(next));
    expect([updated.spec.priority, updated.spec.preemptionPolicy, updated.status.phase]).toEqual([0, 'PreemptLowerPriority', 'Pending']);
  });

  it('re-adds the default tolerations a replace left out (DefaultTolerationSeconds runs on update)', () => {
    const { api, pod } = setup();
    const next = clone(pod);
    delete next.spec.tolerations;
    expect(ok(api.update<'Pod'>(next))).toBe(pod);
  });
});

describe('pods/binding (BindingREST.setPodNodeAndMetadata)', () => {
  it('sets nodeName and PodScheduled=True in one write, and keeps nominatedNodeName (v1.34)', () => {
    const { api, pod } = setup();
    const nominated = ok(api.updateStatus<'Pod'>({ ...pod, status: { ...pod.status, nominatedNodeName: 'node-1' } }));
    const bound = ok(api.bind(nominated, 'node-1'));
    expect(Number(bound.metadata.resourceVersion)).toBe(Number(nominated.metadata.resourceVersion) + 1);
    expect(bound.spec.nodeName).toBe('node-1');
    expect(bound.status.nominatedNodeName).toBe('node-1');
    expect(bound.status.conditions).toEqual([{ type: 'PodScheduled', status: 'True', lastProbeTime: null, lastTransitionTime: '1970-01-01T00:00:00Z' }]);
  });

  it('refuses a pod that is already bound, naming its node', () => {
    const { api, pod } = setup();
    ok(api.bind(pod, 'node-1'));
    expect(err(api.bind(pod, 'node-2')).message).toBe('pod p is already assigned to node "node-1"');
  });
});
