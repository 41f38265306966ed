/**
 * What a LessonRun shows the page, as plain data: the steps (done, current, what can be pressed),
 * the live checklist (passed, or the reason it has not yet), the predictions and the hints.
 * The page renders this and never recomputes any of it.
 */
import type { GradedCheck } from './checks/types.js';
import type { PredictionAnswer } from './run-progress.js';
import type { Callout, Hint, LessonKind, Step } from './model.js';

export interface StepView {
  readonly id: string;
  readonly title: string;
  /** Markdown. */
  readonly text: string;
  readonly done: boolean;
  readonly current: boolean;
  /** It has a Play button. */
  readonly hasRun: boolean;
  /** Its Play button has been pressed (and finished), and the commands it ran are on the branch shown. */
  readonly ran: boolean;
  /** The id of the prediction to answer before Play, if any. */
  readonly prediction?: string;
  /** Play can be pressed now (current, has a run, prediction answered). */
  readonly canRun: boolean;
  /** "Next step" finishes it now (current, no checks and no run). */
  readonly canNext: boolean;
  readonly callouts: readonly Callout[];
}

export interface CheckView {
  readonly id: string;
  /** What the check wants, in words: the author's title or the kind's description. */
  readonly title: string;
  readonly kind: GradedCheck['kind'];
  readonly passed: boolean;
  /** Why not yet ('' when passed). */
  readonly reason: string;
  readonly hint: string;
}

export interface PredictionView {
  readonly id: string;
  readonly step: string;
  readonly question: string;
  readonly type: 'choice' | 'multiple' | 'numeric';
  readonly choices: readonly string[];
  /** Set once answered: what was given, whether it was right, and the explanation. */
  readonly answered?: { readonly answer: PredictionAnswer; readonly correct: boolean; readonly explain: string };
}

export interface HintsView {
  readonly shown: readonly Hint[];
  /** A further hint can be shown now. */
  readonly more: boolean;
  /** Workshops: minutes until the next hint unlocks (when none is available now). */
  readonly unlocksInMinutes?: number;
}

export interface LessonStatus {
  readonly id: string;
  readonly kind: LessonKind;
  readonly steps: readonly StepView[];
  readonly currentStep?: string;
  readonly checks: readonly CheckView[];
  readonly predictions: readonly PredictionView[];
  /** Every step is done and every check passed together (stays true for this attempt). */
  readonly done: boolean;
  /** Done at least once, in any attempt. */
  readonly completed: boolean;
  /** Solve was used in this attempt. */
  readonly solved: boolean;
}

/**
 * What the lesson column shows of step `s`: whether it is done and current, whether its Run shows
 * as ran, its prediction's id and whether that allows the Run (answered, or none).
 */
export function stepView(s: Step, at: { done: boolean; current: boolean; ran: boolean; prediction: string | undefined; answered: boolean }): StepView {
  return {
    id: s.id,
    title: s.title,
    text: s.text,
    done: at.done,
    current: at.current,
    hasRun: s.run !== undefined,
    ran: at.ran,
    ...(at.prediction === undefined ? {} : { prediction: at.prediction }),
    canRun: at.current && s.run !== undefined && at.answered,
    canNext: at.current && s.checks.length === 0 && (!s.run || at.ran),
    callouts: s.callouts,
  };
}
