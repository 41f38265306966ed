/**
 * Share links in real Chromium against the production build, served from a sub-path under the
 * CSP: a link opened in a fresh browser gives the same cluster (`kubectl get pods -o json`
 * typed into the Command textbox, byte for byte); a link opened over local work asks first and
 * "Keep mine" changes nothing; a damaged link says so and changes nothing. "Copy as script" run
 * by the CLI gives the page's pods too. Screenshots of each
 * state go to test-results/screenshots/.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPlayground, PLAYGROUND, type Session } from './browser.js';

const open: Session[] = [];

afterAll(async () => {
  for (const s of open) await s.close();
});

async function session(path = PLAYGROUND): Promise<Session> {
  const s = await openPlayground(path);
  open.push(s);
  return s;
}

const terminal = (s: Session) => s.page.getByRole('log', { name: 'Terminal output' });
const idle = (s: Session) => s.page.waitForFunction(() => document.querySelector('[role=log][aria-busy=false]') !== null);
const nodeNames = async (s: Session) => (await s.page.getByRole('list', { name: 'Nodes' }).getByRole('listitem').allTextContents()).join(' ');

async function run(s: Session, command: string): Promise<void> {
  const input = s.page.getByRole('textbox', { name: 'Command' });
  await input.fill(command);
  await input.press('Enter');
  await idle(s);
}

/** The terminal after `clear` and one `kubectl get pods -o json`: the command's echo and its output. */
async function podsJson(s: Session): Promise<string> {
  await run(s, 'clear');
  await run(s, 'kubectl get pods -o json');
  return (await terminal(s).textContent()) ?? '';
}

/** The share link's hash (each session serves the site on its own port: an origin of its own). */
let hash = '';
let podsA = '';

