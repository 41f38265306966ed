// @vitest-environment jsdom
/**
 * A widget with `lesson` over an in-process engine: the lesson's data comes from the site's
 * lessons JSON (here the build's own, served by a stubbed fetch), opens in the widget's worker,
 * and `check-passed` fires as each check turns green; an unknown id says so and opens the
 * starter playground.
 */
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lessonJson } from '../../build/lessons-json.js';
import { DEFAULTS, type WidgetConfig } from '../../src/embed/attributes.js';
import type { CheckPassedDetail } from '../../src/embed/check-passed.js';
import type { WidgetEventName } from '../../src/embed/messages.js';
import { Widget } from '../../src/embed/widget.svelte.js';
import type { LessonData } from '../../src/ui/lesson/data.js';
import { inProcessEngine } from '../ui/worker/in-process.js';
import { stubJsdom } from '../ui/jsdom-stubs.js';

const DATA = lessonJson(join(process.cwd(), 'lessons'));
const ROOT = 'https://docs.example/site/';
const requested: string[] = [];

beforeAll(() => {
  stubJsdom();
  globalThis.fetch = vi.fn(async (url: string | URL) => {
    const u = String(url);
    requested.push(u);
    const text = u.startsWith(ROOT) ? DATA.get(u.slice(ROOT.length)) : undefined;
    return text === undefined ? new Response('not found', { status: 404, statusText: 'Not Found' }) : new Response(text);
  }) as typeof fetch;
});

const widgets: Widget[] = [];
afterEach(() => widgets.splice(0).forEach((w) => w.close()));

function widget(config: Partial<WidgetConfig>) {
  const events: { name: WidgetEventName; detail: unknown }[] = [];
  const w = new Widget({ ...DEFAULTS, ...config }, [], undefined, ROOT, ROOT, (name, detail) => events.push({ name, detail }), inProcessEngine);
  widgets.push(w);
  return { w, events };
}

describe('Widget with lesson', () => {
  it('opens the lesson from the site root and fires check-passed as each check turns green', async () => {
    const { w, events } = widget({ lesson: 'L1' });
    const pg = await w.start();
    expect(requested).toContain(`${ROOT}lessons/L1/lesson.json`);
    expect(w.problems).toEqual([]);
    expect(w.lesson?.controller.opened?.meta.id).toBe('L1');
    expect(pg.lesson?.status.checks.map((c) => c.passed)).toEqual([false, false, false]);
    expect(Object.keys(pg.files)).toEqual(['start/log-agent.yaml']);

    const solution = (JSON.parse(DATA.get('lessons/L1/lesson.json')!) as LessonData).files['solution/log-agent.yaml']!;
    await w.run(`kubectl apply -f - <<'EOF'\n${solution}EOF\nsim settle`);
    await vi.waitFor(() => expect(events.filter((e) => e.name === 'check-passed')).toHaveLength(2));
    const passed = events.filter((e) => e.name === 'check-passed').map((e) => e.detail as CheckPassedDetail);
    expect(passed.map((d) => [d.lesson, d.check])).toEqual([
      ['L1', 'l1-status'],
      ['L1', 'l1-one-per-node'],
    ]);
    expect(passed[0]!.time).toBe(new Date(pg.cluster.now).toISOString());

    // Reset starts the lesson over: the checks are not yet again.
    await w.reset();
    await vi.waitFor(() => expect(pg.lesson?.status.checks.every((c) => !c.passed)).toBe(true));
  });

  it('names an unknown lesson id and opens the starter playground instead', async () => {
    const { w } = widget({ lesson: 'no-such-lesson' });
    const pg = await w.start();
    expect(w.lesson).toBeUndefined();
    expect(w.problems).toEqual(['lesson="no-such-lesson": this site has no lesson with that id; the widget opens a plain playground instead.']);
    await vi.waitFor(() => expect(pg.cluster.list('Node')).toHaveLength(3));
    expect(pg.lesson).toBeUndefined();
  });
});
