/**
 * The landing picture's engine worker, started before the rest of the page is evaluated.
 *
 * The picture waits for the worker to load and evaluate the engine (its own script, in its own
 * thread), which takes longer than the page's own start. main.ts imports this module first, and
 * ES modules run in import order, so on the landing page the worker starts loading while the
 * page's components evaluate, mount and fetch the landing chunk, instead of after them.
 * Only the landing page starts it here, and not when an old share link is forwarded away.
 */
import type { EnginePort } from '../worker/client.js';
import { spawnEngine } from '../worker/spawn.js';
import { pageKind } from '../shell/page.js';
import { shareForward } from './forward.js';

const app = document.getElementById('app');
let early: EnginePort | undefined =
  app && pageKind(app.dataset.page) === 'landing' && shareForward(location.hash, app.dataset.root ?? './') === undefined ? spawnEngine() : undefined;

/** The worker started early, the first time; a fresh one after that (each picture owns its worker). */
export function landingEngine(): EnginePort {
  const port = early ?? spawnEngine();
  early = undefined;
  return port;
}
