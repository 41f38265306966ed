/**
 * Random cluster histories for the property tests, as abstract actions: fast-check arbitraries
 * that shrink well. driver.ts turns them into concrete `kubectl`/`sim` lines against the live
 * cluster, so that "remove node #3" always names a node that exists.
 *
 * The vocabulary is small on purpose (three images, two label keys, two taint keys) so that
 * random steps keep hitting the same nodes, selectors and tolerations.
 */
import fc from 'fast-check';
import type { Toleration } from '../../src/sim/api/types.js';

// ------------------------------------------------------------------------------------------
// Vocabulary

export const IMAGES = ['reg.example/agent:1', 'reg.example/agent:2', 'reg.example/agent:3'] as const;
export const BEHAVIOURS = ['ok', 'pull-error', 'crash', 'crash --after 40s', 'never-ready'] as const;
const EFFECTS = ['NoSchedule', 'NoExecute', 'PreferNoSchedule'] as const;
const CONDITIONS = ['Ready', 'MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable'] as const;
const TAINTS = [
  { key: 'dedicated', value: 'gpu' },
  { key: 'dedicated', value: 'infra' },
  { key: 'maint', value: '' },
] as const;

export type StrategySpec =
  | { readonly type: 'OnDelete' }
  | { readonly type: 'RollingUpdate'; readonly maxUnavailable: number | string; readonly maxSurge: number | string };

const strategyArb: fc.Arbitrary<StrategySpec> = fc.oneof(
  fc.constant<StrategySpec>({ type: 'OnDelete' }),
  fc.constantFrom<number | string>(1, 2, '25%', '50%', '100%').map<StrategySpec>((mu) => ({ type: 'RollingUpdate', maxUnavailable: mu, maxSurge: 0 })),
  fc.constantFrom<number | string>(1, 2, '30%', '100%').map<StrategySpec>((ms) => ({ type: 'RollingUpdate', maxUnavailable: 0, maxSurge: ms })),
);

const tolerationArb: fc.Arbitrary<Toleration> = fc.constantFrom<Toleration>(
  { key: 'dedicated', operator: 'Equal', value: 'gpu', effect: 'NoSchedule' },
  { key: 'dedicated', operator: 'Exists' },
  { key: 'maint', operator: 'Exists', effect: 'NoExecute' },
  // Tolerated by the controller, evicted by the taint manager after 20 s, created again: the
  // DaemonSet and the taint manager fight over the node.
  { key: 'maint', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 20 },
  { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoSchedule' },
  { operator: 'Exists' },
);
const tolerationsArb = fc.uniqueArray(tolerationArb, { maxLength: 2, selector: (t) => JSON.stringify(t) });

const nodeSelectorArb = fc.record({ zone: fc.constantFrom<string | null>(null, 'a', 'b'), role: fc.constantFrom<string | null>(null, 'x') });

export interface Requirement {
  readonly key: string;
  readonly operator: string;
  readonly values?: readonly string[];
}

const requirementArb: fc.Arbitrary<Requirement> = fc.constantFrom<Requirement>(
  { key: 'zone', operator: 'In', values: ['a', 'b'] },
  { key: 'zone', operator: 'NotIn', values: ['c'] },
  { key: 'role', operator: 'Exists' },
  { key: 'role', operator: 'DoesNotExist' },
);
/** Required node affinity: 1-2 ORed terms of 1-2 ANDed expressions, or none. */
const affinityArb = fc.option(fc.array(fc.array(requirementArb, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }), { nil: null });

export interface DaemonSetSpecGen {
  readonly strategy: StrategySpec;
  readonly minReadySeconds: number;
  readonly image: number;
  readonly nodeSelector: { zone: string | null; role: string | null };
  readonly affinity: readonly (readonly Requirement[])[] | null;
  readonly tolerations: readonly Toleration[];
  readonly hostNetwork: boolean;
}

const dsArb: fc.Arbitrary<DaemonSetSpecGen> = fc.record({
  strategy: strategyArb,
  minReadySeconds: fc.constantFrom(0, 0, 10, 40),
  image: fc.integer({ min: 0, max: IMAGES.length - 1 }),
  nodeSelector: fc.oneof({ arbitrary: fc.constant({ zone: null, role: null }), weight: 3 }, { arbitrary: nodeSelectorArb, weight: 1 }),
  affinity: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: affinityArb, weight: 1 }),
  tolerations: tolerationsArb,
  hostNetwork: fc.boolean(),
});

