/**
 * A store holding the `default` Namespace: Events are written into an existing namespace (the
 * sink's create fails otherwise), so every event recorder test starts from one.
 */
import { Store } from '../../src/sim/store/store.js';

/** A new store with an Active `default` Namespace created at `creationTimestamp`. */
export function storeWithDefaultNamespace(creationTimestamp = '2026-01-01T00:00:00Z'): Store {
  const store = new Store();
  store.put({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'default', uid: 'ns-uid', resourceVersion: '1', creationTimestamp }, spec: {}, status: { phase: 'Active' } });
  return store;
}
