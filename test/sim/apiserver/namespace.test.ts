import { describe, expect, it } from 'vitest';
import { causes, clone, err, newApi, ok } from './helpers.js';
import { DNS_LABEL } from './messages.js';

const nsDraft = (name: string, extra: object = {}): any => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name, ...extra }, spec: {} });

describe('Namespace', () => {
  it('gets the kubernetes.io/metadata.name label, phase Active and the kubernetes finalizer', () => {
    const ns = ok(newApi().create<'Namespace'>(nsDraft('monitoring', { labels: { team: 'obs' } })));
    expect(ns.metadata.labels).toEqual({ team: 'obs', 'kubernetes.io/metadata.name': 'monitoring' });
    expect(ns.status).toEqual({ phase: 'Active' });
    expect(ns.spec).toEqual({ finalizers: ['kubernetes'] });
  });

  it('the name label always follows the name, on create and on update', () => {
    const api = newApi();
    const ns = ok(api.create<'Namespace'>(nsDraft('a', { labels: { 'kubernetes.io/metadata.name': 'b' } })));
    expect(ns.metadata.labels).toEqual({ 'kubernetes.io/metadata.name': 'a' });
    const next = clone(ns);
    delete next.metadata.labels;
    next.status = { phase: 'Terminating' };
    next.spec.finalizers = [];
    const updated = ok(api.update<'Namespace'>(next));
    expect(updated).toBe(ns);
  });

  it('the name must be a DNS-1123 label: no dots, lower case', () => {
    expect(causes(newApi().create<'Namespace'>(nsDraft('team.a')))).toEqual(['metadata.name: Invalid value: "team.a": must not contain dots']);
    expect(causes(newApi().create<'Namespace'>(nsDraft('Team')))).toEqual([`metadata.name: Invalid value: "Team": ${DNS_LABEL}`]);
  });

  it('default, kube-system and kube-public may not be deleted (NamespaceLifecycle); others may', () => {
    const api = newApi();
    for (const name of ['kube-system', 'kube-public']) ok(api.create<'Namespace'>(nsDraft(name)));
    ok(api.create<'Namespace'>(nsDraft('monitoring')));
    for (const name of ['default', 'kube-system', 'kube-public']) {
      const e = err(api.delete('Namespace', '', name));
      expect(e.reason).toBe('Forbidden');
      expect(e.message).toBe(`namespaces "${name}" is forbidden: this namespace may not be deleted`);
    }
    ok(api.delete('Namespace', '', 'monitoring'));
  });
});
