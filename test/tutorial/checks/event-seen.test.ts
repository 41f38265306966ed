import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../src/sim/index.js';
import { EventLog } from '../../../src/tutorial/event-log.js';
import { AGENT } from '../fixture.js';
import { run } from '../cluster.js';
import { check, outcome, parseCheck } from './harness.js';

describe('eventSeen', () => {
  it('counts what the run saw, by object, reason, type and message', () => {
    const c = createCluster();
    const events = new EventLog(c.store);
    c.subscribe((e) => events.observe(e));
    run(c, 'sim node add node-1');
    run(c, 'sim node add node-2');
    run(c, 'sim settle');
    run(c, 'kubectl apply -f -', AGENT);
    run(c, 'sim settle');
    const created = check('eventSeen', "involvedObject: daemonset/agent\ntype: Normal\nreason: SuccessfulCreate\nmessage: '^Created pod: agent-'\nminCount: 3");
    expect(outcome(created, c, events)).toEqual({ passed: false, reason: '2 Normal SuccessfulCreate events for daemonset/agent matching /^Created pod: agent-/, want at least 3' });
    run(c, 'kubectl delete pod -l app=agent --field-selector spec.nodeName=node-1');
    run(c, 'sim settle');
    expect(outcome(created, c, events).passed).toBe(true);
    expect(outcome(check('eventSeen', 'involvedObject: {kind: Pod, selector: app=agent}\nreason: Killing'), c, events).passed).toBe(true);
    expect(outcome(check('eventSeen', 'involvedObject: {kind: Node, name: node-2}\nreason: NodeReady'), c, events).passed).toBe(true);
  });

  it('rejects a regex that does not compile, where it is written', () => {
    expect(parseCheck('eventSeen', "involvedObject: daemonset/a\nreason: X\nmessage: '(['").problems).toEqual([
      expect.stringMatching(/^lesson\.yaml:3:10: check "c": "message" is not a valid regular expression/),
    ]);
  });
});
