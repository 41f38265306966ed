/**
 * Offline after the first visit: writes `sw.js` into the build, the service worker of
 * build/sw-worker.ts with the precache list of this build (every emitted file and every file
 * of public/, each with a SHA-256 content hash; pages listed by their directory URL, as a
 * static host serves them). The page registers it relative to the site's root, so its scope is
 * wherever the site is served from.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Plugin } from 'vite';
import { serviceWorker, type Precache } from './sw-worker.js';

export const SW_FILE = 'sw.js';

const sha256 = (data: string | Uint8Array): string => createHash('sha256').update(data).digest('hex');

/** `lessons/x/index.html` is served (and asked for) as `lessons/x/`; the root page as `./`. */
const urlOf = (file: string): string => (file === 'index.html' ? './' : file.endsWith('/index.html') ? file.slice(0, -'index.html'.length) : file);

function publicFiles(dir: string): [string, Uint8Array][] {
  const out: [string, Uint8Array][] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else out.push([relative(dir, p).split(sep).join('/'), readFileSync(p)]);
    }
  };
  walk(dir);
  return out;
}

export function swPrecache(publicDir: string): Plugin {
  return {
    name: 'everynode-sw-precache',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const files: [string, string | Uint8Array][] = Object.values(bundle).map((f) => [f.fileName, f.type === 'chunk' ? f.code : f.source]);
      files.push(...publicFiles(publicDir));
      const entries = files
        .filter(([name]) => name !== SW_FILE)
        .map(([name, data]) => ({ url: urlOf(name), hash: sha256(data).slice(0, 16) }))
        .sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
      const precache: Precache = { version: sha256(entries.map((e) => `${e.url} ${e.hash}`).join('\n')).slice(0, 16), files: entries };
      this.emitFile({ type: 'asset', fileName: SW_FILE, source: `(${serviceWorker.toString()})(self, ${JSON.stringify(precache)});\n` });
    },
  };
}
