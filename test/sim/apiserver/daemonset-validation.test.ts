import { describe, expect, it } from 'vitest';
import { causes, dsDraft, err, newApi } from './helpers.js';
import { DNS_SUBDOMAIN, NAME_PART, PERCENT } from './messages.js';

function create(edit: (d: any) => void): string[] {
  return causes(newApi().create(dsDraft(edit)));
}

describe('ValidateDaemonSetSpec: selector', () => {
  it('a missing selector fails as "does not match" (a nil selector matches nothing)', () => {
    expect(create((d) => delete d.spec.selector)).toEqual([
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"x"}: `selector` does not match template `labels`',
    ]);
  });

  it('an empty selector is invalid (and matches everything, so no mismatch)', () => {
    expect(create((d) => (d.spec.selector = {}))).toEqual([
      'spec.selector: Invalid value: v1.LabelSelector{MatchLabels:map[string]string(nil), MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: empty selector is invalid for daemonset',
    ]);
  });

  it('the selector must match the template labels', () => {
    expect(create((d) => (d.spec.template.metadata.labels = { app: 'y', tier: 'a' }))).toEqual([
      'spec.template.metadata.labels: Invalid value: map[string]string{"app":"y", "tier":"a"}: `selector` does not match template `labels`',
    ]);
    expect(create((d) => delete d.spec.template.metadata.labels)).toEqual([
      'spec.template.metadata.labels: Invalid value: map[string]string(nil): `selector` does not match template `labels`',
    ]);
  });

  it('selector expressions are validated; an unconvertible selector skips the match check', () => {
    expect(create((d) => (d.spec.selector = { matchExpressions: [{ key: 'app', operator: 'Foo', values: ['x'] }] }))).toEqual([
      'spec.selector.matchExpressions[0].operator: Invalid value: "Foo": not a valid selector operator',
    ]);
    expect(create((d) => (d.spec.selector = { matchLabels: { app: 'x' }, matchExpressions: [{ key: 'tier', operator: 'In' }] }))).toEqual([
      "spec.selector.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
    ]);
    expect(create((d) => (d.spec.selector.matchExpressions = [{ key: 'app', operator: 'Exists', values: ['x'] }]))).toEqual([
      "spec.selector.matchExpressions[0].values: Forbidden: may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
    ]);
  });
});

