/**
 * The cluster picture in real Chromium against the production build: nodes joining with their
 * daemon pods, a NoExecute taint evicting a pod with the reason under Why, and rollouts moving
 * wave by wave with the budget meters and every F20 state's words in the Nodes list. A
 * screenshot of each state is kept under test-results/screenshots/ (picture-*.png).
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

const idle = () => s.page.waitForFunction(() => document.querySelector('[role=log][aria-busy=false]') !== null);

/** Runs a command (or a whole script with heredocs) at the prompt and waits for the worker. */
async function run(command: string): Promise<void> {
  const input = s.page.getByRole('textbox', { name: 'Command' });
  await input.fill(command);
  await input.press('Enter');
  await idle();
}

/** Waits for the first visit's starter cluster, then replaces it with an empty one. */
async function startEmpty(): Promise<void> {
  const p = s.page;
  await expect.poll(() => nodeItems().count()).toBe(3);
  await p.getByRole('button', { name: 'New cluster' }).click();
  const dialog = p.getByRole('dialog', { name: 'Start a new cluster?' });
  await dialog.getByRole('radio', { name: 'Empty (no nodes)' }).check();
  await dialog.getByRole('button', { name: 'Start new cluster' }).click();
  await expect.poll(() => nodeItems().count()).toBe(0);
  await idle();
}

const nodeItems = () => s.page.getByRole('list', { name: 'Nodes' }).getByRole('listitem');
const nodeText = (name: string) => nodeItems().filter({ hasText: new RegExp(`^${name},`) }).textContent();
const marks = (sel = '') => s.page.locator(`.picture-svg g.pod${sel}:not(.leaving)`);

/** Until every pod mark has ended its entrance (full size, full opacity), so a screenshot shows what a learner sees. */
async function marksDrawn(): Promise<void> {
  // d3 ends the entrance on the interpolated value: "translate(x, y) scale(1,1)", or no scale at all.
  const drawn = (gs: Element[]): boolean =>
    gs.every((g) => {
      const scale = /scale\(([^)]*)\)/.exec(g.getAttribute('transform') ?? '')?.[1];
      return g.getAttribute('opacity') === '1' && (scale === undefined || scale.split(/[ ,]+/).every((v) => Number(v) === 1));
    });
  await expect.poll(() => marks().evaluateAll(drawn)).toBe(true);
}

function daemonSet(name: string, image: string, extra = '', podExtra = ''): string {
  return `kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: ${name}
spec:
  selector:
    matchLabels: {app: ${name}}
${extra}  template:
    metadata:
      labels: {app: ${name}}
    spec:
${podExtra}      containers:
      - name: main
        image: ${image}
        resources:
          requests: {cpu: 100m, memory: 64Mi}
EOF`;
}

