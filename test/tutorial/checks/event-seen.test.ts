import { describe, expect, it } from 'vitest';
import { createCluster } from '../../../src/sim/index.js';
import { EventLog } from '../../../src/tutorial/event-log.js';
import { AGENT } from '../fixture.js';
import { run } from '../cluster.js';
import { check, outcome, parseCheck, titleOf } from './harness.js';

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
    expect(outcome(created, c, events)).toEqual({ passed: false, reason: '2 Normal SuccessfulCreate events for daemonset/agent with the expected message so far; the check needs at least 3' });
    expect(outcome(check('eventSeen', 'involvedObject: daemonset/agent\nreason: FailedCreate'), c, events).reason).toBe('no FailedCreate event for daemonset/agent so far; the check needs one');
    run(c, 'kubectl delete pod -l app=agent --field-selector spec.nodeName=node-1');
    run(c, 'sim settle');
    expect(outcome(created, c, events).passed).toBe(true);
    expect(outcome(check('eventSeen', 'involvedObject: {kind: Pod, selector: app=agent}\nreason: Killing'), c, events).passed).toBe(true);
    expect(outcome(check('eventSeen', 'involvedObject: {kind: Node, name: node-2}\nreason: NodeReady'), c, events).passed).toBe(true);
  });

  it('describes the events it wants in words, never the message regex', () => {
    expect(titleOf('eventSeen', "involvedObject: daemonset/agent\ntype: Normal\nreason: SuccessfulCreate\nmessage: '^Created'\nminCount: 4")).toBe('at least 4 Normal SuccessfulCreate events for daemonset/agent');
    expect(titleOf('eventSeen', 'involvedObject: {kind: Pod, selector: app=agent, ns: logging}\nreason: Killing')).toBe('a Killing event for pods matching app=agent in logging');
  });

  it('rejects a regex that does not compile, where it is written', () => {
    expect(parseCheck('eventSeen', "involvedObject: daemonset/a\nreason: X\nmessage: '(['").problems).toEqual([
      expect.stringMatching(/^lesson\.yaml:3:10: check "c": "message" is not a valid regular expression/),
    ]);
  });
});
