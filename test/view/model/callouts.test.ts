/**
 * A lesson step's callouts found in the picture: a node lights its card, a pod selector lights
 * the matching pod on its node (and follows it across a rollout), a DaemonSet lights its pods,
 * a meter its meter; a target the cluster lacks lights nothing and is reported missing.
 */
import { describe, expect, it } from 'vitest';
import type { Callout } from '../../../src/tutorial/model.js';
import { calloutWords, isLit, NO_CALLOUTS, resolveCallouts } from '../../../src/view/model/callouts.js';
import { PictureModel } from '../../../src/view/model/picture-model.js';
import { DAEMONSET, Stream } from '../stream.js';

function started(script: string): { s: Stream; m: PictureModel } {
  const s = new Stream().run(script);
  const m = new PictureModel();
  m.apply(s.reset());
  return { s, m };
}

const TWO = `sim node add node-1
sim node add node-2
${DAEMONSET()}sim settle
`;

const podOn = (m: PictureModel, node: string) => m.node(node)!.rows[0]!.slots[0]!;

describe('resolveCallouts', () => {
  it('lights a node card with its note beside it', () => {
    const { m } = started(TWO);
    const lit = resolveCallouts([{ target: { node: 'node-2' }, text: 'the new node' }], m);
    expect([...lit.nodes]).toEqual([['node-2', [{ target: 'Node node-2', text: 'the new node' }]]]);
    expect(lit.pods.size).toBe(0);
    expect(lit.missing).toEqual([]);
  });

  it('lights the pod a selector finds on its node, only that one, and follows it across a rollout', () => {
    const { s, m } = started(TWO);
    const callouts: Callout[] = [{ target: { pod: { selector: 'app=agent', node: 'node-1', namespace: 'default' } }, text: 'this pod' }];
    const lit = resolveCallouts(callouts, m);
    expect([...lit.pods]).toEqual([podOn(m, 'node-1').pod.uid]);
    expect(isLit(podOn(m, 'node-1'), lit)).toBe(true);
    expect(isLit(podOn(m, 'node-2'), lit)).toBe(false);
    expect([...lit.nodes.keys()]).toEqual(['node-1']);
    m.apply(s.run('kubectl set image ds/agent agent=registry.example/agent:2.0\nsim settle').next());
    const after = resolveCallouts(callouts, m);
    expect([...after.pods]).toEqual([podOn(m, 'node-1').pod.uid]);
    expect(after.pods).not.toEqual(lit.pods);
    expect(after.key).not.toBe(lit.key);
  });

  it('finds no pod for a selector that matches nothing, another namespace or a bad selector', () => {
    const { m } = started(TWO);
    for (const pod of [
      { selector: 'app=other', node: 'node-1', namespace: 'default' },
      { selector: 'app=agent', node: 'node-1', namespace: 'logging' },
      { selector: 'app in (', node: 'node-1', namespace: 'default' },
    ]) {
      const lit = resolveCallouts([{ target: { pod }, text: 't' }], m);
      expect(lit.pods.size).toBe(0);
      expect(lit.missing).toHaveLength(1);
    }
  });

  it('lights every pod of a DaemonSet and names its status-strip row; a meter lights the meter', () => {
    const { m } = started(TWO);
    const lit = resolveCallouts(
      [
        { target: { daemonset: 'agent', namespace: 'default' }, text: 'one per node' },
        { target: { meter: 'unavailable' }, text: 'a Deployment would allow 9' },
      ],
      m,
    );
    const uid = m.daemonSets()[0]!.uid;
    expect([...lit.daemonSets.keys()]).toEqual([uid]);
    expect([...lit.daemonSetKeys.keys()]).toEqual(['default/agent']);
    expect(isLit(podOn(m, 'node-1'), lit)).toBe(true);
    expect(isLit(podOn(m, 'node-2'), lit)).toBe(true);
    expect(lit.meters.get('unavailable')).toEqual({ target: 'Meter: unavailable', text: 'a Deployment would allow 9' });
    expect(lit.nodes.size).toBe(0);
  });

  it('reports a target that is not in the cluster and lights nothing for it', () => {
    const { m } = started(TWO);
    const lit = resolveCallouts([{ target: { node: 'node-9' }, text: 'gone' }, { target: { daemonset: 'nope', namespace: 'default' }, text: 'x' }], m);
    expect(lit.nodes.size).toBe(0);
    expect(lit.daemonSets.size).toBe(0);
    expect(lit.missing.map((n) => n.target)).toEqual(['Node node-9', 'DaemonSet nope']);
  });

  it('is the empty result without callouts, and says each callout in words', () => {
    const { m } = started(TWO);
    expect(resolveCallouts([], m)).toBe(NO_CALLOUTS);
    expect(calloutWords([{ target: { node: 'node-1' }, text: 'here' }, { target: { meter: 'surge' }, text: 'two at once' }])).toBe('Node node-1: here. Meter: surge: two at once');
  });
});
