import { describe, expect, it } from 'vitest';
import type { IntOrString, Pod } from '../../../../src/sim/api/types.js';
import { compileDaemonSetTemplate } from '../../../../src/sim/controllers/daemonset/eligibility.js';
import { allowsSurge, surgeCount, unavailableCount, updatedDesiredNodeCounts } from '../../../../src/sim/controllers/daemonset/update-budget.js';
import { withDaemonSetDefaults } from '../../../../src/sim/controllers/daemonset/defaults.js';
import { daemonSet, node, pod } from './fixtures.js';

function counts(n: number, maxUnavailable: IntOrString, maxSurge: IntOrString, podsOn: string[] = []) {
  const ds = daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable, maxSurge } } });
  const nodes = Array.from({ length: n }, (_, i) => node(`node-${i}`));
  const map = new Map<string, Pod[]>(podsOn.map((name) => [name, [pod(`p-${name}`, name, { readySince: 0 })]]));
  const r = updatedDesiredNodeCounts(ds, nodes, map, compileDaemonSetTemplate(ds.spec.template));
  return { r, map };
}

describe('TestGetUnavailableNumbers: updatedDesiredNodeCounts (budget, ceil on desired)', () => {
  it('No nodes: 0 and 0, no fallback', () => {
    expect(counts(0, 0, 0).r).toMatchObject({ maxUnavailable: 0, maxSurge: 0, desiredNumberScheduled: 0, fellBackToOneUnavailable: false });
  });
  it('Two nodes with ready pods, maxUnavailable 1', () => {
    expect(counts(2, 1, 0, ['node-0', 'node-1']).r).toMatchObject({ maxUnavailable: 1, maxSurge: 0, desiredNumberScheduled: 2 });
  });
  it('Two nodes, both 0: falls back to maxUnavailable 1', () => {
    expect(counts(2, 0, 0, ['node-0']).r).toMatchObject({ maxUnavailable: 1, maxSurge: 0, fellBackToOneUnavailable: true });
  });
  it('percentages round up: 2 x 50% = 1, 3 x 50% = 2, 1 x 1% = 1', () => {
    expect(counts(2, '50%', 0).r).toMatchObject({ maxUnavailable: 1 });
    expect(counts(3, '50%', 0).r).toMatchObject({ maxUnavailable: 2 });
    expect(counts(1, '1%', 0).r).toMatchObject({ maxUnavailable: 1 });
  });
  it('surge percentages round up: 2 x 50% = 1, 2 x 100% = 2, 3 x 25% = 1', () => {
    expect(counts(2, 0, '50%').r).toMatchObject({ maxSurge: 1, maxUnavailable: 0 });
    expect(counts(2, 0, '100%').r).toMatchObject({ maxSurge: 2 });
    expect(counts(3, 0, '25%').r).toMatchObject({ maxSurge: 1 });
  });
  it('adds an empty entry for every desired node without pods, and none for ineligible nodes', () => {
    const ds = daemonSet();
    const nodes = [node('a'), node('b', { taints: [{ key: 'x', effect: 'NoSchedule' }] }), node('c')];
    const map = new Map<string, Pod[]>([['a', [pod('p', 'a')]]]);
    const r = updatedDesiredNodeCounts(ds, nodes, map, compileDaemonSetTemplate(ds.spec.template));
    expect(r).toMatchObject({ desiredNumberScheduled: 2 });
    expect([...map.keys()].sort()).toEqual(['a', 'c']);
    expect(map.get('c')).toEqual([]);
  });
  it('an invalid percentage is an error', () => {
    expect(counts(2, 'x', 0).r).toEqual({ error: 'invalid value for MaxUnavailable: invalid value for IntOrString: invalid type: string is not a percentage' });
  });
});

describe('SurgeCount / UnavailableCount / AllowsSurge', () => {
  it('OnDelete resolves both to 0 and never surges', () => {
    const ds = daemonSet({ updateStrategy: { type: 'OnDelete' } });
    expect(surgeCount(ds, 10)).toBe(0);
    expect(unavailableCount(ds, 10)).toBe(0);
    expect(allowsSurge(ds)).toBe(false);
  });
  it('any non-zero maxSurge allows surge, even 1% (ceil of 1 node)', () => {
    expect(allowsSurge(daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '1%' } } }))).toBe(true);
    expect(allowsSurge(daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } } }))).toBe(false);
    expect(allowsSurge(daemonSet({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: '0%' } } }))).toBe(false);
  });
  it('a DaemonSet without strategy behaves as apps/v1 defaults it (RollingUpdate, maxUnavailable 1, maxSurge 0)', () => {
    const raw = daemonSet();
    const bare = { ...raw, spec: { ...raw.spec, updateStrategy: undefined, revisionHistoryLimit: undefined } };
    const d = withDaemonSetDefaults(bare);
    expect(d.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    expect(d.spec.revisionHistoryLimit).toBe(10);
    expect(unavailableCount(bare, 5)).toBe(1);
    expect(surgeCount(bare, 5)).toBe(0);
  });
});
