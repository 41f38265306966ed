// @vitest-environment jsdom
/**
 * A lesson travels in a share link as its run's progress: captured on one lesson page (the step
 * and the progress), opened on a fresh page of the same lesson through its controller, it lands
 * on the same step with byte-identical `kubectl get pods -o json`, the shared editor text, and
 * the session it replaced kept restorable.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { lessonJson } from '../../../build/lessons-json.js';
import { LessonController } from '../../../src/ui/lesson/controller.svelte.js';
import type { LessonData } from '../../../src/ui/lesson/data.js';
import { Playground } from '../../../src/ui/playground/playground.svelte.js';
import { decodeShare, encodeShare } from '../../../src/ui/share/link.js';
import { capture, openShared } from '../../../src/ui/share/open.svelte.js';
import { stubJsdom } from '../jsdom-stubs.js';
import { readyPlaygrounds } from '../ready-playground.js';

const L1 = JSON.parse(lessonJson(join(process.cwd(), 'lessons')).get('lessons/L1/lesson.json')!) as LessonData;

beforeAll(() => stubJsdom());

const ready = readyPlaygrounds();

async function lessonPage() {
  const pg = await ready('lesson-L1');
  const lesson = new LessonController(pg, 'L1', pg.storage, { pace: 0 });
  await lesson.open(L1);
  return { pg, lesson };
}

const podsJson = async (pg: Playground) => {
  const out = await pg.run('kubectl get pods -o json');
  if (!Array.isArray(out)) throw new Error('the command failed');
  return out[0]!.stdout;
};

describe('a lesson in a share link', () => {
  it('opens at the same step on the same cluster, with the shared editor text', async () => {
    const a = await lessonPage();
    await a.lesson.answer('l1-predict', 'The apply is rejected and nothing is created.');
    await a.lesson.runStep();
    await a.pg.run(`kubectl apply -f - <<'EOF'\n${L1.files['solution/log-agent.yaml']}EOF\nsim settle`);
    a.pg.files = { ...a.pg.files, 'start/log-agent.yaml': '# my text\n', 'notes.yaml': 'kind: Namespace\n' };
    expect(a.pg.lesson?.status.currentStep).toBe('replace');
    const pods = await podsJson(a.pg);
    expect(JSON.parse(pods).items).toHaveLength(3);

    const link = encodeShare(await capture(a.pg, 'L1'));
    const opened = decodeShare(link);
    if (!('session' in opened)) throw new Error(opened.error);
    expect(opened.session.lesson).toMatchObject({ id: 'L1', step: 2, progress: { lesson: 'L1', stepsDone: ['apply-as-is', 'fix'] } });

    const b = await lessonPage();
    expect(b.pg.lesson?.status.currentStep).toBe('apply-as-is');
    await openShared(b.pg, opened.session, b.lesson);
    expect(b.pg.lesson?.status.currentStep).toBe('replace');
    expect(b.pg.lesson?.status.checks.filter((c) => c.passed).map((c) => c.id)).toEqual(['l1-status', 'l1-one-per-node']);
    expect(b.pg.files).toEqual({ 'start/log-agent.yaml': '# my text\n', 'notes.yaml': 'kind: Namespace\n' });
    expect(await podsJson(b.pg)).toBe(pods);
    expect(b.pg.keeper.hasPrevious()).toBe(true);
  });

  it('replays only the log of a link without progress, as before', async () => {
    const a = await lessonPage();
    const session = { ...(await capture(a.pg)), lesson: { id: 'L1', step: 0 } };
    const b = await lessonPage();
    await openShared(b.pg, session, b.lesson);
    expect(b.pg.lesson?.status.currentStep).toBe('apply-as-is');
    // The terminal says where the cluster came from (its output is not in a link).
    const n = session.log.commands.length;
    expect(n).toBeGreaterThan(1);
    expect(b.pg.terminal.lines.at(-1)).toEqual({ kind: 'notice', text: `[opened a shared session: ${n} commands replayed]\n` });
  });
});