describe('share links', () => {
  it('makes a link of a session with Apply, Play and commands', async () => {
    const a = await session();
    const p = a.page;
    await expect.poll(() => p.getByRole('list', { name: 'Nodes' }).getByRole('listitem').count()).toBe(3);
    await p.getByRole('button', { name: 'Apply' }).click();
    await idle(a);
    await p.getByRole('combobox', { name: 'Speed' }).selectOption({ label: 'until settled' });
    await p.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => a.page.getByRole('region', { name: 'DaemonSets' }).textContent(), { timeout: 30_000 }).toMatch(/log-agent\s*3\s*3\s*3\s*3\s*3/);
    await p.getByRole('button', { name: 'Play' }).waitFor();
    await run(a, 'sim node add node-4 --labels pool=edge');
    await run(a, 'sim advance 30s');
    podsA = await podsJson(a);
    expect(podsA).toContain('"kind": "Pod"');
    await p.getByRole('button', { name: 'Share' }).click();
    const dialog = p.getByRole('dialog', { name: 'Share and export' });
    await dialog.waitFor();
    const box = dialog.getByRole('textbox', { name: 'Share link' });
    await expect.poll(() => box.inputValue()).toMatch(/\/some\/sub\/path\/playground\/#share=v1\.[A-Za-z0-9_-]+$/);
    const link = await box.inputValue();
    hash = link.slice(link.indexOf('#'));
    await a.screenshot('share-dialog');
    await dialog.getByRole('button', { name: 'Copy as script' }).click();
    const script = await dialog.getByRole('textbox', { name: 'Session script' }).inputValue();
    await a.screenshot('share-copy-as-script');
    const downloaded = async (button: string) => {
      const [file] = await Promise.all([p.waitForEvent('download'), dialog.getByRole('button', { name: button }).click()]);
      return { name: file.suggestedFilename(), text: readFileSync((await file.path())!, 'utf8') };
    };
    const real = await downloaded('Download for a real cluster');
    expect(real.name).toBe('everynode-cluster.yaml');
    expect(real.text).toMatch(/^# Everynode: this session's nodes and workloads/);
    expect(real.text).toContain('kwok.x-k8s.io/node: fake');
    expect(real.text).toContain('#   sim node add node-4 --labels pool=edge');
    expect(real.text).toContain('kind: DaemonSet');
    const saved = await downloaded('Download session file');
    expect(saved.name).toBe('everynode-session.json');
    expect(JSON.parse(saved.text)).toMatchObject({ kind: 'everynode-session', version: 1, files: { 'daemonset.yaml': expect.stringContaining('kind: DaemonSet') } });
    await dialog.getByRole('button', { name: 'Close' }).click();
    // `npx everynode run session.sh` on the copied script rebuilds the page's cluster exactly.
    const file = join(mkdtempSync(join(tmpdir(), 'everynode-share-')), 'session.sh');
    writeFileSync(file, `${script}kubectl get pods -o json\n`);
    const cli = spawnSync(process.execPath, [resolve('bin/everynode.js'), 'run', file, '--json'], { encoding: 'utf8', timeout: 60_000 });
    expect(cli.status, cli.stderr).toBe(0);
    expect(`$ kubectl get pods -o json\n${(JSON.parse(cli.stdout) as { stdout: string }[]).at(-1)!.stdout}`).toBe(podsA);
    expect(a.errors).toEqual([]);
    expect(a.offOrigin).toEqual([]);
  }, 120_000);

  it('opens the link in a fresh browser with the same cluster, byte for byte', async () => {
    const b = await session(PLAYGROUND + hash);
    await expect.poll(() => nodeNames(b)).toContain('node-4');
    expect(await b.page.getByRole('dialog', { name: 'Open the shared session?' }).count()).toBe(0);
    expect(await b.page.evaluate(() => location.hash)).toBe('');
    expect(await podsJson(b)).toBe(podsA);
    await b.screenshot('share-opened-fresh');
    expect(b.errors).toEqual([]);
    expect(b.offOrigin).toEqual([]);
  }, 120_000);

  let c: Session;

  it('asks before replacing local work, and Keep mine changes nothing', async () => {
    c = await session();
    const p = c.page;
    await expect.poll(() => nodeNames(c)).toContain('node-3');
    await run(c, 'sim node add mine-1');
    await p.goto(c.url + PLAYGROUND + hash);
    const ask = p.getByRole('dialog', { name: 'Open the shared session?' });
    await ask.waitFor();
    await c.screenshot('share-ask-before-overwrite');
    await ask.getByRole('button', { name: 'Keep mine' }).click();
    expect(await nodeNames(c)).toContain('mine-1');
    expect(await nodeNames(c)).not.toContain('node-4');
    expect(await p.evaluate(() => location.hash)).toBe('');
  }, 120_000);

  it('opens the link over local work when asked to, keeping that work restorable', async () => {
    const p = c.page;
    // The same link again, this time by a full page load over the saved work.
    await p.goto('about:blank');
    await p.goto(c.url + PLAYGROUND + hash);
    const ask = p.getByRole('dialog', { name: 'Open the shared session?' });
    await ask.waitFor();
    await ask.getByRole('button', { name: 'Open the shared session' }).click();
    await expect.poll(() => nodeNames(c)).toContain('node-4');
    expect(await nodeNames(c)).not.toContain('mine-1');
    expect(await podsJson(c)).toBe(podsA);
    await p.getByRole('button', { name: 'New cluster' }).click();
    const dialog = p.getByRole('dialog', { name: 'Start a new cluster?' });
    await dialog.getByRole('radio', { name: 'The session this one replaced' }).check();
    await dialog.getByRole('button', { name: 'Start new cluster' }).click();
    await expect.poll(() => nodeNames(c)).toContain('mine-1');
    expect(c.errors).toEqual([]);
  }, 120_000);

  it('says a damaged link cannot be opened, and changes nothing', async () => {
    const d = await session();
    const p = d.page;
    await expect.poll(() => nodeNames(d)).toContain('node-3');
    await run(d, 'sim node add kept-1');
    await p.goto(`${d.url}${PLAYGROUND}${hash.slice(0, -40)}`);
    const alert = p.getByRole('alertdialog', { name: 'This link cannot be opened' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/damaged or cut off.*Nothing was changed\./);
    await d.screenshot('share-damaged-link');
    await alert.getByRole('button', { name: 'OK' }).click();
    expect(await nodeNames(d)).toContain('kept-1');
    expect(d.errors).toEqual([]);
  }, 120_000);
});

describe('a lesson page share link', () => {
  const SOLUTION = readFileSync('lessons/01-basics/01-one-pod-per-node/solution/log-agent.yaml', 'utf8');
  const lesson = (s: Session) => s.page.getByRole('region', { name: 'Lesson' });
  const currentStep = (s: Session) => lesson(s).locator('li[aria-current="step"] h4').textContent();
  let lessonHash = '';
  let podsL1 = '';

  it('carries the step the learner reached and the run behind it', async () => {
    const a = await session('lessons/L1/');
    const l = lesson(a);
    const group = l.getByRole('group', { name: 'Prediction' });
    await group.getByRole('radio', { name: 'The apply is rejected and nothing is created.' }).check();
    await group.getByRole('button', { name: 'Answer' }).click();
    const runButton = l.locator('.buttons').getByRole('button', { name: 'Run' });
    await expect.poll(() => runButton.isEnabled()).toBe(true);
    await runButton.click();
    await expect.poll(() => currentStep(a)).toContain('Fix the manifest and apply it');
    await run(a, `kubectl apply -f - <<'EOF'\n${SOLUTION}EOF`);
    await run(a, 'sim settle');
    await expect.poll(() => currentStep(a), { timeout: 30_000 }).toContain('Delete the pod on node-2');
    podsL1 = await podsJson(a);
    expect(podsL1.match(/"kind": "Pod"/g)).toHaveLength(3);
    await a.page.getByRole('button', { name: 'Share' }).click();
    const dialog = a.page.getByRole('dialog', { name: 'Share and export' });
    const box = dialog.getByRole('textbox', { name: 'Share link' });
    await expect.poll(() => box.inputValue()).toMatch(/\/lessons\/L1\/#share=v1\./);
    const link = await box.inputValue();
    lessonHash = link.slice(link.indexOf('#'));
    await a.screenshot('share-lesson-dialog');
    expect(a.errors).toEqual([]);
  }, 120_000);

  it('opens the lesson at the same step on the same cluster in a fresh browser', async () => {
    const b = await session(`lessons/L1/${lessonHash}`);
    await expect.poll(() => currentStep(b), { timeout: 30_000 }).toContain('Delete the pod on node-2');
    const checks = lesson(b).getByRole('list', { name: 'Checks' }).getByRole('listitem');
    await expect.poll(() => checks.allTextContents()).toEqual([expect.stringMatching(/passed.*l1-status$/), expect.stringMatching(/passed.*l1-one-per-node$/), expect.stringMatching(/not yet.*l1-replaced$/)]);
    expect(await podsJson(b)).toBe(podsL1);
    await b.screenshot('share-lesson-opened');
    // Reloaded, the lesson keeps the step it was opened at (its progress is saved on this machine).
    await b.page.reload();
    await expect.poll(() => currentStep(b), { timeout: 30_000 }).toContain('Delete the pod on node-2');
    expect(b.errors).toEqual([]);
    expect(b.offOrigin).toEqual([]);
  }, 120_000);
});