describe('picture', () => {
  it('draws three joining nodes and then their three daemon pods', async () => {
    await startEmpty();
    await run('sim node add node-{1..3} --labels pool=blue');
    await expect.poll(() => s.page.locator('.picture-svg g.node').count()).toBe(3);
    await expect.poll(() => s.page.locator('.picture-svg g.node.r-notready').count()).toBe(3);
    expect(await nodeText('node-1')).toMatch(/^node-1, NotReady, taints node\.kubernetes\.io\/not-ready:NoSchedule/);
    await s.screenshot('picture-nodes-joining');
    await run(daemonSet('agent', 'registry.example/agent:1.0', '  minReadySeconds: 5\n'));
    await run('sim settle');
    await expect.poll(() => marks('.g-ready').count()).toBe(3);
    for (const n of ['node-1', 'node-2', 'node-3']) expect(await nodeText(n)).toMatch(new RegExp(`^${n}, Ready, no taints, pods: agent-\\w{5} Running, revision 1, ready, available$`));
    expect(await s.page.getByRole('list', { name: 'Revisions' }).textContent()).toContain('agent rev 1: registry.example/agent:1.0 (live)');
    // The command's batch brought the controller's budget for the three nodes.
    expect(await s.page.getByRole('group', { name: 'Rollout budget' }).textContent()).toMatch(/agent\s*unavailable 0 \/ 1 \(0% of 3\)/);
    await marksDrawn();
    await s.screenshot('picture-three-pods');
  });

  it('shows a NoExecute taint evicting a pod, and the reason under Why', async () => {
    await run('kubectl taint node node-2 maint=now:NoExecute');
    await expect.poll(() => nodeText('node-2')).toMatch(/taints maint=now:NoExecute/);
    await s.screenshot('picture-noexecute-evicting');
    await run('sim settle');
    await expect.poll(() => nodeText('node-2')).toMatch(/, no pods$/);
    await expect.poll(() => marks().count()).toBe(2);
    await s.page.locator('.picture-svg g.node[data-node="node-2"] rect.frame').click();
    const why = s.page.getByRole('region', { name: 'Why' });
    await expect.poll(() => why.textContent()).toMatch(/TaintToleration failed: node\(s\) had untolerated taint/);
    expect(await why.textContent()).toContain('no daemon pod here (shouldRun=false, shouldContinueRunning=false)');
    await s.screenshot('picture-why-noexecute');
    await why.getByRole('button', { name: 'Matrix' }).click();
    await expect.poll(() => why.getByRole('table').textContent()).toMatch(/node-2.*no pod: TaintToleration/);
    await s.screenshot('picture-why-matrix');
    await why.getByRole('button', { name: 'Lifecycle' }).click();
    await expect.poll(() => why.textContent()).toMatch(/Node node-2: Ready/);
    await s.screenshot('picture-lifecycle-node');
    await why.getByRole('button', { name: 'Verdicts' }).click();
    await run('kubectl taint node node-2 maint-');
    await run('sim settle');
    await expect.poll(() => marks().count()).toBe(3);
  });

  it('rolls out an image wave by wave with the meters and the words of each state', async () => {
    const p = s.page;
    await run('kubectl set image ds/agent main=registry.example/agent:2.0');
    await expect.poll(() => p.getByRole('group', { name: 'Rollout budget' }).textContent()).toMatch(/agent\s*unavailable 1 \/ 1/);
    await expect.poll(async () => (await nodeItems().allTextContents()).join('\n')).toMatch(/in the current wave of agent, pods: agent-\w{5} Terminating, revision 1 \(old\), terminating, \d+ s of grace left/);
    await expect.poll(() => p.locator('.picture-svg g.node.wave').count()).toBe(1);
    await s.screenshot('picture-rollout-wave-1');
    let soaked = false;
    for (let i = 0; i < 40 && !soaked; i++) {
      await run('sim advance 1s');
      soaked = /soaking \d of 5 s, not yet available/.test((await nodeItems().allTextContents()).join('\n'));
    }
    expect(soaked).toBe(true);
    await s.screenshot('picture-rollout-soaking');
    await run('sim settle');
    await expect.poll(async () => (await nodeItems().allTextContents()).every((t) => /revision 2, ready, available/.test(t))).toBe(true);
    expect(await p.getByRole('list', { name: 'Revisions' }).textContent()).toContain('agent rev 2: registry.example/agent:2.0 (live)');
    await s.screenshot('picture-rollout-done');
  });

  it('names surge, misscheduled and a NoExecute countdown with its toleration', async () => {
    await run(
      daemonSet('surger', 'registry.example/surger:1.0', '  updateStrategy:\n    rollingUpdate: {maxSurge: 1, maxUnavailable: 0}\n', '      tolerations:\n      - {key: drain, operator: Exists, effect: NoExecute, tolerationSeconds: 600}\n'),
    );
    await run('sim settle');
    await run('kubectl set image ds/surger main=registry.example/surger:2.0');
    await expect.poll(async () => (await nodeItems().allTextContents()).join('\n')).toMatch(/surger-\w{5} (ContainerCreating|Pending|Running), revision 2, (not ready, )?surge/);
    await expect.poll(() => s.page.getByRole('group', { name: 'Rollout budget' }).textContent()).toMatch(/surger\s*unavailable 0 \/ 0.*surge 1 \/ 1/);
    await s.screenshot('picture-surge');
    await surgeKeptAcrossMoves();
    await run('sim settle');
    await run('kubectl taint node node-3 dedicated=infra:NoSchedule');
    await expect.poll(() => nodeText('node-3')).toMatch(/agent-\w{5} Running, revision 2, ready, available, misscheduled/);
    await expect.poll(() => s.page.locator('.picture-svg g.node[data-node="node-3"] g.pod.misscheduled').count()).toBe(2);
    await run('kubectl taint node node-1 drain=soon:NoExecute');
    await expect.poll(() => nodeText('node-1')).toMatch(/surger-\w{5} Running, revision 2, ready, evicting in 600 s \(toleration drain:NoExecute op=Exists for 600s\)/);
    // The list answers at once, the picture on its next frame (a busy machine showed it late).
    await expect.poll(() => s.page.locator('.picture-svg g.node[data-node="node-1"] g.pod.evicting path.ring.countdown').count()).toBe(1);
    await s.screenshot('picture-misscheduled-and-countdown');
  });

  /**
   * A move on the Timeline between two surging moments: the surge meter goes from one moment's
   * count to the other's and never reads 0 between them (a moved cluster's facts come with it;
   * asked for afterwards, the meter read the DaemonSet's status, which counts no surge, until the
   * answer came).
   */
  async function surgeKeptAcrossMoves(): Promise<void> {
    const budget = s.page.getByRole('group', { name: 'Rollout budget' });
    const slider = s.page.getByRole('slider', { name: 'Timeline' });
    await run('sim advance 1s');
    await expect.poll(() => budget.textContent()).toMatch(/surger\s*unavailable 0 \/ 0.*surge 1 \/ 1/);
    await budget.evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { meterTexts: string[] }).meterTexts = seen;
      new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, { subtree: true, childList: true, characterData: true });
    });
    const clockBefore = await s.page.locator('.clock time').getAttribute('datetime');
    await slider.focus();
    await slider.press('ArrowLeft');
    await expect.poll(() => s.page.locator('.clock time').getAttribute('datetime')).not.toBe(clockBefore);
    await slider.press('ArrowRight');
    await expect.poll(() => s.page.locator('.clock time').getAttribute('datetime')).toBe(clockBefore);
    await expect.poll(() => budget.textContent()).toMatch(/surger\s*unavailable 0 \/ 0.*surge 1 \/ 1/);
    const texts = await s.page.evaluate(() => (window as unknown as { meterTexts: string[] }).meterTexts);
    expect(texts.filter((t) => !/surge 1 \/ 1/.test(t))).toEqual([]);
  }

  it('groups by another label and finds nodes by label', async () => {
    const p = s.page;
    await run('sim node add edge-1 --labels pool=green,zone=b');
    await p.getByRole('combobox', { name: 'Group by' }).selectOption('zone');
    await expect.poll(() => p.locator('.picture-svg text.group').allTextContents()).toEqual(['zone=b · 1 node', 'no zone label · 3 nodes']);
    await p.getByRole('searchbox', { name: 'Search' }).fill('pool=green');
    await expect.poll(() => nodeItems().count()).toBe(1);
    // the list filters at once, the picture on its next frame
    await expect.poll(() => p.locator('.picture-svg g.node.match').count()).toBe(1);
    await s.screenshot('picture-grouped-and-searched');
    await p.getByRole('searchbox', { name: 'Search' }).fill('');
    await p.getByRole('combobox', { name: 'Group by' }).selectOption('pool');
  });

  it('selects a node from the keyboard in the Nodes list and the picture', async () => {
    const p = s.page;
    await nodeItems().filter({ hasText: /^node-1,/ }).getByRole('button').focus();
    await p.keyboard.press('Enter');
    await expect.poll(() => p.getByRole('region', { name: 'Why' }).getByRole('heading', { level: 2 }).textContent()).toBe('Why node-1');
    // The picture may mark the selection after the Why panel has answered (a loaded machine showed it late).
    await expect.poll(() => p.locator('.picture-svg g.node.selected').getAttribute('data-node')).toBe('node-1');
    await p.locator('.picture-svg g.node[tabindex="0"]').focus();
    await p.keyboard.press('ArrowRight');
    await p.keyboard.press('Enter');
    await expect.poll(() => p.getByRole('region', { name: 'Why' }).getByRole('heading', { level: 2 }).textContent()).toBe('Why node-2');
    await p.getByRole('button', { name: 'Dark theme' }).click();
    await s.screenshot('picture-dark');
    await p.getByRole('button', { name: 'Dark theme' }).click();
  });

  it('has no console errors', () => {
    expect(s.errors).toEqual([]);
  });
});
