/**
 * What page this is, read from its markup first thing (`data-page`: the landing page, the
 * playground, the lessons list, a lesson, a workshop page; `data-root`: where the site's root is
 * relative to it, so links work from any sub-path), and, on every page with a picture (the
 * landing page, the playground, a lesson, an own lesson folder), its engine worker started at once.
 *
 * main.ts imports this module before anything else, and ES modules run in import order: a
 * picture waits for its worker to load and evaluate the engine (its own script, in its own
 * thread), which takes longer than the page's own start, so the worker starts loading while the
 * page's components evaluate and mount, not after them. On the landing page its chunk (the
 * picture and its first frame) starts loading then too, not once the app has mounted and asks
 * for it. Nothing starts when an old share link to the root is forwarded to the playground.
 */
import { shareForward } from './landing/forward.js';
import { hasPlayground, pageKind, type PageInfo } from './shell/page.js';
import type { EnginePort } from './worker/client.js';
import { spawnEngine } from './worker/spawn.js';

const data = document.getElementById('app')?.dataset ?? {};

export const page: PageInfo = {
  kind: pageKind(data.page),
  root: data.root ?? './',
  ...(data.lesson ? { lesson: data.lesson } : {}),
};

/** Where an old share link to the root goes on to (the playground), or undefined to stay. */
export const forward = page.kind === 'landing' ? shareForward(location.hash, page.root) : undefined;

const landing = page.kind === 'landing' && forward === undefined;
let early: EnginePort | undefined = landing || hasPlayground(page.kind) ? spawnEngine() : undefined;
if (landing) void import('./landing/Landing.svelte');

/** The worker of this page's picture: the one started early, the first time; a fresh one after that. */
export function pageEngine(): EnginePort {
  const port = early ?? spawnEngine();
  early = undefined;
  return port;
}
