/**
 * lesson.md: YAML front matter between `---` lines, then the Markdown prose. The front matter
 * names the lesson (id, title, track, objectives, concepts, prerequisites, minutes; timeBox for
 * workshops; notes where the lesson follows upstream Kubernetes rather than its source).
 * Positions in diagnostics are those of lesson.md.
 */
import type { Diagnostic } from './diagnostics.js';
import type { LessonMeta } from './model.js';
import { MapReader, YamlSource, type Located } from './yaml-reader.js';

export const FRONT_MATTER_KEYS = ['id', 'title', 'track', 'objectives', 'concepts', 'prerequisites', 'minutes', 'timeBox', 'notes'] as const;

/** Ids name lessons in addresses and progress: letters, digits and dashes. */
export const ID_PATTERN = /^[A-Za-z][A-Za-z0-9-]*$/;

export interface FrontMatter {
  readonly meta: LessonMeta;
  /** The prerequisites with their positions, resolved against the catalogue later. */
  readonly prerequisiteRefs: readonly Located<string>[];
  readonly prose: string;
  /** Offset of the prose in lesson.md. */
  readonly proseOffset: number;
  readonly src: YamlSource;
}

export function readFrontMatter(file: string, text: string, diagnostics: Diagnostic[]): FrontMatter | undefined {
  const open = /^---\r?\n/.exec(text);
  const close = open ? /^---\s*$/m.exec(text.slice(open[0].length)) : null;
  if (!open || !close) {
    diagnostics.push({ file, line: 1, column: 1, message: 'lesson.md must start with front matter: a "---" line, YAML (id, title, track, ...), and a closing "---" line' });
    return undefined;
  }
  const start = open[0].length;
  const src = new YamlSource(file, text, diagnostics, start, close.index);
  const proseOffset = Math.min(text.length, start + close.index + close[0].length + 1);
  const r = MapReader.of(src, src.root, 'front matter', start);
  if (!r) return undefined;
  const id = r.string('id', true);
  if (id && !ID_PATTERN.test(id.value)) src.error(id.node, `front matter: "id" must be letters, digits and dashes, starting with a letter (e.g. L1, W2), got "${id.value}"`);
  const title = r.string('title', true)?.value;
  const track = r.string('track', true)?.value;
  const objectives = r.strings('objectives', true);
  if (objectives && objectives.length === 0) src.error(r.get('objectives'), 'front matter: "objectives" lists no objective');
  const concepts = r.strings('concepts') ?? [];
  const prerequisiteRefs = r.strings('prerequisites') ?? [];
  const minutes = r.number('minutes', { required: true, integer: true, min: 1 })?.value;
  const timeBox = r.number('timeBox', { integer: true, min: 1 })?.value;
  const notes = (r.strings('notes') ?? []).map((n) => n.value);
  r.done([...FRONT_MATTER_KEYS]);
  if (!id || title === undefined || track === undefined || !objectives || minutes === undefined) return undefined;
  const meta: LessonMeta = {
    id: id.value,
    title,
    track,
    objectives: objectives.map((o) => o.value),
    concepts: concepts.map((c) => c.value),
    prerequisites: prerequisiteRefs.map((p) => p.value),
    minutes,
    ...(timeBox === undefined ? {} : { timeBox }),
    notes,
  };
  return { meta, prerequisiteRefs, prose: text.slice(proseOffset), proseOffset, src };
}
