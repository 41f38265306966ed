/**
 * What every failed end-to-end test leaves behind, for a failure seen once in CI and never again:
 * a screenshot of each open page (test-results/screenshots/failed-*.png) and, on stderr, its
 * errors, whether it was visible, how many animation frames it painted in half a second (a
 * picture that stopped drawing shows 0), and the picture's node cards with their classes.
 */
import { beforeEach } from 'vitest';
import { openSessions } from './browser.js';

beforeEach(({ task, onTestFailed }) => {
  onTestFailed(async () => {
    const sessions = openSessions();
    for (const [i, s] of sessions.entries()) {
      const name = `failed-${task.name}${sessions.length > 1 ? `-${i}` : ''}`.replace(/[^\w-]+/g, '-').slice(0, 100);
      const state = await s.page
        .evaluate(async () => {
          const frames = await new Promise<number>((done) => {
            let n = 0;
            const t0 = performance.now();
            const step = (): void => {
              n += 1;
              if (performance.now() - t0 < 500) requestAnimationFrame(step);
              else done(n);
            };
            requestAnimationFrame(step);
            setTimeout(() => done(n), 2000);
          });
          const cards = [...document.querySelectorAll('.picture-svg g.node')].map((g) => `${g.getAttribute('data-node') ?? '?'} [${g.getAttribute('class')}] opacity=${g.getAttribute('opacity')}`);
          return { visibility: document.visibilityState, framesIn500ms: frames, cards };
        })
        .catch((e: unknown) => ({ unreadable: String(e) }));
      await s.screenshot(name).catch(() => undefined);
      console.error(`[on-failure] ${task.name}: screenshot ${name}.png; page ${JSON.stringify(state)}; page errors ${JSON.stringify(s.errors)}`);
    }
  });
});
