/**
 * One lesson folder -> a Lesson, or the positioned diagnostics that say why not.
 *
 * The host hands the folder over as a map of relative path -> text (this layer reads no files):
 * lesson.md and lesson.yaml are required, facilitator.md is optional, start/ and solution/ hold
 * the manifests (`.yaml`). Any other file is reported, so a misspelt folder is not silently
 * ignored.
 */
import type { Diagnostic } from './diagnostics.js';
import { readFrontMatter } from './front-matter.js';
import { readLessonYaml } from './lesson-yaml.js';
import type { Lesson } from './model.js';
import type { Located } from './yaml-reader.js';
import { YamlSource } from './yaml-reader.js';

export interface LessonFolder {
  /** The folder relative to the catalogue root, `/`-separated (`01-basics/01-one-pod-per-node`). */
  readonly path: string;
  /** Relative path inside the folder -> text. */
  readonly files: ReadonlyMap<string, string>;
}

export interface ParsedLesson {
  readonly lesson?: Lesson;
  readonly diagnostics: readonly Diagnostic[];
  /** Prerequisite ids with their positions in lesson.md (the catalogue resolves them). */
  readonly prerequisiteRefs: readonly Located<string>[];
}

const MANIFEST = /^(start|solution)\/[^/]+\.ya?ml$/;

/** `01-one-pod-per-node` -> `one-pod-per-node`. */
export function slugOf(name: string): string {
  return name.replace(/^\d+-/, '');
}

export function parseLesson(folder: LessonFolder): ParsedLesson {
  const diagnostics: Diagnostic[] = [];
  const manifests = new Map<string, string>();
  for (const [path, text] of folder.files) {
    if (MANIFEST.test(path)) manifests.set(path, text);
    else if (path !== 'lesson.md' && path !== 'lesson.yaml' && path !== 'facilitator.md') {
      diagnostics.push({ file: path, line: 1, column: 1, message: 'not part of a lesson folder (lesson.md, lesson.yaml, facilitator.md, start/*.yaml, solution/*.yaml)' });
    }
  }
  const md = folder.files.get('lesson.md');
  const yaml = folder.files.get('lesson.yaml');
  if (md === undefined) diagnostics.push({ file: 'lesson.md', line: 1, column: 1, message: 'missing: every lesson folder has lesson.md (front matter and prose)' });
  if (yaml === undefined) diagnostics.push({ file: 'lesson.yaml', line: 1, column: 1, message: 'missing: every lesson folder has lesson.yaml (setup, steps, checks, hints)' });
  const front = md === undefined ? undefined : readFrontMatter('lesson.md', md, diagnostics);
  const body = yaml === undefined ? undefined : readLessonYaml(new YamlSource('lesson.yaml', yaml, diagnostics), new Set(manifests.keys()));
  const prerequisiteRefs = front?.prerequisiteRefs ?? [];

  const parts = folder.path.split('/').filter((p) => p !== '');
  const name = parts[parts.length - 1] ?? '';
  const parent = parts[parts.length - 2];
  if (front && body) {
    if (body.kind === 'workshop' && front.meta.timeBox === undefined) front.src.error(front.src.root, 'front matter: a workshop needs "timeBox" (minutes)');
    if (body.kind === 'lesson' && front.meta.timeBox !== undefined) front.src.error(front.src.root, 'front matter: "timeBox" is for workshops; a lesson has "minutes"');
    const trackOfFolder = parent === undefined ? undefined : slugOf(parent);
    if (trackOfFolder !== undefined && /^(\d+-)?[a-z0-9-]+$/.test(parent!) && front.meta.track !== trackOfFolder) {
      front.src.error(front.src.root, `front matter: "track" is "${front.meta.track}" but the lesson sits in ${parent}/ (track "${trackOfFolder}")`);
    }
  }
  if (!front || !body || diagnostics.length > 0) return { diagnostics, prerequisiteRefs };
  const facilitator = folder.files.get('facilitator.md');
  const lesson: Lesson = {
    path: folder.path,
    slug: slugOf(name),
    kind: body.kind,
    meta: front.meta,
    prose: front.prose,
    proseLine: front.src.position(front.proseOffset).line,
    ...(facilitator === undefined ? {} : { facilitator }),
    seed: body.seed,
    setup: body.setup,
    steps: body.steps,
    checks: body.checks,
    hints: body.hints,
    files: manifests,
  };
  return { lesson, diagnostics, prerequisiteRefs };
}
