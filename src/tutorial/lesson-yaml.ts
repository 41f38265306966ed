/**
 * lesson.yaml: the format version, the kind (lesson or workshop), the seed, the setup script,
 * the steps, the checks (each of a kind in checks/) and the graded hints. Reads everything it
 * can and reports every problem with its position; references between parts (a check naming a
 * step, a step naming a check) are resolved at the end.
 */
import { CHECK_KINDS } from './checks/index.js';
import type { CheckBase, CheckSpec } from './checks/types.js';
import type { Hint, HintLevel, LessonKind, LessonScript, Step } from './model.js';
import { readScript } from './lesson-script.js';
import { readSteps, textLineOf } from './steps.js';
import { ID_PATTERN } from './front-matter.js';
import { MapReader, type Located, type Node, type YamlSource } from './yaml-reader.js';

export const FORMAT_VERSION = 1;
export const LESSON_KEYS = ['format', 'kind', 'seed', 'setup', 'steps', 'checks', 'hints'] as const;
const LEVELS: readonly HintLevel[] = ['nudge', 'pointer', 'answer'];

export interface LessonYaml {
  readonly kind: LessonKind;
  readonly seed: number;
  readonly setup: LessonScript;
  readonly steps: readonly Step[];
  readonly checks: readonly CheckSpec[];
  readonly hints: readonly Hint[];
}

export function readLessonYaml(src: YamlSource, files: ReadonlySet<string>): LessonYaml | undefined {
  const r = MapReader.of(src, src.root, 'lesson.yaml');
  if (!r) return undefined;
  const format = r.number('format', { required: true, integer: true });
  if (format && format.value !== FORMAT_VERSION) src.error(format.node, `lesson.yaml: format ${format.value} is not known; this runtime reads format ${FORMAT_VERSION}`);
  const kindText = r.string('kind', true);
  if (kindText && kindText.value !== 'lesson' && kindText.value !== 'workshop') src.error(kindText.node, 'lesson.yaml: "kind" is lesson or workshop');
  const kind: LessonKind = kindText?.value === 'workshop' ? 'workshop' : 'lesson';
  const seed = r.number('seed', { integer: true, min: 0 })?.value ?? 1;
  const setupText = r.string('setup', true);
  const setup = setupText ? readScript(src, setupText, 'setup', files) : undefined;
  const stepNodes = r.list('steps', true) ?? [];
  if (r.has('steps') && stepNodes.length === 0) src.error(r.get('steps'), 'lesson.yaml: "steps" lists no step');
  const { steps, checkRefs } = readSteps(src, stepNodes, kind, files);
  const stepRefs: Located<string>[] = [];
  const declared = new Set<string>();
  const checks = readChecks(src, r.list('checks', true) ?? [], (ref) => stepRefs.push(ref), declared);
  const hints = readHints(src, r.list('hints', true) ?? [], kind, (ref) => stepRefs.push(ref));
  if (!hints.some((h) => h.level === 'answer') && r.has('hints')) src.error(r.get('hints'), 'lesson.yaml: give at least one hint of level answer');
  r.done([...LESSON_KEYS]);

  const stepIds = new Set(steps.map((s) => s.id));
  for (const ref of stepRefs) if (!stepIds.has(ref.value)) src.error(ref.node, `no step has the id "${ref.value}" (steps: ${[...stepIds].join(', ')})`);
  const byId = new Map(checks.map((c) => [c.id, c]));
  for (const ref of checkRefs) {
    const c = byId.get(ref.value);
    if (!c && !declared.has(ref.value)) src.error(ref.node, `no check has the id "${ref.value}"`);
    else if (c?.kind === 'prediction') src.error(ref.node, `"${ref.value}" is a prediction; a step is finished by graded checks`);
  }
  for (const p of checks) {
    if (p.kind !== 'prediction') continue;
    const step = steps.find((s) => s.id === p.step);
    if (step && !step.run) src.errorAt(offsetOfLine(src, p.line), `prediction "${p.id}": step "${p.step}" has no run:, so nothing waits for the answer`);
    if (checks.some((q) => q !== p && q.kind === 'prediction' && q.step === p.step)) src.errorAt(offsetOfLine(src, p.line), `prediction "${p.id}": step "${p.step}" has another prediction`);
  }
  if (!setup || format?.value !== FORMAT_VERSION || !kindText) return undefined;
  return { kind, seed, setup, steps, checks, hints };
}

