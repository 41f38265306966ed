import { describe, expect, it } from 'vitest';
import type { DaemonSet } from '../../../src/sim/api/types.js';
import type { ApiServer } from '../../../src/sim/apiserver/apiserver.js';
import { clone, dsDraft, err, newApi, ok } from './helpers.js';

const GEN = 'deprecated.daemonset.template.generation';

function setup(): { api: ApiServer; ds: DaemonSet } {
  const api = newApi();
  return { api, ds: ok(api.create(dsDraft())) };
}

describe('DaemonSet PrepareForUpdate: generation and templateGeneration', () => {
  it('a template change bumps both', () => {
    const { api, ds } = setup();
    const next = clone(ds);
    next.spec.template.spec.containers[0].image = 'nginx:1.28';
    const updated = ok(api.update<'DaemonSet'>(next));
    expect(updated.metadata.generation).toBe(2);
    expect(updated.metadata.annotations?.[GEN]).toBe('2');
    const again = clone(updated);
    again.spec.template.metadata.annotations = { 'kubectl.kubernetes.io/restartedAt': '2024-01-01T00:00:00Z' };
    const restarted = ok(api.update<'DaemonSet'>(again));
    expect([restarted.metadata.generation, restarted.metadata.annotations?.[GEN]]).toEqual([3, '3']);
  });

  it('another spec change (minReadySeconds) bumps generation only', () => {
    const { api, ds } = setup();
    const next = clone(ds);
    next.spec.minReadySeconds = 10;
    const updated = ok(api.update<'DaemonSet'>(next));
    expect(updated.metadata.generation).toBe(2);
    expect(updated.metadata.annotations?.[GEN]).toBe('1');
  });

  it('a metadata-only change bumps neither but is stored', () => {
    const { api, ds } = setup();
    const next = clone(ds);
    next.metadata.labels = { team: 'infra' };
    const updated = ok(api.update<'DaemonSet'>(next));
    expect(updated.metadata.generation).toBe(1);
    expect(updated.metadata.annotations?.[GEN]).toBe('1');
    expect(updated.metadata.labels).toEqual({ team: 'infra' });
    expect(updated.metadata.resourceVersion).not.toBe(ds.metadata.resourceVersion);
  });

  it('re-sending the same object (with the defaults left out) changes nothing', () => {
    const { api, ds } = setup();
    const same = clone(ds);
    delete same.spec.revisionHistoryLimit;
    delete same.spec.template.spec.dnsPolicy;
    const updated = ok(api.update<'DaemonSet'>(same));
    expect(updated).toBe(api.get('DaemonSet', 'default', 'x'));
    expect(updated.metadata.resourceVersion).toBe(ds.metadata.resourceVersion);
  });

  it('the request cannot set templateGeneration or status', () => {
    const { api, ds } = setup();
    const next = clone(ds);
    next.metadata.annotations[GEN] = '41';
    next.status = { currentNumberScheduled: 9, numberMisscheduled: 9, desiredNumberScheduled: 9, numberReady: 9 };
    next.spec.minReadySeconds = 5;
    const updated = ok(api.update<'DaemonSet'>(next));
    expect(updated.metadata.annotations?.[GEN]).toBe('1');
    expect(updated.status).toEqual(ds.status);
  });

  it('template labels may change while they still satisfy the selector', () => {
    const { api, ds } = setup();
    const next = clone(ds);
    next.spec.template.metadata.labels = { app: 'x', tier: 'node' };
    const updated = ok(api.update<'DaemonSet'>(next));
    expect(updated.metadata.annotations?.[GEN]).toBe('2');
  });
});

describe('DaemonSet ValidateUpdate', () => {
  it('the selector is immutable, and a rejected update leaves the store untouched', () => {
    const { api, ds } = setup();
    const next = clone(ds);
    next.spec.selector = { matchLabels: { app: 'y' } };
    next.spec.template.metadata.labels = { app: 'y' };
    next.spec.template.spec.containers[0].image = 'nginx:1.28';
    const e = err(api.update<'DaemonSet'>(next));
    expect(e.code).toBe(422);
    expect(e.message).toBe(
      'DaemonSet.apps "x" is invalid: spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"app":"y"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
    );
    expect(api.get('DaemonSet', 'default', 'x')).toBe(ds);
  });

  it('an update is validated like a create', () => {
    const { api, ds } = setup();
    const next = clone(ds);
    next.spec.updateStrategy.rollingUpdate.maxSurge = 1;
    expect(err(api.update<'DaemonSet'>(next)).message).toBe(
      'DaemonSet.apps "x" is invalid: spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: intstr.IntOrString{Type:0, IntVal:1, StrVal:""}: may not be set when maxUnavailable is non-zero',
    );
    expect(api.get('DaemonSet', 'default', 'x')).toBe(ds);
  });

  it('an equal selector written differently (empty matchExpressions) is not a change', () => {
    const { api, ds } = setup();
    const next = clone(ds);
    next.spec.selector = { matchLabels: { app: 'x' }, matchExpressions: [] };
    next.spec.minReadySeconds = 1;
    expect(ok(api.update<'DaemonSet'>(next)).spec.minReadySeconds).toBe(1);
  });
});
