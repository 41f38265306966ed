import { describe, expect, it } from 'vitest';
import { isCorrect, type PredictionSpec } from '../../../src/tutorial/checks/prediction.js';
import { check, parseCheck } from './harness.js';

describe('prediction', () => {
  it('single choice, multi-select and numeric answers', () => {
    const one = check('prediction', "step: s\nquestion: q\nchoices: [a, b]\nanswer: b\nexplain: e") as PredictionSpec;
    expect([isCorrect(one, 'b'), isCorrect(one, 'a')]).toEqual([true, false]);
    const many = check('prediction', 'step: s\nquestion: q\nmultiple: true\nchoices: [a, b, c]\nanswer: [c, a]\nexplain: e') as PredictionSpec;
    expect([isCorrect(many, ['a', 'c']), isCorrect(many, ['a'])]).toEqual([true, false]);
    const num = check('prediction', 'step: s\nquestion: q\nnumeric: true\nanswer: 10\nexplain: e') as PredictionSpec;
    expect([isCorrect(num, 10), isCorrect(num, 9)]).toEqual([true, false]);
  });

  it('is well formed: the answer is among the choices, choices are distinct', () => {
    expect(parseCheck('prediction', 'step: s\nquestion: q\nchoices: [a, b]\nanswer: c\nexplain: e').problems).toEqual(['lesson.yaml:4:9: check "c": the answer "c" is not one of the choices']);
    expect(parseCheck('prediction', 'step: s\nquestion: q\nchoices: [a, a]\nanswer: a\nexplain: e').problems).toEqual(['lesson.yaml:3:14: check "c": choice "a" is listed twice']);
    expect(parseCheck('prediction', 'step: s\nquestion: q\nchoices: [a, b]\nanswer: a').problems).toEqual(['lesson.yaml:1:1: check "c": "explain" is required']);
  });
});
