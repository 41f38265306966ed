import { describe, expect, it } from 'vitest';
import type { Affinity } from '../../../../src/sim/api/types.js';
import { getTargetNodeName, replaceDaemonSetPodNodeNameNodeAffinity } from '../../../../src/sim/controllers/daemonset/node-affinity-pin.js';
import { pod } from './fixtures.js';

const pin = (n: string) => ({ nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: [n] }] }] });

describe('TestReplaceDaemonSetPodNodeNameNodeAffinity: the pin to one node', () => {
  it('creates the affinity when there is none', () => {
    expect(replaceDaemonSetPodNodeNameNodeAffinity(undefined, 'n1')).toEqual({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pin('n1') } });
  });

  it('adds nodeAffinity beside pod anti-affinity', () => {
    const a: Affinity = { podAntiAffinity: { x: 1 } };
    expect(replaceDaemonSetPodNodeNameNodeAffinity(a, 'n1')).toEqual({ podAntiAffinity: { x: 1 }, nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pin('n1') } });
  });

  it('sets the required part and keeps preferred terms', () => {
    const preferred = [{ weight: 1, preference: { matchExpressions: [{ key: 'k', operator: 'Exists' as const }] } }];
    const out = replaceDaemonSetPodNodeNameNodeAffinity({ nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: preferred } }, 'n1');
    expect(out.nodeAffinity).toEqual({ preferredDuringSchedulingIgnoredDuringExecution: preferred, requiredDuringSchedulingIgnoredDuringExecution: pin('n1') });
  });

  it('replaces the whole required term list (user terms and match fields are dropped)', () => {
    const a: Affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            { matchExpressions: [{ key: 'zone', operator: 'In', values: ['a'] }] },
            { matchFields: [{ key: 'metadata.name', operator: 'In', values: ['n2'] }] },
          ],
        },
      },
    };
    expect(replaceDaemonSetPodNodeNameNodeAffinity(a, 'n1')).toEqual({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pin('n1') } });
    expect(a.nodeAffinity!.requiredDuringSchedulingIgnoredDuringExecution!.nodeSelectorTerms).toHaveLength(2);
  });
});

describe('the pinned affinity of a template affinity parsed again', () => {
  /** A template affinity as a fresh parse of one manifest makes it: a new object each call. */
  const parsed = (zone = 'a'): Affinity => ({
    nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'zone', operator: 'In', values: [zone] }] }] } },
    podAntiAffinity: { x: 1 },
  });

  it('is the same tree per node when the new object holds the same content (a rollout by apply)', () => {
    const first = replaceDaemonSetPodNodeNameNodeAffinity(parsed(), 'n1');
    expect(replaceDaemonSetPodNodeNameNodeAffinity(parsed(), 'n1')).toBe(first);
    expect(replaceDaemonSetPodNodeNameNodeAffinity(parsed(), 'n2')).not.toBe(first);
    expect(replaceDaemonSetPodNodeNameNodeAffinity(parsed(), 'n2')).toEqual({ podAntiAffinity: { x: 1 }, nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: pin('n2') } });
  });

  it('is a tree of its own when the content or its key order changed', () => {
    const first = replaceDaemonSetPodNodeNameNodeAffinity(parsed(), 'n1');
    const changed = replaceDaemonSetPodNodeNameNodeAffinity(parsed('b'), 'n1');
    expect(changed).not.toBe(first);
    const reordered: Affinity = { podAntiAffinity: { x: 1 }, nodeAffinity: parsed().nodeAffinity };
    const out = replaceDaemonSetPodNodeNameNodeAffinity(reordered, 'n1');
    expect(out).not.toBe(first);
    expect(Object.keys(out)).toEqual(['podAntiAffinity', 'nodeAffinity']);
  });

  it('keeps a key holding undefined apart from an absent key (their JSON is the same)', () => {
    const absent = replaceDaemonSetPodNodeNameNodeAffinity({ podAffinity: { y: 1 } }, 'n1');
    const holdsUndefined = replaceDaemonSetPodNodeNameNodeAffinity({ podAffinity: { y: 1 }, podAntiAffinity: undefined }, 'n1');
    expect(holdsUndefined).not.toBe(absent);
    expect(Object.hasOwn(holdsUndefined, 'podAntiAffinity')).toBe(true);
  });
});

describe('TestGetTargetNodeName: mapping a daemon pod to its node', () => {
  it('uses spec.nodeName when bound', () => {
    expect(getTargetNodeName({ ...pod('p', 'n1'), spec: { ...pod('p', 'n1').spec, nodeName: 'bound' } })).toBe('bound');
  });

  it('uses the matchFields pin when unbound', () => {
    expect(getTargetNodeName(pod('p', 'n1', { bound: false }))).toBe('n1');
  });

  it('errors without affinity, with no terms, with a non-unique value, or with no name term', () => {
    const base = pod('p', 'n1', { bound: false });
    const withAff = (affinity: Affinity | undefined) => ({ ...base, spec: { ...base.spec, affinity } });
    expect(getTargetNodeName(withAff(undefined))).toEqual({ error: 'no spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution for pod default/p' });
    expect(getTargetNodeName(withAff({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } }))).toEqual({
      error: 'no nodeSelectorTerms in requiredDuringSchedulingIgnoredDuringExecution of pod default/p',
    });
    expect(
      getTargetNodeName(withAff({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['a', 'b'] }] }] } } })),
    ).toEqual({ error: "the matchFields value of 'metadata.name' is not unique for pod default/p" });
    expect(
      getTargetNodeName(withAff({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'x', operator: 'Exists' }] }] } } })),
    ).toEqual({ error: 'no node name found for pod default/p' });
  });
});
