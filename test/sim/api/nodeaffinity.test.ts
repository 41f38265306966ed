import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileNodeSelector, compileNodeSelectorMap, compileRequiredNodeAffinity } from '../../../src/sim/api/nodeaffinity.js';
import type { Node, NodeSelector, NodeSelectorRequirement, PodSpec } from '../../../src/sim/api/types.js';

const names = fc.constantFrom('node-1', 'node-2', '');

const requirement: fc.Arbitrary<NodeSelectorRequirement> = fc.record({
  key: fc.constantFrom('metadata.name', 'zone'),
  operator: fc.constantFrom('In', 'NotIn', 'Exists') as fc.Arbitrary<NodeSelectorRequirement['operator']>,
  values: fc.option(fc.array(names, { maxLength: 2 }), { nil: undefined }),
});

/** The DaemonSet pin, or something close to it (a second value, another operator, expressions beside it). */
const term = fc.oneof(
  names.map((n) => ({ matchFields: [{ key: 'metadata.name', operator: 'In' as const, values: [n] }] })),
  fc.record({
    matchExpressions: fc.option(fc.array(requirement, { maxLength: 2 }), { nil: undefined }),
    matchFields: fc.option(fc.array(requirement, { maxLength: 2 }), { nil: undefined }),
  }),
);

const selector: fc.Arbitrary<NodeSelector> = fc.record({ nodeSelectorTerms: fc.array(term, { maxLength: 2 }) });

const spec: fc.Arbitrary<Pick<PodSpec, 'nodeSelector' | 'affinity'>> = fc.record({
  nodeSelector: fc.option(fc.constantFrom<Record<string, string>>({}, { zone: 'a' }), { nil: undefined }),
  affinity: fc.option(fc.record({ nodeAffinity: fc.record({ requiredDuringSchedulingIgnoredDuringExecution: selector }) }), { nil: undefined }),
});

const node: fc.Arbitrary<Node> = fc
  .record({ name: names, zone: fc.option(fc.constantFrom('a', 'b', 'node-1'), { nil: undefined }) })
  .map(({ name, zone }) => ({ kind: 'Node', metadata: { name, ...(zone ? { labels: { zone } } : {}) }, spec: {}, status: {} }) as unknown as Node);

describe('compileRequiredNodeAffinity', () => {
  it('matches exactly what the nodeSelector AND the required selector match, the DaemonSet pin included', () => {
    fc.assert(
      fc.property(spec, fc.array(node, { minLength: 1, maxLength: 4 }), (s, nodes) => {
        const required = s.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
        const bySelector = compileNodeSelectorMap(s.nodeSelector);
        const byRequired = required ? compileNodeSelector(required) : () => true;
        const compiled = compileRequiredNodeAffinity(s);
        for (const n of nodes) expect(compiled(n)).toBe(bySelector(n) && byRequired(n));
      }),
    );
  });

  it('a pin matches its node only', () => {
    const pinned = compileRequiredNodeAffinity({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: ['node-1'] }] }] } } } });
    expect(pinned({ metadata: { name: 'node-1' } } as Node)).toBe(true);
    expect(pinned({ metadata: { name: 'node-2' } } as Node)).toBe(false);
  });
});
