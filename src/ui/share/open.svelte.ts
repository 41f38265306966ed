/**
 * Taking a session in and out of a playground: what a share link or a session file carries
 * (`capture`), and opening one in place of the session shown (`openShared`). Opening keeps the
 * replaced session restorable ("New cluster" > "The session this one replaced"), and a session
 * that fails to load puts the previous one back: nothing the learner had is lost. On a lesson
 * page the lesson travels as its run's progress, and opens again through the lesson's controller.
 */
import type { LessonController } from '../lesson/controller.svelte.js';
import { sharedNotice } from '../playground/opening-notice.js';
import type { Playground } from '../playground/playground.svelte.js';
import type { SessionLog } from '../worker/session-log.js';
import type { SharedLesson, SharedSession } from './shared-session.js';

/** The open lesson `id` as it travels: its current step (0-based) and its run's progress. */
export function sharedLesson(pg: Playground, id: string): SharedLesson {
  const view = pg.lesson;
  if (!view || view.progress.lesson !== id) return { id };
  const steps = view.status.steps;
  const current = steps.findIndex((s) => s.id === view.status.currentStep);
  return { id, step: current >= 0 ? current : steps.length - 1, progress: view.progress };
}

/** The playground's session now: its log, editor files, Timeline position and, on lesson `lesson`'s page, that lesson. */
export async function capture(pg: Playground, lesson?: string): Promise<SharedSession> {
  const log = await pg.query<SessionLog>('log');
  const { position, length } = pg.timeline;
  return {
    log,
    files: $state.snapshot(pg.files),
    ...(position < length ? { position } : {}),
    ...(lesson ? { lesson: sharedLesson(pg, lesson) } : {}),
  };
}

/**
 * Replaces the playground's session with `shared`: its log replayed through the engine (never
 * run as code), or, when it carries the progress of the lesson `lesson` controls, that lesson
 * reopened at the shared progress (the run replays it: same steps done, same cluster); then its
 * files in the editor, its Timeline position shown, and the session it replaced kept
 * restorable. Throws with the reason when the engine cannot load it, after putting the previous
 * session back.
 */
export async function openShared(pg: Playground, session: SharedSession, lesson?: LessonController): Promise<void> {
  // A plain copy: the worker's postMessage cannot clone a reactive proxy.
  const shared = $state.snapshot(session) as SharedSession;
  const previous = { log: await pg.query<SessionLog>('log'), files: $state.snapshot(pg.files) };
  const progress = lesson && shared.lesson?.id === lesson.id ? shared.lesson.progress : undefined;
  try {
    if (progress) await lesson!.resume(progress, shared.files);
    else {
      await pg.load(shared.log);
      pg.terminal.note(sharedNotice(shared.log.commands.length));
    }
  } catch (e) {
    await pg.load(previous.log);
    throw e;
  }
  pg.keeper.keepPrevious(previous);
  pg.files = { ...shared.files };
  pg.selection = undefined;
  await pg.keeper.save();
  if (shared.position !== undefined && shared.position < shared.log.commands.length) await pg.rewind(shared.position);
}
