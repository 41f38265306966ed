// @vitest-environment jsdom
/**
 * The lesson column in jsdom over an in-process engine: the checklist says "not yet" with the
 * reason, the prediction gates the Run, hints come one per press, Solve reaches the done moment,
 * and Reset asks first and keeps the learner's text restorable.
 */
import { fireEvent, within } from '@testing-library/svelte';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lessonJson } from '../../../build/lessons-json.js';
import LessonPanel from '../../../src/ui/lesson/LessonPanel.svelte';
import type { LessonData } from '../../../src/ui/lesson/data.js';
import { stubJsdom } from '../jsdom-stubs.js';
import { mountIn, readyPlaygrounds } from '../ready-playground.js';

const DATA = lessonJson(join(process.cwd(), 'lessons'));
const L1 = JSON.parse(DATA.get('lessons/L1/lesson.json')!) as LessonData;

beforeAll(() => {
  stubJsdom();
  // The catalogue is not served here: the column still works, without a "next lesson" link.
  globalThis.fetch = vi.fn(async () => new Response('not found', { status: 404 })) as typeof fetch;
});

const ready = readyPlaygrounds();
afterEach(() => localStorage.clear());

async function mounted() {
  const playground = await ready('t');
  const view = mountIn(LessonPanel, { playground, id: 'L1', root: './', data: L1, options: { pace: 0 } });
  await vi.waitFor(() => expect(view.getByRole('list', { name: 'Checks' })).toBeTruthy());
  return { playground, view };
}

describe('LessonPanel', () => {
  it('shows every check not yet with its reason, and the prediction gating the Run', async () => {
    const { playground, view } = await mounted();
    const items = within(view.getByRole('list', { name: 'Checks' })).getAllByRole('listitem');
    // Each item leads with the check's title, says "not yet" with the reason, and keeps the id for instructors.
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringMatching(/^○ log-agent counts 3 nodes: .+not yet: daemonset\/log-agent does not exist yet\s*l1-status$/),
      expect.stringMatching(/^○ One Ready log-agent pod on each node\s*not yet: 0 of 3 nodes have 1 log-agent pod; .+\s*l1-one-per-node$/),
      expect.stringMatching(/^○ A new pod replaced the one you deleted\s*not yet: .+\s*l1-replaced$/),
    ]);
    expect(items.map((i) => i.getAttribute('data-check-id'))).toEqual(['l1-status', 'l1-one-per-node', 'l1-replaced']);
    expect(Object.keys(playground.files)).toEqual(['start/log-agent.yaml']);
    const run = view.getAllByRole('button', { name: 'Run' }).find((b) => b.closest('.buttons'))!;
    expect((run as HTMLButtonElement).disabled).toBe(true);
    const group = view.getByRole('group', { name: 'Prediction' });
    await fireEvent.click(within(group).getByRole('radio', { name: 'Three pods per node.' }));
    await fireEvent.click(within(group).getByRole('button', { name: 'Answer' }));
    await vi.waitFor(() => expect(view.getByText(/Not quite/)).toBeTruthy());
    await vi.waitFor(() => expect((run as HTMLButtonElement).disabled).toBe(false));
    await fireEvent.click(run);
    await vi.waitFor(() => expect(playground.terminal.lines.some((l) => l.text.includes('unknown field'))).toBe(true));
  });

  it('gives one more hint per press', async () => {
    const { view } = await mounted();
    await fireEvent.click(view.getByRole('button', { name: 'Hint' }));
    await vi.waitFor(() => expect(within(view.getByRole('list', { name: 'Hints' })).getAllByRole('listitem')).toHaveLength(1));
    await fireEvent.click(view.getByRole('button', { name: 'Hint' }));
    await vi.waitFor(() => expect(within(view.getByRole('list', { name: 'Hints' })).getAllByRole('listitem')).toHaveLength(2));
  });

  it('Solve reaches the done moment; Reset asks first and keeps the learner text restorable', async () => {
    const { playground, view } = await mounted();
    playground.files = { 'start/log-agent.yaml': `${L1.files['start/log-agent.yaml']}# mine\n` };
    await playground.run('kubectl apply -f start/log-agent.yaml');
    await fireEvent.click(view.getByRole('button', { name: 'Solve' }));
    await vi.waitFor(() => expect(view.getByRole('status', { name: 'Done' }).textContent).toContain('What you learned'), { timeout: 10_000 });
    expect(within(view.getByRole('list', { name: 'Checks' })).getAllByText('passed')).toHaveLength(3);
    await fireEvent.click(view.getByRole('button', { name: 'Reset' }));
    const confirm = view.getByRole('alertdialog', { name: 'Reset the lesson?' });
    await fireEvent.click(within(confirm).getByRole('button', { name: 'Reset lesson' }));
    await vi.waitFor(() => expect(view.queryByRole('status', { name: 'Done' })).toBeNull());
    await fireEvent.click(view.getByRole('button', { name: 'Restore my editor text' }));
    await vi.waitFor(() => expect(playground.files['start/log-agent.yaml']).toContain('# mine'));
  });
});
