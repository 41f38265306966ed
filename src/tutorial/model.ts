/**
 * A parsed lesson: plain, readonly data (docs/lesson-format.md describes the files it comes from).
 * Nothing in it is code: scripts are lines of the kubectl/sim language, checks are declarative
 * specs of the kinds in checks/, expressions are parsed trees of the invariant grammar.
 */
import type { ScriptCommand } from '../kubectl/script.js';
import type { CheckSpec } from './checks/types.js';

export type LessonKind = 'lesson' | 'workshop';

/** The front matter of lesson.md. */
export interface LessonMeta {
  /** Stable id, e.g. `L1`, `W1`: prerequisites, progress and the page's address use it. */
  readonly id: string;
  readonly title: string;
  /** The track (a group of lessons), e.g. `basics`; the folder `NN-<track>` holds it. */
  readonly track: string;
  readonly objectives: readonly string[];
  readonly concepts: readonly string[];
  /** Ids of lessons to do first. */
  readonly prerequisites: readonly string[];
  /** Expected minutes for a lesson. */
  readonly minutes: number;
  /** Workshops: the time box in minutes. */
  readonly timeBox?: number;
  /** Where the lesson departs from its source to follow upstream Kubernetes. */
  readonly notes: readonly string[];
}

/** A script of lesson.yaml: its commands, each with the lesson.yaml line it starts on. */
export interface LessonScript {
  readonly text: string;
  readonly commands: readonly (ScriptCommand & { readonly fileLine: number })[];
}

/** Something in the picture a step points at. */
export type CalloutTarget =
  | { readonly node: string }
  | { readonly daemonset: string; readonly namespace: string }
  | { readonly pod: { readonly selector: string; readonly node: string; readonly namespace: string } }
  | { readonly meter: 'unavailable' | 'surge' | 'footprint' };

export interface Callout {
  readonly target: CalloutTarget;
  /** Short Markdown shown beside the target. */
  readonly text: string;
}

export interface Step {
  readonly id: string;
  /** Where the step starts in lesson.yaml. */
  readonly line: number;
  readonly column: number;
  readonly title: string;
  /** Markdown shown for the step (workshops may leave it empty). */
  readonly text: string;
  /** The lesson.yaml line where `text` begins (for errors in its snippets). */
  readonly textLine: number;
  /** A Play button: the learner answers the step's prediction, then presses it. */
  readonly run?: LessonScript;
  /** What the learner does in this step; Solve runs it (before `run`). */
  readonly solution?: LessonScript;
  /**
   * Check ids that finish the step when they all pass at once. With none, the step is done
   * when its `run` has run, or (no run either) when the learner presses "Next step".
   */
  readonly checks: readonly string[];
  readonly callouts: readonly Callout[];
}

export type HintLevel = 'nudge' | 'pointer' | 'answer';

export interface Hint {
  readonly level: HintLevel;
  /** Markdown. */
  readonly text: string;
  /** The lesson.yaml line where `text` begins. */
  readonly textLine: number;
  /** Offered only while this step is the current one. */
  readonly step?: string;
  /** Workshops: offered only after this many minutes. */
  readonly afterMinutes?: number;
}

export interface Lesson {
  /** The folder, relative to the catalogue root (`01-basics/01-one-pod-per-node`). */
  readonly path: string;
  /** The folder's name without its number (`one-pod-per-node`). */
  readonly slug: string;
  readonly kind: LessonKind;
  readonly meta: LessonMeta;
  /** lesson.md without its front matter. */
  readonly prose: string;
  /** The lesson.md line where the prose begins. */
  readonly proseLine: number;
  /** facilitator.md, for instructors only (workshops). */
  readonly facilitator?: string;
  readonly seed: number;
  readonly setup: LessonScript;
  readonly steps: readonly Step[];
  readonly checks: readonly CheckSpec[];
  readonly hints: readonly Hint[];
  /** Relative path -> text of every start/ and solution/ file. */
  readonly files: ReadonlyMap<string, string>;
}
