/**
 * The playground shell in real Chromium against the production build: a first visit's starter
 * cluster, Apply from the editor, the terminal, Play/Pause and Step, the New cluster dialog, the
 * narrow and dark layouts, and a reload that brings the work back. A screenshot of each state
 * is kept under test-results/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlayground, type Session } from './browser.js';

let s: Session;

beforeAll(async () => {
  s = await openPlayground();
});

afterAll(async () => {
  await s?.close();
});

const terminalText = async () => (await s.page.getByRole('log', { name: 'Terminal output' }).textContent()) ?? '';

/** Waits until no command is in flight. */
const idle = () => s.page.waitForFunction(() => document.querySelector('[role=log][aria-busy=false]') !== null);

/** Types `command` at the prompt, presses Enter and waits until the worker has answered. */
async function run(command: string): Promise<string> {
  const input = s.page.getByRole('textbox', { name: 'Command' });
  await input.fill(command);
  await input.press('Enter');
  await idle();
  return terminalText();
}

const nodeItems = () => s.page.getByRole('list', { name: 'Nodes' }).getByRole('listitem');

describe('playground shell', () => {
  it('opens a starter cluster on a first visit, with the example DaemonSet waiting for Apply', async () => {
    const p = s.page;
    await expect.poll(() => nodeItems().count()).toBe(3);
    for (const [role, name] of [
      ['list', 'Nodes'],
      ['region', 'Why'],
      ['region', 'Editor'],
      ['button', 'Apply'],
      ['button', 'Diff'],
      ['button', 'Play'],
      ['button', 'Step'],
      ['button', 'Next wave'],
      ['slider', 'Timeline'],
      ['textbox', 'Command'],
    ] as const) {
      expect(await p.getByRole(role, { name, exact: true }).count(), `${role} "${name}"`).toBe(1);
    }
    await expect.poll(() => p.getByText('in the cluster and nothing runs on them yet').count()).toBe(1);
    expect(await p.getByRole('region', { name: 'DaemonSets' }).textContent()).toContain('No resources found');
    await s.screenshot('first-visit');
  });

  it('applies the starter DaemonSet from the editor and shows it in the terminal and the status strip', async () => {
    await s.page.getByRole('button', { name: 'Apply' }).click();
    await idle();
    expect(await terminalText()).toContain('$ kubectl apply -f daemonset.yaml\ndaemonset.apps/log-agent created');
    const strip = s.page.getByRole('region', { name: 'DaemonSets' });
    await expect.poll(() => strip.textContent()).toMatch(/log-agent\s*3\s*3\s*0/);
    expect(await s.page.getByText('in the cluster and nothing runs on them yet').count()).toBe(0);
    await s.screenshot('starter-applied');
  });

  it('plays until settled, pauses by itself and logs the segment as sim advance', async () => {
    const p = s.page;
    await p.getByRole('combobox', { name: 'Speed' }).selectOption({ label: 'until settled' });
    await p.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => p.getByRole('button', { name: 'Play' }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(terminalText).toMatch(/\$ sim advance \d+(\.\d+)?s\nnow 2026-01-01T00:00:\d\dZ/);
    await expect.poll(() => s.page.getByRole('region', { name: 'DaemonSets' }).textContent()).toMatch(/log-agent\s*3\s*3\s*3\s*3\s*3/);
    await s.screenshot('played-until-settled');
  });

  it('toggles Play and Pause at a speed, and Step runs sim step', async () => {
    const p = s.page;
    await p.getByRole('combobox', { name: 'Speed' }).selectOption({ label: '50×' });
    await p.getByRole('button', { name: 'Play' }).click();
    await p.getByRole('button', { name: 'Pause' }).waitFor();
    await s.screenshot('playing');
    await p.waitForTimeout(300);
    await p.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(terminalText).toMatch(/\$ sim advance \S+\nnow [^\n]+\n$/);
    await p.getByRole('button', { name: 'Step' }).click();
    await idle();
    expect(await terminalText()).toContain('$ sim step\n');
    await s.screenshot('step');
  });

  it('keeps the prompt focused, walks the history and completes with Tab', async () => {
    const p = s.page;
    await run('kubectl get nodes');
    const input = p.getByRole('textbox', { name: 'Command' });
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Command');
    await input.press('ArrowUp');
    expect(await input.inputValue()).toBe('kubectl get nodes');
    await input.fill('kubectl get ds lo');
    await input.press('Tab');
    await expect.poll(() => input.inputValue()).toBe('kubectl get ds log-agent ');
    // The editor's files, where a file goes.
    await input.fill('cat daemonset.yaml | kubectl apply -f dae');
    await input.press('Tab');
    await expect.poll(() => input.inputValue()).toBe('cat daemonset.yaml | kubectl apply -f daemonset.yaml ');
    await input.press('Escape');
    await input.press('Tab');
    expect(await p.evaluate(() => document.activeElement?.getAttribute('aria-label'))).not.toBe('Command');
    await input.fill('kubectl apply -f - <<EOF');
    await input.press('Enter');
    expect(await input.inputValue()).toBe('kubectl apply -f - <<EOF\n');
    await input.press('Control+c');
    expect(await input.inputValue()).toBe('');
    expect(await terminalText()).toContain('$ kubectl apply -f - <<EOF\n^C\n');
    await input.fill('clear');
    await input.press('Enter');
    expect(await terminalText()).toBe('');
  });

  it('asks before a new cluster and keeps the old one restorable', async () => {
    const p = s.page;
    await p.getByRole('button', { name: 'New cluster' }).click();
    const dialog = p.getByRole('dialog', { name: 'Start a new cluster?' });
    await dialog.waitFor();
    await s.screenshot('new-cluster-dialog');
    await dialog.getByRole('radio', { name: 'Empty (no nodes)' }).check();
    await dialog.getByRole('button', { name: 'Start new cluster' }).click();
    await expect.poll(() => nodeItems().count()).toBe(0);
    await expect.poll(terminalText).toBe('[new cluster: Empty (no nodes)]\n');
    await p.getByRole('button', { name: 'New cluster' }).click();
    await dialog.getByRole('radio', { name: 'The session this one replaced' }).check();
    await dialog.getByRole('button', { name: 'Start new cluster' }).click();
    await expect.poll(() => nodeItems().count()).toBe(3);
    await expect.poll(() => s.page.getByRole('region', { name: 'DaemonSets' }).textContent()).toMatch(/log-agent/);
    expect(await terminalText()).toMatch(/\n\[restored the session the last new cluster replaced: \d+ commands replayed\]\n$/);
  });

  it('brings the work back after a reload, and the terminal says so', async () => {
    const p = s.page;
    await run('sim node add node-4');
    await p.reload();
    await expect.poll(() => nodeItems().count()).toBe(4);
    // The commands come back as the cluster they built and the prompt's history, not as output.
    await expect.poll(terminalText).toMatch(/^\[session restored: \d+ commands replayed; their output was not saved\]\n$/);
    const input = p.getByRole('textbox', { name: 'Command' });
    await input.press('ArrowUp');
    expect(await input.inputValue()).toBe('sim node add node-4');
    await s.screenshot('reload-restored');
  });

  it('scrubs back on the Timeline, branches there, and switches back to the old future', async () => {
    const p = s.page;
    const slider = p.getByRole('slider', { name: 'Timeline' });
    const length = Number(await slider.getAttribute('max'));
    expect(length).toBeGreaterThan(3);
    await slider.focus();
    await slider.press('Home');
    await expect.poll(() => nodeItems().count()).toBe(0);
    expect(await slider.getAttribute('aria-valuetext')).toBe(`after command 0 of ${length} (the start)`);
    await slider.press('ArrowRight');
    await expect.poll(() => nodeItems().count()).toBe(3);
    // The cards are clipped to the picture's box, so cards still fading out of a bigger picture
    // never paint over the Nodes list below it.
    const frame = await p.evaluate(() => {
      const svg = document.querySelector('svg.picture-svg')!;
      const id = /^url\(#(.+)\)$/.exec(svg.querySelector('g.cards')!.getAttribute('clip-path') ?? '')?.[1];
      const rect = id ? svg.querySelector(`clipPath[id="${id}"] rect`) : null;
      return { svg: Number(svg.getAttribute('height')), clip: rect ? Number(rect.getAttribute('y')) + Number(rect.getAttribute('height')) : NaN };
    });
    expect(frame.clip).toBeGreaterThan(frame.svg);
    expect(frame.clip).toBeLessThanOrEqual(frame.svg + 10);
    await s.screenshot('timeline-rewound');
    await run('sim node add branch-node');
    await expect.poll(() => nodeItems().count()).toBe(4);
    const branch = p.getByRole('combobox', { name: 'Branch' });
    expect(await branch.getByRole('option').count()).toBe(2);
    await s.screenshot('timeline-branched');
    await branch.selectOption({ index: 1 });
    await expect.poll(() => p.getByRole('list', { name: 'Nodes' }).textContent()).toContain('node-4');
    expect(await p.getByRole('list', { name: 'Nodes' }).textContent()).not.toContain('branch-node');
  });

  it('runs pipes and prints a warning before the line it precedes, as the command wrote them', async () => {
    const out = await run('kubectl get nodes --no-headers | wc -l');
    expect(out).toMatch(/\$ kubectl get nodes --no-headers \| wc -l\n4\n/);
    const deleted = await run('kubectl delete -n default node node-4');
    expect(deleted).toContain('Warning: deleting cluster-scoped resources, not scoped to the provided namespace\nnode "node-4" deleted\n');
  });

  it("echoes a command as soon as it is sent, and puts what it printed in that line's place", async () => {
    const p = s.page;
    // Every text the terminal showed while the command was out (the page busy), as it changed.
    await p.evaluate(() => {
      const log = document.querySelector('[role=log][aria-label="Terminal output"]')!;
      const seen: string[] = [];
      (window as unknown as { echoes: string[] }).echoes = seen;
      new MutationObserver(() => {
        if (log.getAttribute('aria-busy') === 'true') seen.push(log.textContent ?? '');
      }).observe(log, { childList: true, subtree: true, characterData: true, attributes: true });
    });
    const out = await run('kubectl get nodes -o name');
    const seen = await p.evaluate(() => (window as unknown as { echoes: string[] }).echoes);
    expect(seen.some((t) => t.endsWith('$ kubectl get nodes -o name …\n'))).toBe(true);
    expect(out).toMatch(/\$ kubectl get nodes -o name\nnode\/node-1\n/);
    expect(out).not.toContain('-o name …');
  });

  it('watches pods change while the clock runs, until the cluster settles, and says why it stopped', async () => {
    await run('kubectl rollout restart ds/log-agent');
    const out = await run('kubectl get pods -l app=log-agent -w --output-watch-events');
    const watched = out.slice(out.lastIndexOf('$ kubectl get pods -l app=log-agent -w'));
    // The restart has begun: the first pod to go is Terminating already.
    expect(watched).toMatch(/\nEVENT {6}NAME +READY +STATUS +RESTARTS +AGE\nADDED {6}log-agent-\w+ +1\/1 +(Running|Terminating) /);
    expect(watched).toMatch(/\nDELETED {4}log-agent-\w+ /);
    expect(watched).toMatch(/\nMODIFIED {3}log-agent-\w+ +1\/1 +Running /);
    expect(watched).toMatch(/watch stopped: the cluster settled \d+(m\d+)?s later, now 2026-01-01T/);
    await s.screenshot('terminal-watch');
  });

  it('turns dark, and becomes tabs below 900 px', async () => {
    const p = s.page;
    await p.getByRole('button', { name: 'Dark theme' }).click();
    expect(await p.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await s.screenshot('dark');
    await p.setViewportSize({ width: 390, height: 800 });
    const tabs = p.getByRole('tablist', { name: 'Playground panels' });
    await tabs.waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual(['Picture', 'Editor', 'Terminal', 'Lesson']);
    // The cards move to the narrow layout in the picture's 300 ms transition: once they stand
    // still (the same places 350 ms apart), every card is whole on screen.
    const cards = p.locator('.picture-svg g.node');
    let places = '';
    const still = async () => {
      const now = (await cards.evaluateAll((gs) => gs.map((g) => g.getAttribute('transform')))).join(';');
      const same = now === places;
      places = now;
      return same;
    };
    await expect.poll(still, { interval: 350 }).toBe(true);
    expect(await cards.evaluateAll((gs) => gs.filter((g) => g.getBoundingClientRect().right > document.documentElement.clientWidth).length)).toBe(0);
    await s.screenshot('narrow-picture');
    await tabs.getByRole('tab', { name: 'Terminal' }).click();
    await p.getByRole('textbox', { name: 'Command' }).waitFor();
    await s.screenshot('narrow-terminal');
    await p.getByRole('button', { name: 'Dark theme' }).click();
    await p.setViewportSize({ width: 1280, height: 720 });
  });

  it('adds nodes from the toolbox, showing the command it ran', async () => {
    const p = s.page;
    await p.getByRole('button', { name: 'Toolbox' }).click();
    const form = p.getByRole('form', { name: 'Add nodes' });
    await form.getByRole('textbox', { name: 'Names' }).fill('gpu-{1..2}');
    await form.getByRole('textbox', { name: 'Pool' }).fill('gpu');
    await form.getByRole('textbox', { name: 'Taints' }).fill('gpu=yes:NoSchedule');
    await form.getByRole('button', { name: 'Add nodes' }).click();
    await idle();
    expect(await terminalText()).toContain('$ sim node add gpu-{1..2} --labels=pool=gpu --taints=gpu=yes:NoSchedule\nnode/gpu-1 created\nnode/gpu-2 created');
    await s.screenshot('toolbox');
    await p.getByRole('button', { name: 'Toolbox' }).click();
  });

  it('has no console errors (CSP violations included) and no request leaving the origin', () => {
    expect(s.errors).toEqual([]);
    expect(s.offOrigin).toEqual([]);
  });
});
