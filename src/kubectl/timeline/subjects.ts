/**
 * The kubelets' event correlator entries in a snapshot (the recorder's subjects: sim/engine/host-subjects.ts),
 * which a kept moment compacts like its pods and their runtimes (compact.ts): once a rollout
 * replaced a generation, only the moments before it hold that generation's pods' subjects, and
 * those of one generation are alike (the same reasons and messages, differing in Event names,
 * times and their node's source).
 */
import type { ClusterSnapshot } from '../../sim/engine/cluster.js';
import type { Subject } from '../../sim/engine/host-subjects.js';
import type { Grouping } from './compact.js';

/** Subjects by the uid of the object they are about (`RecorderState.subjects`). */
export type SubjectTable = ReadonlyMap<string, Subject>;

/**
 * Subjects by the reasons their kubelet wrote, in order: a generation's pods went through the same
 * ones. The source and the references are one object per node or pod version, shared with the
 * recorder's tables and the stored Events: kept whole. A row's strings are names of Events the
 * same snapshot mostly stores too (a pod's subject names its Events, which the snapshot keeps for
 * their hour), so they count as slots alone.
 */
export const SUBJECT_TEMPLATES: Grouping<Subject> = {
  key: (s) => s.observed.filter((_, i) => i % 3 === 0).join(' '),
  stringShare: 0,
  whole: [['source'], ['reference'], ['fieldReference']],
};

/** The subjects `s` holds. */
export function subjectsOf(s: ClusterSnapshot): SubjectTable {
  return s.recorder.subjects;
}

/** `s` with `subjects` as the recorder's subjects. */
export function withSubjects(s: ClusterSnapshot, subjects: SubjectTable): ClusterSnapshot {
  return { ...s, recorder: { ...s.recorder, subjects } };
}
