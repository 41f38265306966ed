/**
 * A workshop as its URL says: `workshop/?ids=W1,W3&minutes=90` (the ids may also come as
 * repeated `ids=` parameters, as the workshop page's own form sends them). The ids are catalogue
 * ids; `minutes` is the time box, by default the sum of the exercises' own time boxes. An id the
 * catalogue does not know, or a bad `minutes`, is named in a message and the rest still works.
 */
import type { LessonCard } from '../lesson/data.js';

export interface WorkshopParams {
  readonly ids: readonly string[];
  /** The time box asked for, when `minutes` was given and valid. */
  readonly minutes?: number;
  readonly problems: readonly string[];
}

/** The longest time box a URL may ask for (a day). */
export const MAX_MINUTES = 24 * 60;

export function parseWorkshopParams(search: string): WorkshopParams {
  const q = new URLSearchParams(search);
  const problems: string[] = [];
  const ids: string[] = [];
  for (const value of q.getAll('ids')) {
    for (const id of value.split(',').map((s) => s.trim())) if (id !== '' && !ids.includes(id)) ids.push(id);
  }
  const raw = q.get('minutes');
  let minutes: number | undefined;
  if (raw !== null && raw.trim() !== '') {
    const n = Number(raw);
    if (Number.isInteger(n) && n > 0 && n <= MAX_MINUTES) minutes = n;
    else problems.push(`minutes="${raw}" is not a whole number of minutes from 1 to ${MAX_MINUTES}; the time box is the exercises' own.`);
  }
  return { ids, ...(minutes === undefined ? {} : { minutes }), problems };
}

/**
 * Names the set and time box the URL asks for: its storage (the time box's start, the check
 * times). Every page of one workshop reads the same parameters, so they find the same record.
 */
export function workshopKey(params: WorkshopParams): string {
  return `${params.ids.join(',')}@${params.minutes ?? ''}`;
}

/** The query that reopens the workshop (`ids=W1,W3&minutes=90`), for links between its pages. */
export function workshopQuery(params: WorkshopParams): string {
  const ids = params.ids.map(encodeURIComponent).join(',');
  return params.minutes === undefined ? `ids=${ids}` : `ids=${ids}&minutes=${params.minutes}`;
}

export interface Workshop {
  /** The exercises found, in the URL's order. */
  readonly exercises: readonly LessonCard[];
  /** The time box in minutes. */
  readonly minutes: number;
  readonly problems: readonly string[];
}

/** The workshop the parameters name, against the catalogue. */
export function resolveWorkshop(params: WorkshopParams, catalogue: readonly LessonCard[]): Workshop {
  const problems = [...params.problems];
  const exercises: LessonCard[] = [];
  for (const id of params.ids) {
    const card = catalogue.find((c) => c.id === id);
    if (card) exercises.push(card);
    else problems.push(`"${id}" is not an exercise of this site (workshop exercises: ${catalogue.filter((c) => c.kind === 'workshop').map((c) => c.id).join(', ') || 'none'}); the others still open.`);
  }
  const minutes = params.minutes ?? exercises.reduce((sum, c) => sum + (c.timeBox ?? c.minutes), 0);
  return { exercises, minutes, problems };
}
