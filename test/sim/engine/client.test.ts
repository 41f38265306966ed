/** The intents a controller's writes record: one per write, keys in one order, the error last on a failure; none while not recording. */
import { describe, expect, it } from 'vitest';
import { ControllerClient, type Intent, type IntentSink } from '../../../src/sim/engine/client.js';
import type { EventRecorder } from '../../../src/sim/engine/events.js';
import type { KubeEvent } from '../../../src/sim/api/types.js';
import { newApi, ok, podDraft } from '../apiserver/helpers.js';
import { registrationNode } from '../../../src/sim/controllers/kubelet/registration.js';

/** A sink that keeps what it is given in `intents`, recording while `recording` is. */
function sink(recording = true): IntentSink & { recording: boolean; intents: Intent[] } {
  const intents: Intent[] = [];
  return { recording, intents, record: (i) => intents.push(i) };
}

function client(): { c: ControllerClient; api: ReturnType<typeof newApi>; intents: Intent[] } {
  const api = newApi();
  const s = sink();
  const c = new ControllerClient(api, undefined as unknown as EventRecorder, 'kubelet', () => 0, s);
  return { c, api, intents: s.intents };
}

describe('ControllerClient intents', () => {
  it('updateGeneratedStatus records the intent updateStatus records, for a write and for a failure', () => {
    const a = client();
    const b = client();
    const podA = ok(a.api.create(podDraft()));
    const podB = ok(b.api.create(podDraft()));
    a.c.updateStatus<'Pod'>({ ...podA, status: { ...podA.status, hostIP: '10.0.0.1' } }, 'reports it');
    b.c.updateGeneratedStatus(podB, { ...podB.status, hostIP: '10.0.0.1' }, 'reports it');
    a.api.store.remove('Pod', 'default', podA.metadata.name);
    b.api.store.remove('Pod', 'default', podB.metadata.name);
    a.c.updateStatus<'Pod'>({ ...podA, status: { ...podA.status, hostIP: '10.0.0.2' } }, 'reports it again');
    b.c.updateGeneratedStatus(podB, { ...podB.status, hostIP: '10.0.0.2' }, 'reports it again');
    expect(JSON.stringify(b.intents)).toBe(JSON.stringify(a.intents));
    expect(b.intents.map((i) => Object.keys(i))).toEqual([
      ['controller', 'verb', 'kind', 'namespace', 'name', 'reason'],
      ['controller', 'verb', 'kind', 'namespace', 'name', 'reason', 'error'],
    ]);
    expect(b.intents[1]).toMatchObject({ controller: 'kubelet', verb: 'updateStatus', kind: 'Pod', namespace: 'default', reason: 'reports it again' });
    expect(b.intents[1]!.error).toMatch(/not found/);
  });

  it('updateGeneratedStatus records the intent updateStatus records, for a write and for a failure', () => {
    const a = client();
    const b = client();
    const draft = () => registrationNode('node-1', 0, { labels: {}, taints: [], cpu: '4', memory: '8Gi', pods: '110' }, 0);
    const nodeA = ok(a.api.create(draft()));
    const nodeB = ok(b.api.create(draft()));
    const ready = (status: 'True' | 'False') => [{ type: 'Ready', status, reason: 'KubeletReady', message: 'kubelet is posting ready status' }];
    a.c.updateStatus<'Node'>({ ...nodeA, status: { ...nodeA.status, conditions: ready('True') } }, 'posts it');
    b.c.updateGeneratedStatus(nodeB, { ...nodeB.status, conditions: ready('True') }, 'posts it');
    a.api.store.remove('Node', '', 'node-1');
    b.api.store.remove('Node', '', 'node-1');
    a.c.updateStatus<'Node'>({ ...nodeA, status: { ...nodeA.status, conditions: ready('False') } }, 'posts it again');
    b.c.updateGeneratedStatus(nodeB, { ...nodeB.status, conditions: ready('False') }, 'posts it again');
    expect(JSON.stringify(b.intents)).toBe(JSON.stringify(a.intents));
    expect(b.intents[0]).toEqual({ controller: 'kubelet', verb: 'updateStatus', kind: 'Node', namespace: '', name: 'node-1', reason: 'posts it' });
    expect(b.intents[1]!.error).toMatch(/not found/);
  });

  it('event records <reason>: <message>, and the spam filter\'s drop, whatever the reasons and messages before', () => {
    const api = newApi();
    const s = sink();
    const intents = s.intents;
    let written = true;
    const recorder = { record: () => (written ? ({} as KubeEvent) : undefined) } as unknown as EventRecorder;
    const c = new ControllerClient(api, recorder, 'kubelet', () => 0, s);
    const pod = ok(api.create(podDraft()));
    const calls: [string, string, boolean][] = [
      ['Created', 'Created container a', true],
      ['Created', `Created container ${'a'}`, true],
      ['Created', 'Created container b', true],
      ['Started', 'Created container b', true],
      ['Created', 'Created container b', false],
      ['Created', 'Created container a', true],
    ];
    for (const [reason, message, w] of calls) {
      written = w;
      c.event(pod, 'Normal', reason, message, 'node-1');
    }
    expect(intents.map((i) => i.reason)).toEqual([
      'Created: Created container a',
      'Created: Created container a',
      'Created: Created container b',
      'Started: Created container b',
      'Created: Created container b (dropped by the event spam filter)',
      'Created: Created container a',
    ]);
    expect(intents[0]).toEqual({ controller: 'kubelet', verb: 'event', kind: 'Pod', namespace: 'default', name: pod.metadata.name, reason: 'Created: Created container a' });
  });

  it('makes no intent while its sink is not recording, and writes and records Events all the same', () => {
    const api = newApi();
    const s = sink(false);
    let events = 0;
    const recorder = { record: () => (events++, {} as KubeEvent) } as unknown as EventRecorder;
    const c = new ControllerClient(api, recorder, 'kubelet', () => 0, s);
    const pod = ok(api.create(podDraft()));
    expect(c.updateGeneratedStatus(pod, { ...pod.status, hostIP: '10.0.0.1' }, 'reports it').ok).toBe(true);
    c.event(pod, 'Normal', 'Started', 'Started container a', 'node-1');
    expect(api.store.get('Pod', 'default', pod.metadata.name)!.status.hostIP).toBe('10.0.0.1');
    expect(events).toBe(1);
    expect(s.intents).toEqual([]);
    s.recording = true;
    c.event(pod, 'Normal', 'Started', 'Started container a', 'node-1');
    expect(s.intents.map((i) => i.reason)).toEqual(['Started: Started container a']);
  });
});
