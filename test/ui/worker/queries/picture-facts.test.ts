/**
 * The `pictureFacts` query reports the engine's own verdicts: misscheduled pods, scheduled
 * NoExecute evictions with their deadline, and the rolling update's budget.
 */
import { describe, expect, it } from 'vitest';
import { pictureFactsQuery } from '../../../../src/ui/worker/queries/picture-facts.js';
import { DAEMONSET, Stream } from '../../../view/stream.js';

function dsUid(s: Stream): string {
  return s.cluster.store.list('DaemonSet')[0]!.metadata.uid;
}

describe('pictureFacts query', () => {
  it('names the nodes where a daemon pod runs but should not (a NoSchedule taint added later)', () => {
    const s = new Stream().run(`sim node add node-1\nsim node add node-2\n${DAEMONSET()}sim settle\nkubectl taint node node-2 dedicated=gpu:NoSchedule\nsim settle\n`);
    const facts = pictureFactsQuery(s);
    expect(facts.misscheduled).toEqual({ [dsUid(s)]: ['node-2'] });
    expect(s.cluster.store.list('DaemonSet')[0]!.status.numberMisscheduled).toBe(1);
  });

  it('reports a scheduled eviction with the deadline the toleration sets', () => {
    const s = new Stream().run(`sim node add node-1\n${DAEMONSET()}sim settle\n`);
    s.run(`kubectl patch ds agent --type merge -p '{"spec":{"template":{"spec":{"tolerations":[{"key":"maint","operator":"Exists","effect":"NoExecute","tolerationSeconds":30}]}}}}'\nsim settle\nkubectl taint node node-1 maint=now:NoExecute\n`);
    const facts = pictureFactsQuery(s);
    const pod = [...s.cluster.store.podsOnNode('node-1')].find((p) => !p.metadata.deletionTimestamp)!;
    expect(facts.evictions[pod.metadata.uid]).toEqual({ node: 'node-1', createdAt: s.cluster.now, fireAt: s.cluster.now + 30_000 });
  });

  it('gives each rolling update its budget from the controller', () => {
    const s = new Stream().run(`sim node add node-1\nsim node add node-2\nsim node add node-3\n${DAEMONSET()}sim settle\nkubectl set image ds/agent agent=registry.example/agent:2.0\n`);
    const budget = pictureFactsQuery(s).budgets[dsUid(s)];
    expect(budget).toMatchObject({ maxUnavailable: 1, maxSurge: 0, desiredNumberScheduled: 3 });
    expect(budget?.numUnavailable).toBeGreaterThanOrEqual(1);
  });
});
