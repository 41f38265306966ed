/**
 * Taking a session in and out of a playground: what a share link or a session file carries
 * (`capture`), and opening one in place of the session shown (`openShared`). Opening keeps the
 * replaced session restorable ("New cluster" > "The session this one replaced"), and a session
 * that fails to load puts the previous one back: nothing the learner had is lost.
 */
import type { Playground } from '../playground/playground.svelte.js';
import type { SessionLog } from '../worker/session-log.js';
import type { SharedSession } from './shared-session.js';

/** The playground's session now: its log, editor files, Timeline position and lesson step. */
export async function capture(pg: Playground, lesson?: SharedSession['lesson']): Promise<SharedSession> {
  const log = await pg.query<SessionLog>('log');
  const { position, length } = pg.timeline;
  return {
    log,
    files: $state.snapshot(pg.files),
    ...(position < length ? { position } : {}),
    ...(lesson ? { lesson } : {}),
  };
}

/**
 * Replaces the playground's session with `shared`: its log replayed through the engine (never
 * run as code), its files in the editor, its Timeline position shown, and the session it
 * replaced kept restorable. Throws with the reason when the engine cannot load it, after putting
 * the previous session back.
 */
export async function openShared(pg: Playground, session: SharedSession): Promise<void> {
  // A plain copy: the worker's postMessage cannot clone a reactive proxy.
  const shared = $state.snapshot(session) as SharedSession;
  const previous = { log: await pg.query<SessionLog>('log'), files: $state.snapshot(pg.files) };
  try {
    await pg.load(shared.log);
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