function offsetOfLine(src: YamlSource, line: number): number {
  let off = 0;
  for (let l = 1; l < line; l++) off = src.text.indexOf('\n', off) + 1;
  return off;
}

/** The checks that parse; `declared` collects every id given, so one bad check does not cascade. */
function readChecks(src: YamlSource, items: readonly Node[], stepRef: (r: Located<string>) => void, declared: Set<string>): CheckSpec[] {
  const out: CheckSpec[] = [];
  const ids = new Set<string>();
  items.forEach((item, i) => {
    const r0 = MapReader.of(src, item, `check ${i + 1}`);
    if (!r0) return;
    const id = r0.string('id', true);
    const r = new MapReader(src, r0.node, id ? `check "${id.value}"` : `check ${i + 1}`);
    r.get('id');
    if (id && !ID_PATTERN.test(id.value)) src.error(id.node, `${r.what}: an id is letters, digits and dashes, starting with a letter`);
    if (id && ids.has(id.value)) src.error(id.node, `${r.what}: another check has this id`);
    if (id) ids.add(id.value);
    if (id) declared.add(id.value);
    const kindName = r.string('kind', true);
    const kind = kindName ? CHECK_KINDS.get(kindName.value) : undefined;
    if (kindName && !kind) src.error(kindName.node, `${r.what}: unknown kind "${kindName.value}"; the kinds are ${[...CHECK_KINDS.keys()].join(', ')}`);
    if (!kind) return;
    const hint = kind.graded ? r.string('hint', true)?.value : undefined;
    const failsAtStart = kind.graded ? (r.boolean('failsAtStart')?.value ?? true) : true;
    // A prediction's question is its title; only graded checks are listed with one.
    const title = kind.graded ? r.string('title') : undefined;
    if (title && title.value.trim() === '') src.error(title.node, `${r.what}: "title" is empty; leave it out to show what the check wants in generated words`);
    const pos = src.position(item.range?.[0] ?? 0);
    const base: CheckBase = { id: id?.value ?? '', ...(title?.value.trim() ? { title: title.value.trim() } : {}), failsAtStart, hint: hint ?? '', line: pos.line, column: pos.column };
    const spec = kind.parse(r, base, { stepRef });
    r.done();
    if (spec && id && (!kind.graded || hint !== undefined)) out.push(spec);
  });
  return out;
}

function readHints(src: YamlSource, items: readonly Node[], kind: LessonKind, stepRef: (r: Located<string>) => void): Hint[] {
  const out: Hint[] = [];
  items.forEach((item, i) => {
    const r = MapReader.of(src, item, `hint ${i + 1}`);
    if (!r) return;
    const level = r.string('level', true);
    if (level && !(LEVELS as readonly string[]).includes(level.value)) src.error(level.node, `${r.what}: "level" is one of ${LEVELS.join(', ')}`);
    const textLoc = r.string('text', true);
    const text = textLoc?.value;
    const step = r.string('step');
    if (step) stepRef(step);
    const after = r.number('afterMinutes', { min: 0 });
    if (after && kind !== 'workshop') src.error(after.node, `${r.what}: afterMinutes is for workshops; a lesson's hints are there on request`);
    r.done(['level', 'text', 'step', 'afterMinutes']);
    if (!level || !(LEVELS as readonly string[]).includes(level.value) || text === undefined) return;
    out.push({ level: level.value as HintLevel, text, textLine: textLineOf(src, textLoc!), ...(step ? { step: step.value } : {}), ...(after ? { afterMinutes: after.value } : {}) });
  });
  return out;
}
