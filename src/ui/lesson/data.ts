/**
 * The lesson data the build emits (build/lessons-json.ts) and the page fetches: plain JSON,
 * read as text and parsed by the tutorial's parser in the worker, never run.
 */

/** One listed lesson or workshop, as the index and the "next lesson" link need it. */
export interface LessonCard {
  readonly id: string;
  readonly title: string;
  readonly track: string;
  readonly kind: 'lesson' | 'workshop';
  readonly minutes: number;
  readonly timeBox?: number;
  readonly prerequisites: readonly string[];
  readonly objectives: readonly string[];
}

/** A lesson folder: its path in the catalogue and its files (relative path -> text). */
export interface LessonData {
  readonly path: string;
  readonly files: Readonly<Record<string, string>>;
}

/** A request the server answered with an error status (404: no such lesson in this build). */
export class HttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
    statusText: string,
  ) {
    super(`${url}: ${status} ${statusText}`);
  }
}

/** Cards grouped by track, tracks and cards in catalogue order. */
export function byTrack(cards: readonly LessonCard[]): [string, LessonCard[]][] {
  const out = new Map<string, LessonCard[]>();
  for (const c of cards) out.set(c.track, [...(out.get(c.track) ?? []), c]);
  return [...out];
}

/** Fetches JSON of the site (same origin); says what failed in words. */
async function getJson<T>(url: string): Promise<T> {
  const r = await fetch(url);
  if (!r.ok) throw new HttpError(url, r.status, r.statusText);
  return (await r.json()) as T;
}

/** The catalogue, from the site's root (`page.root`). */
export function fetchCatalogue(root: string): Promise<LessonCard[]> {
  return getJson<LessonCard[]>(`${root}lessons/catalogue.json`);
}

export function fetchLesson(root: string, id: string): Promise<LessonData> {
  return getJson<LessonData>(`${root}lessons/${encodeURIComponent(id)}/lesson.json`);
}
