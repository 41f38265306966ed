/**
 * The proof that a lesson works (docs/lesson-format.md, The checker; rustlings' `dev/check.rs` in
 * spirit): after the setup, every check marked `failsAtStart` fails; Solve then finishes every step, passes every
 * graded check (invariants held over the whole solution run) and reaches "done"; and every YAML
 * snippet of its Markdown parses, and applies unless marked a fragment. The parse already
 * enforced the rest (hints present, predictions well formed, ids unique, references resolved,
 * kubectl checks read-only).
 */
import type { Diagnostic } from './diagnostics.js';
import type { Lesson } from './model.js';
import { LessonRun } from './run.js';
import { snippetProblem, yamlSnippets } from './snippets.js';

export function proveLesson(lesson: Lesson): Diagnostic[] {
  const out: Diagnostic[] = [];
  const at = (c: { line: number; column: number }, message: string): void => void out.push({ file: 'lesson.yaml', line: c.line, column: c.column, message });

  const run = new LessonRun(lesson);
  const start = run.outcomes();
  for (const c of run.graded) {
    if (c.failsAtStart && start.get(c.id)!.passed) at(c, `check "${c.id}" already passes right after the setup; make the setup start it failing, or mark it failsAtStart: false`);
  }

  run.solve();
  const status = run.status();
  for (const c of status.checks) {
    if (c.passed) continue;
    const spec = run.graded.find((g) => g.id === c.id)!;
    at(spec, `check "${c.id}" does not pass after the solution: ${c.reason}`);
  }
  for (const s of lesson.steps) if (!run.status().steps.find((v) => v.id === s.id)!.done) at(s, `step "${s.id}" is not done after the solution`);
  if (out.length === 0 && !status.done) out.push({ file: 'lesson.yaml', line: 1, column: 1, message: 'the solution does not reach "done"' });

  const texts: { file: string; text: string; line: number }[] = [
    { file: 'lesson.md', text: lesson.prose, line: lesson.proseLine },
    ...(lesson.facilitator !== undefined ? [{ file: 'facilitator.md', text: lesson.facilitator, line: 1 }] : []),
    ...lesson.steps.map((s) => ({ file: 'lesson.yaml', text: s.text, line: s.textLine })),
    ...lesson.hints.map((h) => ({ file: 'lesson.yaml', text: h.text, line: h.textLine })),
  ];
  for (const t of texts) {
    for (const snippet of yamlSnippets(t.text)) {
      const problem = snippetProblem(snippet);
      if (problem) out.push({ file: t.file, line: t.line + snippet.line + problem.line, column: 1, message: problem.message });
    }
  }
  return out;
}
