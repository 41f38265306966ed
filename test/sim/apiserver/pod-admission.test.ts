/**
 * Pods made from one template, as the DaemonSet controller makes them (the template's spec with
 * each pod's node pin): the API server defaults, admits and validates the template's part once
 * (pod.ts, pod-admission.ts, podspec.ts). Whatever the template, each pod must come out exactly
 * as a pod submitted as a fresh copy of the same draft does, errors included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PodSpec } from '../../../src/sim/api/types.js';
import type { ApiServer } from '../../../src/sim/apiserver/apiserver.js';
import { SERVICE_ACCOUNT_MOUNT_PATH } from '../../../src/sim/apiserver/strategies/service-account-admission.js';
import { replaceDaemonSetPodNodeNameNodeAffinity } from '../../../src/sim/controllers/daemonset/node-affinity-pin.js';
import { newApi, ok, type PodDraft } from './helpers.js';

const mount = fc.record({ name: fc.constantFrom('data', 'missing'), mountPath: fc.constantFrom('/d', SERVICE_ACCOUNT_MOUNT_PATH) });
const container = fc.record(
  {
    name: fc.constantFrom('a', 'b', 'a', ''),
    image: fc.constantFrom('busybox', ' busybox', 'nginx:1.27'),
    volumeMounts: fc.array(mount, { maxLength: 2 }),
    resources: fc.constantFrom({}, { limits: { cpu: '1', memory: '1Gi' } }, { requests: { cpu: 'lots' } }),
  },
  { requiredKeys: ['name', 'image'] },
);
const spec = fc.record(
  {
    containers: fc.array(container, { minLength: 1, maxLength: 2 }),
    initContainers: fc.array(container, { maxLength: 1 }),
    volumes: fc.subarray([{ name: 'data', emptyDir: {} }, { name: 'Bad_Name', emptyDir: {} }, { name: 'data', hostPath: { path: '/x' } }]),
    restartPolicy: fc.constantFrom('Always', 'Bogus'),
    automountServiceAccountToken: fc.boolean(),
    serviceAccountName: fc.constantFrom('agent', 'Bad_SA'),
    tolerations: fc.constantFrom([], [{ operator: 'Exists' }], [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' }]),
    priorityClassName: fc.constantFrom('high', 'missing'),
    priority: fc.constantFrom(0, 1000),
    affinity: fc.constant({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: 'a', operator: 'In', values: ['x'] }] }] } } }),
    hostNetwork: fc.boolean(),
  },
  { requiredKeys: ['containers'] },
);

/** A PriorityClass; `globalDefault` makes it the class of pods that name none. */
function addClass(api: ApiServer, name: string, value: number, globalDefault = false): void {
  ok(api.create({ apiVersion: 'scheduling.k8s.io/v1', kind: 'PriorityClass', metadata: { name }, value, globalDefault }));
}

describe('pods made from one template', () => {
  it('come out as fresh copies of their drafts do (objects, names, key order and errors)', () => {
    fc.assert(
      fc.property(spec, fc.array(fc.constantFrom('node-1', 'node-2', 'Bad_Node'), { minLength: 1, maxLength: 4 }), fc.nat(4), (template, nodes, defaultAt) => {
        const shared = newApi();
        const fresh = newApi();
        for (const api of [shared, fresh]) addClass(api, 'high', 1000);
        const draft = (node: string): PodDraft => ({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { generateName: 'ds-', namespace: 'default', labels: { app: 'x' } },
          spec: { ...(template as PodSpec), affinity: replaceDaemonSetPodNodeNameNodeAffinity((template as PodSpec).affinity, node) },
        });
        nodes.forEach((node, i) => {
          // A default class that appears mid-way changes what the Priority plugin writes from then on.
          if (i === defaultAt) for (const api of [shared, fresh]) addClass(api, 'everyone', 7, true);
          const d = draft(node);
          const got = shared.create(d);
          const want = fresh.create(structuredClone(d));
          expect(JSON.stringify(got)).toBe(JSON.stringify(want));
        });
      }),
      { numRuns: 400 },
    );
  });
});
