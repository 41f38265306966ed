/**
 * The lifecycle of a node as the control plane sees it: the single source of truth for the node
 * lifecycle controller (which runs the derived transition table, never an actor), the tests and
 * the node timeline view.
 *
 * - Registered: the Node object exists; no kubelet has posted yet.
 * - Booting: the kubelet registered and posts Ready=False until its runtime network is up.
 * - Ready / NotReady: the kubelet posts status (NotReady: a condition such as Ready=False
 *   it was told to report, `sim node condition`).
 * - Unresponsive: the kubelet stopped posting; the last status still stands until
 *   `--node-monitor-grace-period` runs out (`tryUpdateNodeHealth`).
 * - Unknown: the node lifecycle controller marked Ready=Unknown ("Kubelet stopped posting node
 *   status.").
 * - Removed: the Node object was deleted.
 */
import { setup } from 'xstate';
import type { GuardMap } from './table.js';

export interface NodeFacts {
  /** The kubelet now posts Ready=True. */
  readonly postsReady: boolean;
}

export type NodeEventType =
  | 'KUBELET_BOOTING'
  | 'BOOTED'
  | 'READY'
  | 'NOT_READY'
  | 'KUBELET_STOPPED'
  | 'GRACE_EXPIRED'
  | 'KUBELET_RESTARTED'
  | 'DELETED';

export const NODE_GUARDS: GuardMap<NodeFacts> = {
  postsReady: (f) => f.postsReady,
};

const BY_POSTED_READY = [{ guard: 'postsReady', target: '#node.Ready' }, { target: '#node.NotReady' }] as const;

export const nodeLifecycle = setup({
  types: {
    context: {} as NodeFacts,
    events: {} as { type: NodeEventType },
  },
  guards: {
    postsReady: ({ context }) => NODE_GUARDS.postsReady!(context),
  },
}).createMachine({
  id: 'node',
  context: { postsReady: false },
  initial: 'Registered',
  on: { DELETED: '.Removed' },
  states: {
    Registered: {
      on: {
        KUBELET_BOOTING: 'Booting',
        BOOTED: [...BY_POSTED_READY],
        KUBELET_STOPPED: 'Unresponsive',
        GRACE_EXPIRED: 'Unknown',
      },
    },
    Booting: { on: { BOOTED: [...BY_POSTED_READY], KUBELET_STOPPED: 'Unresponsive' } },
    Ready: { on: { NOT_READY: 'NotReady', KUBELET_STOPPED: 'Unresponsive' } },
    NotReady: { on: { READY: 'Ready', KUBELET_STOPPED: 'Unresponsive' } },
    Unresponsive: { on: { GRACE_EXPIRED: 'Unknown', KUBELET_RESTARTED: [...BY_POSTED_READY] } },
    Unknown: { on: { KUBELET_RESTARTED: [...BY_POSTED_READY] } },
    Removed: { type: 'final' },
  },
});
