/**
 * Which pods `kubectl drain` may evict, and what it says about the others (kubectl
 * `pkg/drain/filters.go`: `makeFilters`, `skipDeletedFilter`, `daemonSetFilter`,
 * `mirrorPodFilter`, `localStorageFilter`, `unreplicatedFilter`, `PodDeleteList.Warnings`,
 * `PodDeleteList.errors`; `pkg/drain/drain.go: GetPodsForDeletion`).
 *
 * Each pod of the node (every namespace, `--pod-selector` applied, in namespace/name order) runs
 * through the filters in that order until one refuses it; the last verdict stands (so a local
 * storage warning is overwritten by the next filter's verdict, as upstream). Upstream groups
 * messages in a Go map, so their order varies between runs; here groups follow the filter order
 * (DaemonSet, local storage, no controller), then first appearance.
 */
import type { Pod } from '../../sim/api/types.js';
import type { VerbContext } from '../context.js';
import { parseTime } from '../../sim/engine/time.js';
import { controllerRef } from '../../sim/store/store.js';

export interface DrainOptions {
  readonly force: boolean;
  readonly ignoreAllDaemonSets: boolean;
  readonly deleteEmptyDirData: boolean;
  /** `--skip-wait-for-delete-timeout`: pods deleted longer ago than this are skipped (0 = never). */
  readonly skipWaitForDeleteTimeoutSeconds: number;
}

type Verdict = { readonly delete: boolean; readonly reason: 'Okay' | 'Skip' | 'Warning' | 'Error'; readonly message?: string; readonly filter: number };

export interface PodDeleteList {
  /** The pods to evict, in list order. */
  readonly pods: Pod[];
  /** `Warnings()`: `msg: ns/a, ns/b; msg2: ...`, or ''. */
  readonly warnings: string;
  /** `errors()`: `cannot delete <msg>: ns/a, ns/b`, one per message. */
  readonly errors: string[];
}

const DAEMONSET_FATAL = 'DaemonSet-managed Pods (use --ignore-daemonsets to ignore)';
const DAEMONSET_WARNING = 'ignoring DaemonSet-managed Pods';
const LOCAL_STORAGE_FATAL = 'Pods with local storage (use --delete-emptydir-data to override)';
const LOCAL_STORAGE_WARNING = 'deleting Pods with local storage';
const UNMANAGED_FATAL = 'Pods that declare no controller (use --force to override)';
const UNMANAGED_WARNING = 'deleting Pods that declare no controller';
const MIRROR_ANNOTATION = 'kubernetes.io/config.mirror';

const finished = (pod: Pod) => pod.status.phase === 'Succeeded' || pod.status.phase === 'Failed';

/** `shouldSkipPod`: deleted more than N seconds ago. */
export function shouldSkipPod(pod: Pod, seconds: number, now: number): boolean {
  if (seconds <= 0 || !pod.metadata.deletionTimestamp) return false;
  return Math.floor((now - parseTime(pod.metadata.deletionTimestamp)) / 1000) > seconds;
}

/** `GetPodsForDeletion` over the pods bound to `nodeName` that `matches` accepts. */
export function podsForDeletion(ctx: VerbContext, nodeName: string, o: DrainOptions, matches: (pod: Pod) => boolean): PodDeleteList {
  const pods = [...ctx.cluster.store.podsOnNode(nodeName)].filter(matches);
  pods.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  const filters: ((pod: Pod, i: number) => Verdict)[] = [
    (pod, i) => (shouldSkipPod(pod, o.skipWaitForDeleteTimeoutSeconds, ctx.cluster.now) ? skip(i) : okay(i)),
    (pod, i) => {
      const ref = controllerRef(pod);
      if (!ref || ref.kind !== 'DaemonSet' || finished(pod)) return okay(i);
      if (!ctx.cluster.store.get('DaemonSet', pod.metadata.namespace ?? '', ref.name)) {
        const msg = `daemonsets.apps "${ref.name}" not found`;
        return o.force ? { delete: true, reason: 'Warning', message: msg, filter: i } : { delete: false, reason: 'Error', message: msg, filter: i };
      }
      return o.ignoreAllDaemonSets ? { delete: false, reason: 'Warning', message: DAEMONSET_WARNING, filter: i } : { delete: false, reason: 'Error', message: DAEMONSET_FATAL, filter: i };
    },
    (pod, i) => (pod.metadata.annotations?.[MIRROR_ANNOTATION] !== undefined ? skip(i) : okay(i)),
    (pod, i) => {
      if (!(pod.spec.volumes ?? []).some((v) => v.emptyDir !== undefined) || finished(pod)) return okay(i);
      return o.deleteEmptyDirData ? { delete: true, reason: 'Warning', message: LOCAL_STORAGE_WARNING, filter: i } : { delete: false, reason: 'Error', message: LOCAL_STORAGE_FATAL, filter: i };
    },
    (pod, i) => {
      if (finished(pod) || controllerRef(pod)) return okay(i);
      return o.force ? { delete: true, reason: 'Warning', message: UNMANAGED_WARNING, filter: i } : { delete: false, reason: 'Error', message: UNMANAGED_FATAL, filter: i };
    },
  ];
  const verdicts = pods.map((pod) => {
    let v: Verdict = okay(0);
    for (let i = 0; i < filters.length; i++) {
      v = filters[i]!(pod, i);
      if (!v.delete) break;
    }
    return { pod, v };
  });
  const grouped = (reason: Verdict['reason']) => {
    const groups = new Map<string, { filter: number; first: number; pods: string[] }>();
    verdicts.forEach(({ pod, v }, idx) => {
      if (v.reason !== reason) return;
      const msg = v.message || 'unexpected error';
      const g = groups.get(msg) ?? { filter: v.filter, first: idx, pods: [] };
      g.pods.push(key(pod));
      groups.set(msg, g);
    });
    return [...groups].sort((a, b) => a[1].filter - b[1].filter || a[1].first - b[1].first);
  };
  return {
    pods: verdicts.filter(({ v }) => v.delete).map(({ pod }) => pod),
    warnings: grouped('Warning').map(([msg, g]) => `${msg}: ${g.pods.join(', ')}`).join('; '),
    errors: grouped('Error').map(([msg, g]) => `cannot delete ${msg}: ${g.pods.join(', ')}`),
  };
}

const key = (pod: Pod) => `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
const okay = (filter: number): Verdict => ({ delete: true, reason: 'Okay', filter });
const skip = (filter: number): Verdict => ({ delete: false, reason: 'Skip', filter });
