/**
 * Lessons as data for the page: `lessons/catalogue.json` (every listed lesson's front matter, in
 * catalogue order, for the index and "next lesson") and `lessons/ID/lesson.json` (the folder's
 * files as text), fetched when a lesson page opens. The engine worker parses a lesson from that
 * text with the same parser `everynode lessons check` uses; nothing in a lesson is ever code.
 * The dev server answers the same URLs from lessons/ as it is on disk.
 */
import type { Plugin } from 'vite';
import { readLessonTree } from '../src/cli/files.js';
import { listed, readCatalogue } from '../src/tutorial/catalogue.js';
import type { LessonCard, LessonData } from '../src/ui/lesson/data.js';

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
