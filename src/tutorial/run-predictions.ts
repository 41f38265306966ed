/**
 * A lesson run's predictions: the lesson's prediction checks and this attempt's answers. A step
 * with a prediction runs only once it is answered, and a prediction takes answers until its step
 * has run; a fresh cluster clears the answers unless the run keeps them (New cluster, a reload).
 */
import { isCorrect, type PredictionSpec } from './checks/prediction.js';
import type { Lesson } from './model.js';
import type { LessonProgress, PredictionAnswer } from './run-progress.js';
import type { PredictionView } from './run-view.js';

type Answered = { readonly answer: PredictionAnswer; readonly correct: boolean };

export class Predictions {
  private readonly specs: readonly PredictionSpec[];
  private answers = new Map<string, Answered>();

  constructor(lesson: Lesson) {
    this.specs = lesson.checks.filter((c): c is PredictionSpec => c.kind === 'prediction');
  }

  /** Records an answer to prediction `id`, unless its step has already run (`ran`). */
  answer(id: string, answer: PredictionAnswer, ran: (step: string) => boolean): { correct: boolean; explain: string } | { error: string } {
    const p = this.specs.find((x) => x.id === id);
    if (!p) return { error: `no prediction ${id}` };
    if (ran(p.step)) return { error: `step "${p.step}" has already run` };
    const correct = isCorrect(p, answer);
    this.answers.set(p.id, { answer, correct });
    return { correct, explain: p.explain };
  }

  /** The id of step `step`'s prediction, if it has one. */
  of(step: string): string | undefined {
    return this.specs.find((x) => x.step === step)?.id;
  }

  /** Whether step `step` may run: it has no prediction, or its prediction is answered. */
  allowsRun(step: string): boolean {
    const id = this.of(step);
    return id === undefined || this.answers.has(id);
  }

  /** A fresh cluster: no answers. */
  clear(): void {
    this.answers = new Map();
  }

  /** The answers as progress keeps them. */
  saved(): LessonProgress['predictions'] {
    return Object.fromEntries(this.answers);
  }

  /** Takes back the answers progress `p` recorded. */
  keep(p: LessonProgress): void {
    for (const [id, a] of Object.entries(p.predictions)) this.answers.set(id, { answer: a.answer, correct: a.correct });
  }

  /** What the lesson column shows of each prediction. */
  views(): PredictionView[] {
    return this.specs.map((p) => {
      const a = this.answers.get(p.id);
      return {
        id: p.id,
        step: p.step,
        question: p.question,
        type: p.answer.type,
        choices: p.answer.type === 'numeric' ? [] : p.answer.choices,
        ...(a ? { answered: { ...a, explain: p.explain } } : {}),
      };
    });
  }
}
