import { describe, expect, it } from 'vitest';
import { agentCluster } from '../cluster.js';
import { check, outcome, parseCheck, titleOf } from './harness.js';

describe('statusEquals', () => {
  it('compares only the listed fields; an absent (omitempty) field is 0', () => {
    const c = agentCluster(2);
    expect(outcome(check('statusEquals', 'object: daemonset/agent\nfields: {desiredNumberScheduled: 2, numberUnavailable: 0}'), c).passed).toBe(true);
    expect(outcome(check('statusEquals', 'object: ds/agent\nfields: {numberReady: 3, numberMisscheduled: 0}'), c)).toEqual({ passed: false, reason: 'daemonset/agent reports numberReady 2 (should be 3)' });
    expect(outcome(check('statusEquals', 'object: ds/agent\nfields: {numberReady: 3, numberAvailable: 1}'), c).reason).toBe('daemonset/agent reports numberReady 2 (should be 3) and numberAvailable 2 (should be 1)');
    expect(outcome(check('statusEquals', 'object: daemonset/other\nns: kube-system\nfields: {numberReady: 1}'), c)).toEqual({ passed: false, reason: 'daemonset/other in kube-system does not exist yet' });
  });

  it('describes the status it wants in words', () => {
    expect(titleOf('statusEquals', 'object: daemonset/agent\nfields: {desiredNumberScheduled: 3, numberReady: 3, numberMisscheduled: 0}')).toBe(
      'daemonset/agent reports desiredNumberScheduled 3, numberReady 3 and numberMisscheduled 0',
    );
    expect(titleOf('statusEquals', 'object: daemonset/agent\nfields: {numberReady: 3}\nat: end-of-step:update')).toBe('daemonset/agent reports numberReady 3 when step "update" ends');
  });

  it('rejects fields a DaemonSet status does not have, and objects that are not DaemonSets', () => {
    expect(parseCheck('statusEquals', 'object: daemonset/a\nfields: {replicas: 3}').problems).toEqual(['lesson.yaml:2:10: check "c": "replicas" is not a DaemonSet status field']);
    expect(parseCheck('statusEquals', 'object: node/n\nfields: {numberReady: 3}').problems).toEqual(['lesson.yaml:1:9: check "c": "object" must be a DaemonSet, got Node']);
    expect(parseCheck('statusEquals', 'object: daemonset/a\nfields: {numberReady: 1}\nat: end-of-step').problems).toEqual(['lesson.yaml:3:5: check "c": "at" must be end-of-step:<step id>']);
  });
});
