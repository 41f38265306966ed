/**
 * What a workshop keeps on this machine, and only here: when its time box began, and for each
 * exercise opened in it the checks it has and when each first passed (the wall clock, the
 * virtual clock, whether Solve got it there). The lesson page records while it runs an exercise
 * of a workshop; the results page reads it back. Kept in localStorage under the workshop's key
 * (`everynode:workshop:KEY:record`, versioned by persist.ts).
 */
import { PlaygroundStorage, type StorageLike } from '../persist.js';

export interface CheckPass {
  /** Wall-clock time (ms since the epoch) the check was first seen passing. */
  readonly wall: number;
  /** The cluster's virtual time then, as elapsed since its start (ms). */
  readonly virtual: number;
  /** Solve had been used in that attempt. */
  readonly solved: boolean;
}

export interface ExerciseRecord {
  /** The exercise's checks, in lesson order. */
  readonly checks: readonly string[];
  readonly passed: Readonly<Record<string, CheckPass>>;
}

export interface WorkshopRecord {
  readonly startedAt: number;
  readonly exercises: Readonly<Record<string, ExerciseRecord>>;
}

const RECORD = 'record';

function isRecord(x: unknown): x is WorkshopRecord {
  if (typeof x !== 'object' || x === null) return false;
  const r = x as Partial<WorkshopRecord>;
  return typeof r.startedAt === 'number' && typeof r.exercises === 'object' && r.exercises !== null;
}

/** A check of the live checklist, as the lesson column shows it. */
export interface CheckState {
  readonly id: string;
  readonly passed: boolean;
}

/**
 * The record with the checks of exercise `id` that pass now and had not passed before stamped
 * with `at`; the same object when nothing is new (so nothing needs writing).
 */
export function withPasses(record: WorkshopRecord, id: string, checks: readonly CheckState[], at: CheckPass): WorkshopRecord {
  const before = record.exercises[id];
  const ids = checks.map((c) => c.id);
  const fresh = checks.filter((c) => c.passed && !before?.passed[c.id]);
  const sameList = before !== undefined && before.checks.length === ids.length && before.checks.every((c, i) => c === ids[i]);
  if (fresh.length === 0 && sameList) return record;
  const passed = { ...before?.passed, ...Object.fromEntries(fresh.map((c) => [c.id, at])) };
  return { ...record, exercises: { ...record.exercises, [id]: { checks: ids, passed } } };
}

export class WorkshopStore {
  private readonly store: PlaygroundStorage;

  constructor(storage: StorageLike | undefined, key: string) {
    this.store = new PlaygroundStorage(storage, `workshop:${key}`);
  }

  read(): WorkshopRecord | undefined {
    const r = this.store.read<unknown>(RECORD);
    return isRecord(r) ? r : undefined;
  }

  /** The record, begun now (the time box starts) if this machine has none yet. */
  begin(now: number): WorkshopRecord {
    const r = this.read();
    if (r) return r;
    const fresh: WorkshopRecord = { startedAt: now, exercises: {} };
    this.store.write(RECORD, fresh);
    return fresh;
  }

  /** Stamps the checks of `id` that pass now; returns what went wrong saving, in words. */
  observe(id: string, checks: readonly CheckState[], at: CheckPass): string | undefined {
    const r = this.begin(at.wall);
    const next = withPasses(r, id, checks, at);
    return next === r ? undefined : this.store.write(RECORD, next);
  }
}
