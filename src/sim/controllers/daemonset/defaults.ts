/**
 * The apps/v1 defaults the controller relies on (`pkg/apis/apps/v1/defaults.go:
 * SetDefaults_DaemonSet`), applied to a read-only view when a stored DaemonSet lacks them.
 *
 * Why: the API server defaults every DaemonSet it stores, so upstream's controller can
 * dereference `updateStrategy.rollingUpdate.maxUnavailable` and `revisionHistoryLimit`. Here the
 * controller must also cope with objects written before (or without) that defaulting, and it
 * must behave exactly as if the defaults had been applied. The view is never written back.
 */
import type { DaemonSet, DaemonSetSpec, DaemonSetStatus } from '../../api/types.js';
import { withSpecAndStatus } from '../../apiserver/packed.js';
import { BoundedTable } from '../../bounded-table.js';

const cache = new WeakMap<DaemonSet, DaemonSet>();

/**
 * The DaemonSet as the API server would default it: strategy `RollingUpdate` with
 * `maxUnavailable: 1` and `maxSurge: 0` when unset, `revisionHistoryLimit: 10`,
 * `minReadySeconds: 0`, and a zeroed status.
 */
export function withDaemonSetDefaults(ds: DaemonSet): DaemonSet {
  const hit = cache.get(ds);
  if (hit) return hit;
  const strategy = ds.spec.updateStrategy ?? {};
  const type = strategy.type || 'RollingUpdate';
  const updateStrategy: DaemonSetSpec['updateStrategy'] =
    type === 'RollingUpdate'
      ? {
          type,
          rollingUpdate: {
            maxUnavailable: strategy.rollingUpdate?.maxUnavailable ?? 1,
            maxSurge: strategy.rollingUpdate?.maxSurge ?? 0,
          },
        }
      : { ...strategy, type };
  const status: DaemonSetStatus = {
    ...ds.status,
    currentNumberScheduled: ds.status?.currentNumberScheduled ?? 0,
    numberMisscheduled: ds.status?.numberMisscheduled ?? 0,
    desiredNumberScheduled: ds.status?.desiredNumberScheduled ?? 0,
    numberReady: ds.status?.numberReady ?? 0,
  };
  const out = withSpecAndStatus(
    ds,
    {
      ...ds.spec,
      updateStrategy,
      revisionHistoryLimit: ds.spec.revisionHistoryLimit ?? 10,
      minReadySeconds: ds.spec.minReadySeconds ?? 0,
    },
    status,
  );
  cache.set(ds, out);
  return out;
}

/** Work-queue keys by name, then namespace: each key is built (flat) once, not on every pod write. */
const keys = new BoundedTable<string, Map<string, string>>(4096);

/**
 * `namespace/name`, the work-queue key (`cache.MetaNamespaceKeyFunc`). Every write of a daemon
 * pod wakes its DaemonSet by this key, and a key built afresh would be hashed afresh.
 */
export function daemonSetKey(ds: { readonly metadata: { readonly namespace?: string; readonly name: string } }): string {
  const { name } = ds.metadata;
  const namespace = ds.metadata.namespace ?? '';
  const byNamespace = keys.get(name) ?? keys.set(name, new Map());
  let key = byNamespace.get(namespace);
  if (key === undefined) byNamespace.set(namespace, (key = [namespace, name].join('/')));
  return key;
}

/** Splits a `namespace/name` key (`cache.SplitMetaNamespaceKey`). */
export function splitKey(key: string): { namespace: string; name: string } {
  const i = key.indexOf('/');
  return i < 0 ? { namespace: '', name: key } : { namespace: key.slice(0, i), name: key.slice(i + 1) };
}
