/**
 * `prediction`: a question the learner answers before pressing a step's Play button (`step:`
 * names it; that step must have a `run:`). Single choice (`choices` + `answer`), multi-select
 * (`multiple: true`, `answer` a list), or numeric (`numeric: true`, `answer` a number,
 * optional `tolerance`). The answer is recorded and `explain` shown; it never gates completion,
 * so a prediction has no `hint` and no `failsAtStart`.
 */
import { isSeq, type Located } from '../yaml-reader.js';
import type { CheckBase, CheckKind } from './types.js';

export interface PredictionSpec extends Omit<CheckBase, 'failsAtStart' | 'hint'> {
  readonly kind: 'prediction';
  readonly step: string;
  readonly question: string;
  readonly explain: string;
  readonly answer:
    | { readonly type: 'choice'; readonly choices: readonly string[]; readonly correct: string }
    | { readonly type: 'multiple'; readonly choices: readonly string[]; readonly correct: readonly string[] }
    | { readonly type: 'numeric'; readonly correct: number; readonly tolerance: number };
}

export const prediction: CheckKind<PredictionSpec> = {
  kind: 'prediction',
  graded: false,
  parse(r, base, env) {
    const step = r.string('step', true);
    if (step) env.stepRef(step);
    const question = r.string('question', true)?.value;
    const explain = r.string('explain', true)?.value;
    const numeric = r.boolean('numeric')?.value ?? false;
    const multiple = r.boolean('multiple')?.value ?? false;
    let answer: PredictionSpec['answer'] | undefined;
    if (numeric) {
      if (r.has('choices')) r.src.error(r.keyNode('choices'), `${r.what}: a numeric prediction has no choices`);
      r.get('choices');
      const correct = r.number('answer', { required: true })?.value;
      const tolerance = r.number('tolerance', { min: 0 })?.value ?? 0;
      if (correct !== undefined) answer = { type: 'numeric', correct, tolerance };
    } else {
      const choices = r.strings('choices', true) ?? [];
      if (choices.length < 2 && r.has('choices')) r.src.error(r.node, `${r.what}: give at least two choices`);
      const dup = choices.find((c, i) => choices.findIndex((d) => d.value === c.value) !== i);
      if (dup) r.src.error(dup.node, `${r.what}: choice "${dup.value}" is listed twice`);
      const among = (a: Located<string>): boolean => {
        if (choices.some((c) => c.value === a.value)) return true;
        r.src.error(a.node, `${r.what}: the answer "${a.value}" is not one of the choices`);
        return false;
      };
      if (multiple) {
        const list = isSeq(r.get('answer')) ? r.strings('answer', true) : (r.src.error(r.node, `${r.what}: a multiple-choice answer is a list of choices`), undefined);
        if (list && list.length > 0 && list.every(among)) answer = { type: 'multiple', choices: choices.map((c) => c.value), correct: list.map((a) => a.value) };
      } else {
        const a = r.string('answer', true);
        if (a && among(a)) answer = { type: 'choice', choices: choices.map((c) => c.value), correct: a.value };
      }
    }
    if (!step || question === undefined || explain === undefined || !answer) return undefined;
    const { failsAtStart: _f, hint: _h, ...rest } = base;
    return { ...rest, kind: 'prediction', step: step.value, question, explain, answer };
  },
  describe: (spec) => spec.question,
};

/** Whether a learner's answer is right. */
export function isCorrect(spec: PredictionSpec, given: string | number | readonly string[]): boolean {
  const a = spec.answer;
  if (a.type === 'numeric') return typeof given === 'number' && Math.abs(given - a.correct) <= a.tolerance;
  if (a.type === 'choice') return given === a.correct;
  return Array.isArray(given) && given.length === a.correct.length && a.correct.every((c) => given.includes(c));
}
