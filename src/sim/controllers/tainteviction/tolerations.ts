/**
 * Which tolerations the taint manager uses, and for how long (`GetMatchingTolerations` in
 * pkg/apis/core/v1/helper, `getMinTolerationTime` in pkg/controller/tainteviction):
 *
 * - for each NoExecute taint, the FIRST toleration in the pod's list that tolerates it is used;
 *   one untolerated taint means "evict now";
 * - the pod may stay for the smallest `tolerationSeconds` among the used tolerations; a used
 *   toleration without seconds is forever; zero or negative seconds mean now.
 */
import { toleratesTaint } from '../../api/toleration.js';
import type { Taint, Toleration } from '../../api/types.js';

export interface MatchResult {
  readonly allTolerated: boolean;
  /** The toleration used for each taint, in taint order (empty when not all are tolerated). */
  readonly used: readonly Toleration[];
}

export function getMatchingTolerations(taints: readonly Taint[], tolerations: readonly Toleration[] | undefined): MatchResult {
  const used: Toleration[] = [];
  for (const taint of taints) {
    const t = (tolerations ?? []).find((tol) => toleratesTaint(tol, taint));
    if (!t) return { allTolerated: false, used: [] };
    used.push(t);
  }
  return { allTolerated: true, used };
}

/** Milliseconds the pod may stay; -1 means forever. */
export function getMinTolerationTime(used: readonly Toleration[]): number {
  if (used.length === 0) return 0;
  let min = Infinity;
  for (const t of used) {
    if (t.tolerationSeconds === undefined || t.tolerationSeconds === null) continue;
    if (t.tolerationSeconds <= 0) return 0;
    min = Math.min(min, t.tolerationSeconds);
  }
  return min === Infinity ? -1 : min * 1000;
}

export function noExecuteTaints(taints: readonly Taint[] | undefined): Taint[] {
  return (taints ?? []).filter((t) => t.effect === 'NoExecute');
}

/** Whether any taint is NoExecute (without building the list; indexed, so no iterator either). */
export function hasNoExecuteTaint(taints: readonly Taint[] | undefined): boolean {
  if (taints) for (let i = 0; i < taints.length; i++) if (taints[i]!.effect === 'NoExecute') return true;
  return false;
}
