/**
 * Shared fixtures for the API strategy tests: a fresh API server with the `default` namespace,
 * minimal valid manifests, and helpers that unwrap results.
 */
import { expect } from 'vitest';
import type { DaemonSet, Kind, KindMap, Pod } from '../../../src/sim/api/types.js';
import { ApiServer, type Draft, type Result } from '../../../src/sim/apiserver/apiserver.js';
import type { StatusError } from '../../../src/sim/apiserver/errors.js';
import { newRngState } from '../../../src/sim/engine/rng.js';
import { Store } from '../../../src/sim/store/store.js';

export function newApi(): ApiServer {
  const api = new ApiServer(new Store(), { now: () => 0, rng: newRngState(1) });
  ok(api.create({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default' }, spec: {} }));
  return api;
}

/** The object of a successful write; fails the test with the API message otherwise. */
export function ok<T>(r: Result<T>): T {
  if (!r.ok) expect.fail(`expected success, got: ${r.error.message}`);
  return r.obj;
}

/** The error of a failed write; fails the test if the write succeeded. */
export function err<T>(r: Result<T>): StatusError {
  if (r.ok) expect.fail('expected the write to fail');
  return r.error;
}

/** The field messages of an Invalid error. */
export function causes<T>(r: Result<T>): string[] {
  const e = err(r);
  expect(e.reason).toBe('Invalid');
  return (e.causes ?? []).map((c) => c.message);
}

export type DaemonSetDraft = Draft<DaemonSet> & { kind: 'DaemonSet' };
export type PodDraft = Draft<Pod> & { kind: 'Pod' };

/** A minimal valid DaemonSet `app: x`, with optional deep tweaks applied by `edit`. */
export function dsDraft(edit?: (d: any) => void): DaemonSetDraft {
  const d: any = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: { name: 'x', namespace: 'default' },
    spec: {
      selector: { matchLabels: { app: 'x' } },
      template: { metadata: { labels: { app: 'x' } }, spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] } },
    },
  };
  edit?.(d);
  return d as DaemonSetDraft;
}

/** A minimal valid Pod `p` with one container, with optional tweaks. */
export function podDraft(edit?: (d: any) => void): PodDraft {
  const d: any = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'p', namespace: 'default' },
    spec: { containers: [{ name: 'c', image: 'nginx:1.27' }] },
  };
  edit?.(d);
  return d as PodDraft;
}

/** A deep, mutable copy of a stored object, for building update requests. */
export function clone<K extends Kind>(obj: KindMap[K]): any {
  return JSON.parse(JSON.stringify(obj));
}