export interface NodeSpecGen {
  readonly zone: string | null;
  readonly role: string | null;
  readonly taints: readonly { key: string; value: string; effect: string }[];
  readonly cpu: string;
  readonly pods: number;
}

const taintArb = fc.record({ t: fc.constantFrom(...TAINTS), effect: fc.constantFrom(...EFFECTS) }).map(({ t, effect }) => ({ key: t.key, value: t.value, effect }));

const nodeArb: fc.Arbitrary<NodeSpecGen> = fc.record({
  zone: fc.constantFrom<string | null>(null, 'a', 'b', 'c'),
  role: fc.constantFrom<string | null>(null, 'x', 'y'),
  taints: fc.oneof(
    { arbitrary: fc.constant([]), weight: 3 },
    { arbitrary: fc.uniqueArray(taintArb, { minLength: 1, maxLength: 2, selector: (t) => `${t.key}:${t.effect}` }), weight: 1 },
  ),
  cpu: fc.constantFrom('1', '2', '4'),
  // Enough room for two daemon pods per DaemonSet (surge) plus terminating ones.
  pods: fc.constantFrom(6, 10, 110),
});

export type Action =
  | { readonly t: 'addNode'; readonly node: NodeSpecGen }
  | { readonly t: 'removeNode'; readonly i: number }
  | { readonly t: 'label'; readonly i: number; readonly key: 'zone' | 'role'; readonly value: string | null }
  | { readonly t: 'taint'; readonly i: number; readonly key: string; readonly value: string; readonly effect: string }
  | { readonly t: 'untaint'; readonly i: number; readonly j: number }
  | { readonly t: 'cordon' | 'uncordon' | 'fail' | 'recover'; readonly i: number }
  | { readonly t: 'condition'; readonly i: number; readonly type: string; readonly status: 'True' | 'False' }
  | { readonly t: 'setImage'; readonly d: number; readonly image: number }
  | { readonly t: 'nodeSelector'; readonly d: number; readonly sel: { zone: string | null; role: string | null } }
  | { readonly t: 'tolerations'; readonly d: number; readonly tolerations: readonly Toleration[] }
  | { readonly t: 'affinity'; readonly d: number; readonly affinity: DaemonSetSpecGen['affinity'] }
  | { readonly t: 'strategy'; readonly d: number; readonly strategy: StrategySpec }
  | { readonly t: 'undo' | 'restart'; readonly d: number }
  | { readonly t: 'imageBehaviour'; readonly image: number; readonly behaviour: string }
  | { readonly t: 'deletePod'; readonly d: number; readonly i: number }
  | { readonly t: 'advance'; readonly seconds: number }
  | { readonly t: 'settle' };

