import { describe, expect, it } from 'vitest';
import { transition, type AnyStateMachine, type StateValue } from 'xstate';
import { NODE_GUARDS, nodeLifecycle, type NodeFacts } from '../../../src/sim/machines/nodeLifecycle.js';
import { POD_GUARDS, podLifecycle, type PodFacts } from '../../../src/sim/machines/podLifecycle.js';
import { allows, eventsOf, handles, step, transitionTable, type GuardMap } from '../../../src/sim/machines/table.js';

function toValue(path: string): StateValue {
  const parts = path.split('.');
  let v: StateValue = parts.pop()!;
  while (parts.length > 0) v = { [parts.pop()!]: v };
  return v;
}

function toPath(v: StateValue): string {
  if (typeof v === 'string') return v;
  const [k, inner] = Object.entries(v)[0]!;
  return `${k}.${toPath(inner as StateValue)}`;
}

/** Every event type a machine's definition mentions anywhere. */
function allEvents(machine: AnyStateMachine): string[] {
  return [...new Set(machine.events as string[])];
}

/**
 * For every atomic state, event and guard outcome, the table must pick exactly what xstate's own
 * interpreter picks (tests may use xstate's `transition`; the engine may not).
 */
function crossCheck<F extends object>(machine: AnyStateMachine, guards: GuardMap<F>, factsList: readonly F[]): number {
  const table = transitionTable(machine);
  let checked = 0;
  for (const state of Object.keys(table.on)) {
    for (const event of allEvents(machine)) {
      for (const facts of factsList) {
        const snap = machine.resolveState({ value: toValue(state), context: facts });
        const [next] = transition(machine, snap, { type: event });
        const expected = toPath(next.value as StateValue);
        const ours = handles(table, state, event) ? step(table, state, event, guards, facts) : state;
        expect(`${state} --${event}--> ${ours}`).toBe(`${state} --${event}--> ${expected}`);
        checked++;
      }
    }
  }
  return checked;
}

const bools = [false, true];
const POD_FACTS: PodFacts[] = [];
for (const allContainersReady of bools)
  for (const anyContainerExited of bools)
    for (const anyContainerBackingOff of bools)
      for (const initializing of bools)
        for (const terminalPhase of [undefined, 'Succeeded', 'Failed'] as const)
          POD_FACTS.push({ allContainersReady, anyContainerExited, anyContainerBackingOff, initializing, ...(terminalPhase ? { terminalPhase } : {}) });

