/**
 * `widget/offline.js`: the widget's docs page registers the site's service worker with it, as
 * every page of the site does (src/ui/offline/), so after one visit the docs page, its widgets
 * and the iframe embed work offline. The worker's scope is the site's root, one folder up from
 * here. No imports: the widget's own chunks stay as they are.
 */
if ('serviceWorker' in navigator) {
  const root = import.meta.url.replace(/[^/]*\/[^/]*$/, '');
  void navigator.serviceWorker.register(`${root}sw.js`, { scope: root });
}
