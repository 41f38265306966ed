/**
 * `pullDoneIsQuiet`: which finished pulls leave the pod status as it was (the kubelet then does
 * not generate the status again after them).
 */
import { describe, expect, it } from 'vitest';
import { pullDoneIsQuiet } from '../../../../src/sim/controllers/kubelet/pull.js';
import type { ContainerRuntime, PodRuntime } from '../../../../src/sim/controllers/kubelet/state.js';

function container(extra: Partial<ContainerRuntime> = {}): ContainerRuntime {
  return { name: 'agent', image: 'registry.example/agent:1', phase: 'waiting', reason: 'ContainerCreating', restartCount: 0, ready: false, imageResolved: false, ...extra };
}

function runtime(extra: Partial<PodRuntime> = {}, fails = false): PodRuntime {
  return {
    namespace: 'default',
    name: 'agent-x',
    uid: 'u',
    node: 'node-1',
    stage: 'Pending.Pulling',
    admittedAt: 0,
    sandbox: true,
    mountFailures: 0,
    cursor: 0,
    containers: [container()],
    pull: { container: 0, requestedAt: 0, startedAt: 0, doneAt: 5000, fails, image: 'registry.example/agent:1' },
    ...extra,
  };
}

describe('pullDoneIsQuiet', () => {
  it('a successful pull of the only container, waiting as ContainerCreating, changes nothing the status shows', () => {
    expect(pullDoneIsQuiet(runtime())).toBe(true);
  });

  it('a failing pull, a retry after ImagePullBackOff, a message, several containers or init containers do', () => {
    expect(pullDoneIsQuiet(runtime({}, true))).toBe(false);
    expect(pullDoneIsQuiet(runtime({ containers: [container({ reason: 'ImagePullBackOff', message: 'Back-off pulling image' })] }))).toBe(false);
    expect(pullDoneIsQuiet(runtime({ containers: [container({ message: 'm' })] }))).toBe(false);
    expect(pullDoneIsQuiet(runtime({ containers: [container(), container({ name: 'b' })] }))).toBe(false);
    expect(pullDoneIsQuiet(runtime({ inits: [container({ name: 'i', reason: 'PodInitializing' })], containers: [container({ reason: 'PodInitializing' })] }))).toBe(false);
    expect(pullDoneIsQuiet(runtime({ pull: undefined }))).toBe(false);
  });
});
