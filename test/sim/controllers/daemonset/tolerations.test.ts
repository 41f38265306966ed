import { describe, expect, it } from 'vitest';
import { addOrUpdateDaemonPodTolerations, DAEMON_POD_TOLERATIONS, HOST_NETWORK_TOLERATION } from '../../../../src/sim/controllers/daemonset/tolerations.js';

describe('TestAddOrUpdateDaemonPodTolerations: automatic DaemonSet tolerations', () => {
  it('adds the six automatic tolerations, forever, in order, to a pod without any', () => {
    expect(addOrUpdateDaemonPodTolerations({})).toEqual([
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/unreachable', operator: 'Exists', effect: 'NoExecute' },
      { key: 'node.kubernetes.io/disk-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/memory-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/pid-pressure', operator: 'Exists', effect: 'NoSchedule' },
      { key: 'node.kubernetes.io/unschedulable', operator: 'Exists', effect: 'NoSchedule' },
    ]);
  });

  it('adds network-unavailable only with hostNetwork', () => {
    expect(addOrUpdateDaemonPodTolerations({ hostNetwork: true })).toEqual([...DAEMON_POD_TOLERATIONS, HOST_NETWORK_TOLERATION]);
    expect(addOrUpdateDaemonPodTolerations({ hostNetwork: false })).not.toContainEqual(HOST_NETWORK_TOLERATION);
  });

  it('replaces an identical user toleration in place, dropping its tolerationSeconds', () => {
    const user = [
      { key: 'a', operator: 'Exists' as const },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists' as const, effect: 'NoExecute' as const, tolerationSeconds: 60 },
    ];
    const out = addOrUpdateDaemonPodTolerations({ tolerations: user });
    expect(out[0]).toEqual({ key: 'a', operator: 'Exists' });
    expect(out[1]).toEqual({ key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute' });
    expect(out).toHaveLength(7);
  });

  it('keeps a user toleration with the same key but another effect, and appends the automatic one', () => {
    const user = [{ key: 'node.kubernetes.io/not-ready', operator: 'Exists' as const, effect: 'NoSchedule' as const }];
    const out = addOrUpdateDaemonPodTolerations({ tolerations: user });
    expect(out[0]).toEqual(user[0]);
    expect(out.slice(1)).toEqual(DAEMON_POD_TOLERATIONS);
  });
});
