/**
 * The service worker's code, serialised into `dist/sw.js` by build/sw-precache.ts with the
 * build's precache list (URLs relative to the worker's scope, each with its content hash), so
 * every deploy is a new worker byte for byte and the browser installs it as an update.
 *
 * Install caches every file of the build under a cache named by the build's version; a new
 * version waits (the page shows "Update available") until the page asks it to take over, so one
 * page never mixes two builds. Activate drops the other versions' caches. Fetch answers the
 * build's own files from the cache (a directory URL from its index.html) and leaves everything
 * else to the network. It runs in the worker's global scope: nothing outside this function.
 */

export interface Precache {
  /** The build's version: a hash over every file's hash. */
  readonly version: string;
  /** Every file of the build, relative to the scope (`./` and `lessons/ID/` for pages). */
  readonly files: readonly { readonly url: string; readonly hash: string }[];
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the worker's globals, not typed in the build's tsconfig */
export function serviceWorker(self: any, precache: Precache): void {
  const cacheName = `everynode-${precache.version}`;
  const scope: string = self.registration.scope;
  const urls = new Set(precache.files.map((f) => new URL(f.url, scope).href));

  self.addEventListener('install', (event: any) => {
    event.waitUntil(caches.open(cacheName).then((cache) => cache.addAll([...urls])));
  });

  self.addEventListener('activate', (event: any) => {
    event.waitUntil(
      caches
        .keys()
        .then((names) => Promise.all(names.filter((n) => n.startsWith('everynode-') && n !== cacheName).map((n) => caches.delete(n))))
        .then(() => self.clients.claim()),
    );
  });

  self.addEventListener('message', (event: any) => {
    if (event.data === 'skip-waiting') self.skipWaiting();
  });

  self.addEventListener('fetch', (event: any) => {
    const request: Request = event.request;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    url.hash = '';
    url.search = '';
    if (!urls.has(url.href)) return;
    event.respondWith(caches.open(cacheName).then((cache) => cache.match(url.href)).then((hit) => hit ?? fetch(request)));
  });
}