describe('ValidateDaemonSetSpec: template and counters', () => {
  it('restartPolicy must be Always', () => {
    expect(create((d) => (d.spec.template.spec.restartPolicy = 'OnFailure'))).toEqual([
      'spec.template.spec.restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    ]);
  });

  it('an unknown restartPolicy fails both the pod-spec and the DaemonSet rule', () => {
    expect(create((d) => (d.spec.template.spec.restartPolicy = 'Sometimes'))).toEqual([
      'spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
      'spec.template.spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always"',
    ]);
  });

  it('activeDeadlineSeconds is forbidden', () => {
    expect(create((d) => (d.spec.template.spec.activeDeadlineSeconds = 30))).toEqual([
      'spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported',
    ]);
  });

  it('minReadySeconds and revisionHistoryLimit must be >= 0', () => {
    expect(
      create((d) => {
        d.spec.minReadySeconds = -1;
        d.spec.revisionHistoryLimit = -2;
      }),
    ).toEqual([
      'spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0',
      'spec.revisionHistoryLimit: Invalid value: -2: must be greater than or equal to 0',
    ]);
    expect(newApi().create(dsDraft((d) => (d.spec.revisionHistoryLimit = 0))).ok).toBe(true);
  });

  it('template labels are validated on spec.template.labels', () => {
    expect(
      create((d) => {
        d.spec.selector.matchLabels = { app: 'bad value' };
        d.spec.template.metadata.labels = { app: 'bad value' };
      }),
    ).toEqual([
      `spec.selector.matchLabels: Invalid value: "bad value": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
      `spec.template.labels: Invalid value: "bad value": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    ]);
  });
});

describe('ValidateDaemonSetUpdateStrategy / ValidateRollingUpdateDaemonSet', () => {
  const ru = 'spec.updateStrategy.rollingUpdate';

  it('an unknown type', () => {
    expect(create((d) => (d.spec.updateStrategy = { type: 'Recreate' }))).toEqual([
      'spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Recreate", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"',
    ]);
  });

  it('OnDelete ignores a leftover rollingUpdate', () => {
    expect(newApi().create(dsDraft((d) => (d.spec.updateStrategy = { type: 'OnDelete', rollingUpdate: { maxSurge: '500%' } }))).ok).toBe(true);
  });

  it('negative ints, bad percent strings and percentages over 100%', () => {
    expect(create((d) => (d.spec.updateStrategy = { rollingUpdate: { maxUnavailable: -1 } }))).toEqual([
      `${ru}.maxUnavailable: Invalid value: -1: must be greater than or equal to 0`,
    ]);
    expect(create((d) => (d.spec.updateStrategy = { rollingUpdate: { maxUnavailable: 'abc' } }))).toEqual([
      `${ru}.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"abc"}: ${PERCENT}`,
      `${ru}.maxUnavailable: Required value: cannot be 0 when maxSurge is 0`,
    ]);
    expect(create((d) => (d.spec.updateStrategy = { rollingUpdate: { maxUnavailable: '110%' } }))).toEqual([
      `${ru}.maxUnavailable: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"110%"}: must not be greater than 100%`,
    ]);
    expect(create((d) => (d.spec.updateStrategy = { rollingUpdate: { maxUnavailable: 0, maxSurge: '101%' } }))).toEqual([
      `${ru}.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"101%"}: must not be greater than 100%`,
    ]);
  });

  it('maxSurge alone fails because maxUnavailable defaults to 1', () => {
    expect(create((d) => (d.spec.updateStrategy = { rollingUpdate: { maxSurge: '25%' } }))).toEqual([
      `${ru}.maxSurge: Invalid value: intstr.IntOrString{Type:1, IntVal:0, StrVal:"25%"}: may not be set when maxUnavailable is non-zero`,
    ]);
    expect(newApi().create(dsDraft((d) => (d.spec.updateStrategy = { rollingUpdate: { maxSurge: '25%', maxUnavailable: 0 } }))).ok).toBe(true);
  });

  it('both zero (as ints or as 0%) is rejected', () => {
    const expected = [`${ru}.maxUnavailable: Required value: cannot be 0 when maxSurge is 0`];
    expect(create((d) => (d.spec.updateStrategy = { rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } }))).toEqual(expected);
    expect(create((d) => (d.spec.updateStrategy = { rollingUpdate: { maxUnavailable: '0%', maxSurge: '0%' } }))).toEqual(expected);
  });
});

describe('ValidateDaemonSet: metadata and the message format', () => {
  it('the name must be a DNS-1123 subdomain', () => {
    expect(create((d) => (d.metadata.name = 'Node_Exporter'))).toEqual([`metadata.name: Invalid value: "Node_Exporter": ${DNS_SUBDOMAIN}`]);
  });

  it('label keys must be qualified names', () => {
    expect(create((d) => (d.metadata.labels = { 'a/b/c': 'x', '-bad': 'y' }))).toEqual([
      `metadata.labels: Invalid value: "-bad": ${NAME_PART}`,
      `metadata.labels: Invalid value: "a/b/c": a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ]);
  });

  it('several errors are listed in brackets, in upstream order', () => {
    const e = err(
      newApi().create(
        dsDraft((d) => {
          d.spec.template.spec.containers = [];
          d.spec.minReadySeconds = -1;
        }),
      ),
    );
    expect(e.message).toBe(
      'DaemonSet.apps "x" is invalid: [spec.template.spec.containers: Required value, spec.minReadySeconds: Invalid value: -1: must be greater than or equal to 0]',
    );
  });

  it('a rejected create stores nothing', () => {
    const api = newApi();
    err(api.create(dsDraft((d) => (d.spec.template.spec.containers = []))));
    expect(api.get('DaemonSet', 'default', 'x')).toBeUndefined();
  });
});