const idx = fc.nat({ max: 15 });
const ds = fc.nat({ max: 1 });

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { arbitrary: nodeArb.map((node) => ({ t: 'addNode' as const, node })), weight: 3 },
  { arbitrary: idx.map((i) => ({ t: 'removeNode' as const, i })), weight: 1 },
  {
    arbitrary: fc.record({ i: idx, key: fc.constantFrom<'zone' | 'role'>('zone', 'role'), value: fc.constantFrom<string | null>(null, 'a', 'b', 'x', 'y') }).map((r) => ({ t: 'label' as const, ...r })),
    weight: 3,
  },
  { arbitrary: fc.record({ i: idx, taint: taintArb }).map(({ i, taint }) => ({ t: 'taint' as const, i, ...taint })), weight: 3 },
  { arbitrary: fc.record({ i: idx, j: idx }).map((r) => ({ t: 'untaint' as const, ...r })), weight: 2 },
  { arbitrary: fc.record({ t: fc.constantFrom('cordon' as const, 'uncordon' as const, 'fail' as const, 'recover' as const), i: idx }), weight: 3 },
  {
    arbitrary: fc.record({ i: idx, type: fc.constantFrom(...CONDITIONS), status: fc.constantFrom<'True' | 'False'>('True', 'False') }).map((r) => ({ t: 'condition' as const, ...r })),
    weight: 1,
  },
  { arbitrary: fc.record({ d: ds, image: fc.integer({ min: 0, max: IMAGES.length - 1 }) }).map((r) => ({ t: 'setImage' as const, ...r })), weight: 6 },
  { arbitrary: fc.record({ d: ds, sel: nodeSelectorArb }).map((r) => ({ t: 'nodeSelector' as const, ...r })), weight: 2 },
  { arbitrary: fc.record({ d: ds, tolerations: tolerationsArb }).map((r) => ({ t: 'tolerations' as const, ...r })), weight: 2 },
  { arbitrary: fc.record({ d: ds, affinity: affinityArb }).map((r) => ({ t: 'affinity' as const, ...r })), weight: 1 },
  { arbitrary: fc.record({ d: ds, strategy: strategyArb }).map((r) => ({ t: 'strategy' as const, ...r })), weight: 3 },
  { arbitrary: fc.record({ t: fc.constantFrom('undo' as const, 'restart' as const), d: ds }), weight: 2 },
  {
    // Mostly back to ok, so that rollouts also get to finish.
    arbitrary: fc
      .record({ image: fc.integer({ min: 0, max: IMAGES.length - 1 }), behaviour: fc.oneof({ arbitrary: fc.constant('ok'), weight: 3 }, { arbitrary: fc.constantFrom(...BEHAVIOURS), weight: 4 }) })
      .map((r) => ({ t: 'imageBehaviour' as const, ...r })),
    weight: 4,
  },
  { arbitrary: fc.record({ d: ds, i: idx }).map((r) => ({ t: 'deletePod' as const, ...r })), weight: 1 },
  // Short steps land mid-rollout; long ones let grace periods, backoffs and evictions play out.
  { arbitrary: fc.integer({ min: 1, max: 30 }).map((seconds) => ({ t: 'advance' as const, seconds })), weight: 5 },
  { arbitrary: fc.integer({ min: 31, max: 300 }).map((seconds) => ({ t: 'advance' as const, seconds })), weight: 4 },
  { arbitrary: fc.constant({ t: 'settle' as const }), weight: 1 },
);

export interface Scenario {
  readonly nodes: readonly NodeSpecGen[];
  readonly daemonSets: readonly DaemonSetSpecGen[];
  /** Seconds to let the first pods come up before the random steps (0: none). */
  readonly warmUp: number;
  readonly actions: readonly Action[];
}

/**
 * A scenario: 2 to `maxInitialNodes` nodes, one or two DaemonSets, a warm-up, then up to
 * `maxActions` random steps of one command each: at most maxInitialNodes + 3 + maxActions
 * commands before any epilogue.
 */
export function scenarioArb(opts: { maxActions: number; maxInitialNodes?: number }): fc.Arbitrary<Scenario> {
  return fc.record({
    nodes: fc.array(nodeArb, { minLength: 2, maxLength: opts.maxInitialNodes ?? 4, size: 'max' }),
    daemonSets: fc.array(dsArb, { minLength: 1, maxLength: 2 }),
    warmUp: fc.constantFrom(0, 30, 60),
    actions: fc.array(actionArb, { maxLength: opts.maxActions, size: 'max' }),
  });
}
