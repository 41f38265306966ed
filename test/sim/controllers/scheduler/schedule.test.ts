/**
 * `schedulePod` picks among the feasible nodes as filtering every node and then scoring every
 * feasible one does: the highest LeastAllocated score, ties to the first in name order, with
 * the count of feasible nodes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Node, Pod } from '../../../../src/sim/api/types.js';
import { runFilterPluginsWithNominatedPods } from '../../../../src/sim/controllers/scheduler/filters.js';
import type { ClusterView } from '../../../../src/sim/controllers/scheduler/framework.js';
import { NodeInfo } from '../../../../src/sim/controllers/scheduler/nodeinfo.js';
import { leastAllocatedScore } from '../../../../src/sim/controllers/scheduler/plugins/leastallocated.js';
import { newCycleState, schedulePod } from '../../../../src/sim/controllers/scheduler/schedule.js';
import { makeNode, podObject } from './helpers.js';

const nodeSpec = fc.record({
  cpu: fc.constantFrom('1', '2', '4'),
  memory: fc.constantFrom('1Gi', '4Gi', '8Gi'),
  used: fc.array(fc.record({ cpu: fc.constantFrom('100m', '500m', '1'), memory: fc.constantFrom('128Mi', '1Gi') }), { maxLength: 3 }),
  unschedulable: fc.boolean(),
});

describe('schedulePod', () => {
  it('chooses what filtering every node, then scoring the feasible ones, chooses', () => {
    fc.assert(
      fc.property(fc.array(nodeSpec, { minLength: 1, maxLength: 6 }), fc.constantFrom('100m', '500m', '1', '2'), fc.constantFrom('64Mi', '1Gi', '3Gi'), (specs, cpu, memory) => {
        const nodes: Node[] = specs.map((s, i) => makeNode(`node-${i}`, { cpu: s.cpu, memory: s.memory, unschedulable: s.unschedulable }));
        const infos = new Map(nodes.map((n, i) => [n.metadata.name, NodeInfo.fromPods(n, specs[i]!.used.map((u, j): Pod => podObject(`used-${i}-${j}`, { nodeName: n.metadata.name, cpu: u.cpu, memory: u.memory })))]));
        const view: ClusterView = {
          numNodes: () => nodes.length,
          nodes: () => nodes,
          node: (name) => nodes.find((n) => n.metadata.name === name),
          nodeInfo: (n) => infos.get(n.metadata.name)!,
          nominatedPods: () => [],
        };
        const state = newCycleState(podObject('web', { cpu, memory }));
        const feasible = nodes.map((n) => infos.get(n.metadata.name)!).filter((info) => !runFilterPluginsWithNominatedPods(state, info, []));
        const got = schedulePod(state, view);
        if (feasible.length === 0) {
          expect(got.kind).toBe('unschedulable');
          return;
        }
        const scores = feasible.map((info) => (feasible.length === 1 ? 0 : leastAllocatedScore(state, info)));
        const best = feasible[scores.indexOf(Math.max(...scores))]!;
        expect(got).toEqual({ kind: 'scheduled', node: best.name, feasibleNodes: feasible.length });
      }),
    );
  });
});
