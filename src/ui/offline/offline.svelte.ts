/**
 * The page's side of offline: registers the build's service worker (`sw.js` at the site's root,
 * so its scope is the root wherever the site is served from) and says when a newer build is
 * installed and waiting. `update()` lets it take over and reloads, so a page never mixes builds.
 */
export class Offline {
  /** A newer build is installed and waits for this page to reload onto it. */
  available = $state(false);
  private waiting: ServiceWorker | undefined;

  /** Registers the worker (not in the dev server, where files change under it). */
  async register(root: string): Promise<void> {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    const reg = await navigator.serviceWorker.register(`${root}sw.js`, { scope: root });
    const check = (): void => {
      // The first install has no controller to replace: that is not an update.
      if (reg.waiting && navigator.serviceWorker.controller) {
        this.waiting = reg.waiting;
        this.available = true;
      }
    };
    check();
    reg.addEventListener('updatefound', () => reg.installing?.addEventListener('statechange', check));
  }

  update(): void {
    if (!this.waiting) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => location.reload(), { once: true });
    this.waiting.postMessage('skip-waiting');
  }
}
