/** Every F20 state has words, built once for the text twin and the tooltips. */
import { describe, expect, it } from 'vitest';
import { PictureModel } from '../../../src/view/model/picture-model.js';
import { nodeWords, pendingWords, slotWords, type WordContext } from '../../../src/view/model/words.js';
import { DAEMONSET, Stream } from '../stream.js';

function ctxOf(m: PictureModel, now: number): WordContext {
  return { daemonSet: (uid) => m.daemonSet(uid), revisionOf: (p) => m.revisionOf(p), now };
}

describe('words', () => {
  it('starts a node with its name, then readiness, taints and each pod with its STATUS', () => {
    const s = new Stream().run(`sim node add node-1\nsim node add node-2 --taints dedicated=gpu:NoSchedule\n${DAEMONSET()}sim settle\n`);
    const m = new PictureModel();
    m.apply(s.reset());
    const text = nodeWords(m.node('node-1')!, ctxOf(m, s.cluster.now));
    expect(text).toMatch(/^node-1, Ready, no taints, pods: agent-\w{5} Running, revision 1, ready$/);
    expect(nodeWords(m.node('node-2')!, ctxOf(m, s.cluster.now))).toBe('node-2, Ready, taints dedicated=gpu:NoSchedule, no pods');
  });

  it('names misscheduled, surge, eviction countdowns with the toleration, grace and soak', () => {
    const s = new Stream().run(`sim node add node-1\n${DAEMONSET('registry.example/agent:1.0', '  minReadySeconds: 10\n')}sim settle\n`);
    const m = new PictureModel();
    m.apply(s.reset());
    const now = s.cluster.now;
    const slot = m.node('node-1')!.rows[0]!.slots[0]!;
    const ctx = ctxOf(m, now);
    expect(slotWords(slot, ctx)).toContain('available');
    expect(slotWords({ ...slot, misscheduled: true, surge: true, eviction: { createdAt: now, fireAt: now + 25_000, toleration: 'maint:NoExecute op=Exists for 30s' } }, ctx)).toContain(
      'misscheduled, surge, evicting in 25 s (toleration maint:NoExecute op=Exists for 30s)',
    );
    const soaking = slotWords(slot, { ...ctx, now: slot.pod.readySince + 4000 });
    expect(soaking).toContain('soaking 4 of 10 s, not yet available');
    const dying = slotWords({ ...slot, pod: { ...slot.pod, deletionAt: now + 12_000, graceSeconds: 30 } }, ctx);
    expect(dying).toContain('terminating, 12 s of grace left');
  });

  it('explains a pending pod with the node it waits for and the scheduler message', () => {
    const s = new Stream().run(`sim node add small --cpu 100m\n${DAEMONSET()}sim settle\n`);
    const m = new PictureModel();
    m.apply(s.reset());
    expect(pendingWords(m.pending()[0]!)).toMatch(/^agent-\w{5} Pending, for node small, FailedScheduling: 0\/1 nodes are available: 1 Insufficient cpu/);
  });
});