describe('transitionTable', () => {
  it('lists every atomic state of the pod machine with its initial and final states', () => {
    const t = transitionTable(podLifecycle);
    expect(t.machine).toBe('pod');
    expect(t.initial).toBe('Pending.Scheduling');
    expect(t.finals).toEqual(['Deleted']);
    expect(Object.keys(t.on).sort()).toEqual(
      [
        'Pending.Scheduling',
        'Pending.ContainerCreating',
        'Pending.Pulling',
        'Pending.ErrImagePull',
        'Pending.ImagePullBackOff',
        'Pending.ErrImageNeverPull',
        'Pending.Initializing.Creating',
        'Pending.Initializing.Pulling',
        'Pending.Initializing.ErrImagePull',
        'Pending.Initializing.ImagePullBackOff',
        'Pending.Initializing.ErrImageNeverPull',
        'Pending.Initializing.Running',
        'Pending.Initializing.Error',
        'Pending.Initializing.CrashLoopBackOff',
        'Running.NotReady',
        'Running.Ready',
        'Running.Error',
        'Running.CrashLoopBackOff',
        'Succeeded',
        'Failed',
        'Terminating',
        'Deleted',
      ].sort(),
    );
  });

  it('keeps guard order, resolves compound targets and inherits handlers from ancestors', () => {
    const t = transitionTable(podLifecycle);
    expect(t.on['Pending.ContainerCreating']!['CONTAINERS_STARTED']).toEqual([
      { guard: 'allContainersReady', target: 'Running.Ready' },
      { target: 'Running.NotReady' },
    ]);
    expect(t.on['Running.Ready']!['CONTAINER_EXITED']!.map((c) => c.guard ?? '-')).toEqual(['podSucceeded', 'podFailed', 'anyContainerExited', 'anyContainerBackingOff', 'allContainersReady', '-']);
    expect(t.on['Pending.Pulling']!['DELETED']).toEqual([{ target: 'Terminating' }]);
    expect(t.on['Terminating']!['DELETED']).toEqual([{ target: 'Terminating' }]);
    expect(t.on['Running.CrashLoopBackOff']!['REMOVED']).toEqual([{ target: 'Deleted' }]);
    expect(eventsOf(t, 'Pending.ErrImageNeverPull').sort()).toEqual(['DELETED', 'REMOVED']);
    expect(allows(t, 'Pending.Pulling', 'PULL_FAILED', 'Pending.ErrImagePull')).toBe(true);
    expect(allows(t, 'Pending.Pulling', 'PULL_FAILED', 'Running.Ready')).toBe(false);
    // init containers: bound pods with some enter Initializing; the last completion leaves it
    expect(t.on['Pending.Scheduling']!['BOUND']).toEqual([{ guard: 'initializing', target: 'Pending.Initializing.Creating' }, { target: 'Pending.ContainerCreating' }]);
    expect(t.on['Pending.Initializing.Running']!['INIT_COMPLETED']).toEqual([
      { guard: 'initializing', target: 'Pending.Initializing.Creating' },
      { target: 'Pending.ContainerCreating' },
    ]);
    expect(t.on['Pending.Initializing.Running']!['CONTAINER_EXITED']).toEqual([{ guard: 'podFailed', target: 'Failed' }, { target: 'Pending.Initializing.Error' }]);
    expect(t.on['Pending.Initializing.CrashLoopBackOff']!['DELETED']).toEqual([{ target: 'Terminating' }]);
    expect(eventsOf(t, 'Pending.Initializing.ErrImageNeverPull').sort()).toEqual(['DELETED', 'REMOVED']);
    const node = transitionTable(nodeLifecycle);
    expect(node.initial).toBe('Registered');
    expect(node.on['Unknown']!['KUBELET_RESTARTED']).toEqual([{ guard: 'postsReady', target: 'Ready' }, { target: 'NotReady' }]);
  });

  it('steps by the first guard that holds and refuses events the definition does not allow', () => {
    const t = transitionTable(podLifecycle);
    const f = (x: Partial<PodFacts>): PodFacts => ({ allContainersReady: false, anyContainerExited: false, anyContainerBackingOff: false, initializing: false, ...x });
    expect(step(t, 'Running.Ready', 'CONTAINER_EXITED', POD_GUARDS, f({ anyContainerExited: true }))).toBe('Running.Error');
    expect(step(t, 'Running.Error', 'CRASH_BACK_OFF', POD_GUARDS, f({ anyContainerBackingOff: true }))).toBe('Running.CrashLoopBackOff');
    expect(step(t, 'Running.Ready', 'CONTAINER_EXITED', POD_GUARDS, f({ anyContainerExited: true, terminalPhase: 'Failed' }))).toBe('Failed');
    expect(() => step(t, 'Pending.Scheduling', 'PULLED', POD_GUARDS, f({}))).toThrow('pod: no transition for PULLED in state Pending.Scheduling');
    expect(() => step(t, 'Running.Ready', 'CONTAINER_EXITED', {}, f({}))).toThrow('unknown guard "podSucceeded"');
  });

  it('matches xstate itself for every state, event and guard outcome of the pod machine', () => {
    expect(crossCheck(podLifecycle, POD_GUARDS, POD_FACTS)).toBe(22 * allEvents(podLifecycle).length * POD_FACTS.length);
  });

  it('matches xstate itself for every state, event and guard outcome of the node machine', () => {
    const facts: NodeFacts[] = [{ postsReady: false }, { postsReady: true }];
    expect(crossCheck(nodeLifecycle, NODE_GUARDS, facts)).toBe(7 * allEvents(nodeLifecycle).length * 2);
  });
});
