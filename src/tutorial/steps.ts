/**
 * The `steps:` of lesson.yaml: id, title, Markdown text, an optional `run:` (the Play button),
 * an optional `solution:` (what Solve does for the learner in this step), the `checks` that
 * finish the step, and callouts pointing at the picture.
 */
import type { Callout, CalloutTarget, LessonKind, Step } from './model.js';
import { readScript } from './lesson-script.js';
import { DEFAULT_NAMESPACE } from './checks/fields.js';
import { ID_PATTERN } from './front-matter.js';
import { isScalar, MapReader, type Located, type Node, type Scalar, type YamlSource } from './yaml-reader.js';

export const STEP_KEYS = ['id', 'title', 'text', 'run', 'solution', 'checks', 'callouts'] as const;
const METERS = ['unavailable', 'surge', 'footprint'] as const;

export interface ParsedSteps {
  readonly steps: Step[];
  /** Check ids the steps name, with positions, resolved once the checks are read. */
  readonly checkRefs: Located<string>[];
}

export function readSteps(src: YamlSource, items: readonly Node[], kind: LessonKind, files: ReadonlySet<string>): ParsedSteps {
  const steps: Step[] = [];
  const checkRefs: Located<string>[] = [];
  const ids = new Set<string>();
  items.forEach((item, i) => {
    const r = MapReader.of(src, item, `step ${i + 1}`);
    if (!r) return;
    const id = r.string('id', true);
    const what = id ? `step "${id.value}"` : `step ${i + 1}`;
    const s = new MapReader(src, r.node, what);
    if (id && !ID_PATTERN.test(id.value)) src.error(id.node, `${what}: an id is letters, digits and dashes, starting with a letter`);
    if (id && ids.has(id.value)) src.error(id.node, `${what}: another step has this id`);
    if (id) ids.add(id.value);
    s.get('id');
    const title = s.string('title', true)?.value;
    const textLoc = s.string('text', kind === 'lesson');
    const text = textLoc?.value ?? '';
    const textLine = textLoc ? textLineOf(src, textLoc) : 0;
    const runText = s.string('run');
    const solutionText = s.string('solution');
    const run = runText ? readScript(src, runText, `${what}: run`, files) : undefined;
    const solution = solutionText ? readScript(src, solutionText, `${what}: solution`, files) : undefined;
    const checks = s.strings('checks') ?? [];
    checkRefs.push(...checks);
    const callouts = (s.list('callouts') ?? []).map((c, j) => readCallout(src, c, `${what}: callout ${j + 1}`)).filter((c): c is Callout => c !== undefined);
    s.done([...STEP_KEYS]);
    if (!id || title === undefined) return;
    steps.push({
      id: id.value,
      ...src.position(item.range?.[0] ?? 0),
      title,
      text,
      textLine,
      ...(run ? { run } : {}),
      ...(solution ? { solution } : {}),
      checks: checks.map((c) => c.value),
      callouts,
    });
  });
  return { steps, checkRefs };
}

/** The file line of a Markdown scalar's first character. */
export function textLineOf(src: YamlSource, t: Located<string>): number {
  return src.position(src.offsetIn(t.node as Scalar, 0)).line;
}

function readCallout(src: YamlSource, node: Node, what: string): Callout | undefined {
  const r = MapReader.of(src, node, what);
  if (!r) return undefined;
  const text = r.string('text', true)?.value;
  const t = r.map('target', true);
  let target: CalloutTarget | undefined;
  if (t) {
    // `ns` qualifies a DaemonSet target; it is not a target of its own.
    const keys = t.keys().filter((k) => k !== 'ns');
    if (keys.length !== 1) src.error(t.node, `${what}: a target is one of {node: NAME}, {daemonset: NAME, ns: NS}, {pod: {selector, node, ns}}, {meter: ${METERS.join('|')}}`);
    const key = keys[0];
    const ns = t.string('ns');
    if (ns && key !== undefined && key !== 'daemonset') src.error(ns.node, `${what}: "ns" names a daemonset target's namespace (a pod target names it inside pod:; nodes and meters have none)`);
    if (key === 'node') target = named(t, 'node', (v) => ({ node: v }));
    else if (key === 'daemonset') target = named(t, 'daemonset', (v) => ({ daemonset: v, namespace: ns?.value ?? DEFAULT_NAMESPACE }));
    else if (key === 'meter') {
      const m = t.string('meter', true);
      if (m && !(METERS as readonly string[]).includes(m.value)) src.error(m.node, `${what}: meter is one of ${METERS.join(', ')}`);
      else if (m) target = { meter: m.value as (typeof METERS)[number] };
    } else if (key === 'pod') {
      const p = t.map('pod', true);
      const selector = p?.string('selector', true)?.value;
      const onNode = p?.string('node', true)?.value;
      const ns = p?.string('ns')?.value ?? DEFAULT_NAMESPACE;
      p?.done(['selector', 'node', 'ns']);
      if (selector !== undefined && onNode !== undefined) target = { pod: { selector, node: onNode, namespace: ns } };
    }
    t.done(['node', 'daemonset', 'ns', 'pod', 'meter']);
  }
  r.done(['target', 'text']);
  return target && text !== undefined ? { target, text } : undefined;
}

function named(t: MapReader, key: string, make: (v: string) => CalloutTarget): CalloutTarget | undefined {
  const n = t.get(key);
  if (isScalar(n) && typeof n.value === 'string') return make(n.value);
  t.src.error(n, `${t.what}: "${key}" must be a name`);
  return undefined;
}
