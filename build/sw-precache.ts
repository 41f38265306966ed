/**
 * Offline after the first visit: writes `sw.js` into the build, the service worker of
 * build/sw-worker.ts with the precache list of this build: every file of dist/ (the site's
 * pages and chunks, public/, the lessons JSON, and the docs widget's files: everynode-widget.js,
 * embed.html, widget/ and their chunks), each with a SHA-256 content hash; pages listed by their
 * directory URL, as a static host serves them. It runs last, once the widget's build has written
 * its files too (build/widget-build.ts calls it). The page registers the worker relative to the
 * site's root, so its scope is wherever the site is served from.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder } from '../src/cli/files.js';
import { serviceWorker, type Precache } from './sw-worker.js';

export const SW_FILE = 'sw.js';

const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** `lessons/x/index.html` is served (and asked for) as `lessons/x/`; the root page as `./`. */
const urlOf = (file: string): string => (file === 'index.html' ? './' : file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file);

/** The precache list of the build in `outDir`: its version and every file but sw.js itself. */
export function precacheOf(outDir: string): Precache {
  const entries = filesUnder(outDir)
    .filter((name) => name !== SW_FILE)
    .map((name) => ({ url: urlOf(name), hash: sha256(readFileSync(join(outDir, name))).slice(0, 16) }))
    .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return { version: sha256(entries.map((e) => `${e.url} ${e.hash}`).join('\n')).slice(0, 16), files: entries };
}

/** Writes `outDir/sw.js` over the build as it is on disk now. */
export function writeServiceWorker(outDir: string): void {
  writeFileSync(join(outDir, SW_FILE), `(${serviceWorker.toString()})(self, ${JSON.stringify(precacheOf(outDir))});\n`);
}
