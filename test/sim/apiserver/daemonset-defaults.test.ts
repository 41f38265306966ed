import { describe, expect, it } from 'vitest';
import { dsDraft, newApi, ok } from './helpers.js';

describe('DaemonSet defaults (SetDefaults_DaemonSet + pod-spec defaults)', () => {
  it('fills updateStrategy, revisionHistoryLimit and the template spec as a real cluster shows them', () => {
    const ds = ok(newApi().create(dsDraft()));
    expect(ds.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 1, maxSurge: 0 } });
    expect(ds.spec.revisionHistoryLimit).toBe(10);
    expect(ds.spec.template.spec).toEqual({
      containers: [
        {
          name: 'c',
          image: 'nginx:1.27',
          imagePullPolicy: 'IfNotPresent',
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          resources: {},
        },
      ],
      dnsPolicy: 'ClusterFirst',
      restartPolicy: 'Always',
      securityContext: {},
      terminationGracePeriodSeconds: 30,
      schedulerName: 'default-scheduler',
    });
  });

  it('keeps what the manifest set and fills only the missing half of rollingUpdate', () => {
    const ds = ok(
      newApi().create(
        dsDraft((d) => {
          d.spec.updateStrategy = { rollingUpdate: { maxUnavailable: 0, maxSurge: '25%' } };
          d.spec.revisionHistoryLimit = 3;
        }),
      ),
    );
    expect(ds.spec.updateStrategy).toEqual({ type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: '25%' } });
    expect(ds.spec.revisionHistoryLimit).toBe(3);
  });

  it('OnDelete gets no rollingUpdate', () => {
    const ds = ok(newApi().create(dsDraft((d) => (d.spec.updateStrategy = { type: 'OnDelete' }))));
    expect(ds.spec.updateStrategy).toEqual({ type: 'OnDelete' });
  });

  it('imagePullPolicy is Always for latest or untagged images, IfNotPresent otherwise', () => {
    const images = ['nginx', 'nginx:latest', 'registry.k8s.io/kube-proxy:v1.30.0', 'localhost:5000/agent', 'busybox@sha256:' + 'a'.repeat(64)];
    const ds = ok(
      newApi().create(dsDraft((d) => (d.spec.template.spec.containers = images.map((image, i) => ({ name: `c${i}`, image }))))),
    );
    expect(ds.spec.template.spec.containers.map((c) => c.imagePullPolicy)).toEqual(['Always', 'Always', 'IfNotPresent', 'Always', 'IfNotPresent']);
    const pinned = ok(newApi().create(dsDraft((d) => (d.spec.template.spec.containers[0].imagePullPolicy = 'Never'))));
    expect(pinned.spec.template.spec.containers[0]!.imagePullPolicy).toBe('Never');
  });

  it('defaults ports, probes and volumes', () => {
    const ds = ok(
      newApi().create(
        dsDraft((d) => {
          const c = d.spec.template.spec.containers[0];
          c.ports = [{ containerPort: 9100 }, { containerPort: 53, protocol: 'UDP' }];
          c.livenessProbe = { httpGet: { port: 9100 } };
          c.readinessProbe = { tcpSocket: { port: 9100 }, periodSeconds: 5 };
          c.volumeMounts = [{ name: 'proc', mountPath: '/host/proc' }];
          d.spec.template.spec.volumes = [{ name: 'proc', hostPath: { path: '/proc' } }, { name: 'scratch' }, { name: 'cfg', configMap: { name: 'cfg' } }];
        }),
      ),
    );
    const c = ds.spec.template.spec.containers[0]!;
    expect(c.ports).toEqual([
      { containerPort: 9100, protocol: 'TCP' },
      { containerPort: 53, protocol: 'UDP' },
    ]);
    expect(c.livenessProbe).toEqual({ httpGet: { port: 9100, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
    expect(c.readinessProbe).toEqual({ tcpSocket: { port: 9100 }, periodSeconds: 5, timeoutSeconds: 1, successThreshold: 1, failureThreshold: 3 });
    expect(ds.spec.template.spec.volumes).toEqual([
      { name: 'proc', hostPath: { path: '/proc', type: '' } },
      { name: 'scratch', emptyDir: {} },
      { name: 'cfg', configMap: { name: 'cfg', defaultMode: 420 } },
    ]);
  });

  it('does not apply pod-only defaults (requests from limits, enableServiceLinks) to the template', () => {
    const ds = ok(newApi().create(dsDraft((d) => (d.spec.template.spec.containers[0].resources = { limits: { cpu: '100m' } }))));
    expect(ds.spec.template.spec.containers[0]!.resources).toEqual({ limits: { cpu: '100m' } });
    expect(ds.spec.template.spec.enableServiceLinks).toBeUndefined();
  });
});

describe('DaemonSet PrepareForCreate', () => {
  it('clears status, sets generation 1 and templateGeneration annotation "1"', () => {
    const ds = ok(
      newApi().create(
        dsDraft((d) => {
          d.metadata.generation = 7;
          d.status = { currentNumberScheduled: 3, numberMisscheduled: 1, desiredNumberScheduled: 3, numberReady: 3, observedGeneration: 7 };
        }),
      ),
    );
    expect(ds.status).toEqual({ currentNumberScheduled: 0, numberMisscheduled: 0, desiredNumberScheduled: 0, numberReady: 0 });
    expect(ds.metadata.generation).toBe(1);
    expect(ds.metadata.annotations).toEqual({ 'deprecated.daemonset.template.generation': '1' });
  });

  it('keeps the other annotations of the manifest', () => {
    const ds = ok(newApi().create(dsDraft((d) => (d.metadata.annotations = { 'kubernetes.io/change-cause': 'first' }))));
    expect(ds.metadata.annotations).toEqual({ 'kubernetes.io/change-cause': 'first', 'deprecated.daemonset.template.generation': '1' });
  });
});
