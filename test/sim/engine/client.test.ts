/** The intents a controller's writes record: one per write, keys in one order, the error last on a failure. */
import { describe, expect, it } from 'vitest';
import { ControllerClient, type Intent } from '../../../src/sim/engine/client.js';
import type { EventRecorder } from '../../../src/sim/engine/events.js';
import { newApi, ok, podDraft } from '../apiserver/helpers.js';

function client(): { c: ControllerClient; api: ReturnType<typeof newApi>; intents: Intent[] } {
  const api = newApi();
  const intents: Intent[] = [];
  const c = new ControllerClient(api, undefined as unknown as EventRecorder, 'kubelet', () => 0, (i) => intents.push(i));
  return { c, api, intents };
}

describe('ControllerClient intents', () => {
  it('updatePodStatus records the intent updateStatus records, for a write and for a failure', () => {
    const a = client();
    const b = client();
    const podA = ok(a.api.create(podDraft()));
    const podB = ok(b.api.create(podDraft()));
    a.c.updateStatus<'Pod'>({ ...podA, status: { ...podA.status, hostIP: '10.0.0.1' } }, 'reports it');
    b.c.updatePodStatus(podB, { ...podB.status, hostIP: '10.0.0.1' }, 'reports it');
    a.api.store.remove('Pod', 'default', podA.metadata.name);
    b.api.store.remove('Pod', 'default', podB.metadata.name);
    a.c.updateStatus<'Pod'>({ ...podA, status: { ...podA.status, hostIP: '10.0.0.2' } }, 'reports it again');
    b.c.updatePodStatus(podB, { ...podB.status, hostIP: '10.0.0.2' }, 'reports it again');
    expect(JSON.stringify(b.intents)).toBe(JSON.stringify(a.intents));
    expect(b.intents.map((i) => Object.keys(i))).toEqual([
      ['controller', 'verb', 'kind', 'namespace', 'name', 'reason'],
      ['controller', 'verb', 'kind', 'namespace', 'name', 'reason', 'error'],
    ]);
    expect(b.intents[1]).toMatchObject({ controller: 'kubelet', verb: 'updateStatus', kind: 'Pod', namespace: 'default', reason: 'reports it again' });
    expect(b.intents[1]!.error).toMatch(/not found/);
  });
});
