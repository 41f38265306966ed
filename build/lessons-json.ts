/**
 * Lessons as data for the page: `lessons/catalogue.json` (every listed lesson's front matter, in
 * catalogue order, for the index and "next lesson") and `lessons/ID/lesson.json` (the folder's
 * files as text), fetched when a lesson page opens. The engine worker parses a lesson from that
 * text with the same parser `everynode lessons check` uses; nothing in a lesson is ever code.
 * The dev server answers the same URLs from lessons/ as it is on disk.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { listed, readCatalogue } from '../src/tutorial/catalogue.js';
import { isLessonFile } from '../src/tutorial/check-catalogue.js';
import type { LessonCard, LessonData } from '../src/ui/lesson/data.js';

/** Every lesson file (Markdown and YAML) under `dir`, by `/`-separated path relative to it. */
export function readLessonTree(dir: string): Map<string, string> {
  const tree = new Map<string, string>();
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      if (name.startsWith('.')) continue;
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (isLessonFile(name)) tree.set(relative(dir, p).split(sep).join('/'), readFileSync(p, 'utf8'));
    }
  };
  walk(dir);
  return tree;
}

/** URL path (under the site root) -> JSON text, for every lesson data file. */
export function lessonJson(dir: string): Map<string, string> {
  const tree = readLessonTree(dir);
  const lessons = [...listed(readCatalogue(tree)).values()].flat();
  const out = new Map<string, string>();
  const cards: LessonCard[] = lessons.map((l) => ({
    id: l.meta.id,
    title: l.meta.title,
    track: l.meta.track,
    kind: l.kind,
    minutes: l.meta.minutes,
    ...(l.meta.timeBox === undefined ? {} : { timeBox: l.meta.timeBox }),
    prerequisites: l.meta.prerequisites,
    objectives: l.meta.objectives,
  }));
  out.set('lessons/catalogue.json', JSON.stringify(cards));
  for (const l of lessons) {
    const prefix = `${l.path}/`;
    const files = Object.fromEntries([...tree].filter(([p]) => p.startsWith(prefix)).map(([p, t]) => [p.slice(prefix.length), t]));
    out.set(`lessons/${l.meta.id}/lesson.json`, JSON.stringify({ path: l.path, files } satisfies LessonData));
  }
  return out;
}

export function lessonsJson(dir: string): Plugin {
  return {
    name: 'everynode-lessons-json',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0]!.replace(/^\//, '');
        if (!path.endsWith('.json') || !path.startsWith('lessons/')) return next();
        const text = lessonJson(dir).get(path);
        if (text === undefined) return next();
        res.setHeader('Content-Type', 'application/json');
        res.end(text);
      });
    },
    generateBundle() {
      for (const [fileName, source] of lessonJson(dir)) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
