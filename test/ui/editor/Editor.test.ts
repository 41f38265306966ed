// @vitest-environment jsdom
/**
 * The editor region on a real Playground whose engine runs in-process: typing is checked by the
 * worker's validate query and shown as problems in kubectl's words, Apply and Ctrl+Enter run
 * `kubectl apply -f NAME` with the tab's text, tabs are files. Monaco never loads here (no
 * IntersectionObserver fires in jsdom): this is the textarea the page starts with; the Monaco
 * side is covered end to end in Chromium.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor as waitForActor } from 'xstate';
import Editor from '../../../src/ui/editor/Editor.svelte';
import { EXAMPLE_DAEMONSET } from '../../../src/ui/playground/presets.js';
import { Playground } from '../../../src/ui/playground/playground.svelte.js';
import type { SessionLog } from '../../../src/ui/worker/session-log.js';
import { inProcessEngine } from '../worker/in-process.js';
import { stubJsdom } from '../jsdom-stubs.js';

beforeAll(stubJsdom);

afterEach(() => cleanup());

/** The editor on a playground; its session (the starter preset) opened unless `open` is false. */
async function setup(open = true) {
  const pg = new Playground('t', inProcessEngine());
  render(Editor, { playground: pg });
  const region = screen.getByRole('region', { name: 'Editor' });
  const text = () => within(region).getByRole('textbox', { name: /^YAML of / }) as HTMLTextAreaElement;
  const status = () => within(region).getByRole('status').textContent;
  const start = async () => {
    pg.start();
    await waitForActor(pg.session.actor, (s) => s.matches('Ready'));
  };
  if (open) await start();
  return { pg, region, text, status, start };
}

const withReplicas = EXAMPLE_DAEMONSET.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector');

describe('Editor', () => {
  it('is read-only while the playground opens its session, whose files it then shows', async () => {
    const { pg, region, text, status, start } = await setup(false);
    expect(text().readOnly).toBe(true);
    expect(status()).toBe('Opening the session…');
    expect((within(region).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    await start();
    await waitFor(() => expect(text().readOnly).toBe(false));
    expect(text().value).toBe(EXAMPLE_DAEMONSET);
    expect(pg.files).toEqual({ 'daemonset.yaml': EXAMPLE_DAEMONSET });
    expect((within(region).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('opens the starter file, not applied, with Apply and Diff', async () => {
    const { pg, region, text, status } = await setup();
    expect(within(region).getByRole('tab', { name: /daemonset\.yaml/, selected: true })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Apply' })).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Diff' })).toBeTruthy();
    expect(text().value).toBe(EXAMPLE_DAEMONSET);
    expect(status()).toBe('Not applied');
    expect(pg.files).toEqual({ 'daemonset.yaml': EXAMPLE_DAEMONSET });
  });

  it('shows a typo as a problem at its line before Apply, then clears it when fixed', async () => {
    const { pg, region, text, status } = await setup();
    const logged = (await pg.query<SessionLog>('log')).commands;
    await fireEvent.input(text(), { target: { value: withReplicas } });
    expect(pg.files['daemonset.yaml']).toBe(withReplicas);
    const problems = await within(region).findByRole('list', { name: 'Problems' }, { timeout: 3000 });
    expect(problems.textContent).toContain('Error, line 8, column 3:');
    expect(problems.textContent).toContain('unknown field "spec.replicas"');
    expect(status()).toBe('1 error');
    // the check is a query: nothing is logged
    expect((await pg.query<SessionLog>('log')).commands).toEqual(logged);
    await fireEvent.input(text(), { target: { value: EXAMPLE_DAEMONSET } });
    await waitFor(() => expect(within(region).queryByRole('list', { name: 'Problems' })).toBeNull(), { timeout: 3000 });
    expect(status()).toBe('Not applied');
  });

  it('applies with Ctrl+Enter: kubectl apply -f NAME in the terminal, then Applied', async () => {
    const { pg, text, status } = await setup();
    await fireEvent.keyDown(text(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(status()).toBe('Applied'));
    expect(pg.terminal.lines.slice(0, 2)).toEqual([
      { kind: 'command', text: 'kubectl apply -f daemonset.yaml', source: 'editor' },
      { kind: 'stdout', text: 'daemonset.apps/log-agent created\n' },
    ]);
    expect(pg.cluster.get('DaemonSet', 'default', 'log-agent')).toBeDefined();
    await fireEvent.input(text(), { target: { value: EXAMPLE_DAEMONSET.replace(':1.0', ':2.0') } });
    expect(status()).toBe('Not applied');
  });

  it('reports an invalid file as kubectl does when applied anyway, and stays not applied', async () => {
    const { pg, region, text, status } = await setup();
    await fireEvent.input(text(), { target: { value: withReplicas } });
    await fireEvent.click(within(region).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(pg.terminal.lines.some((l) => l.kind === 'stderr')).toBe(true));
    expect(pg.terminal.lines.find((l) => l.kind === 'stderr')?.text).toContain('strict decoding error: unknown field "spec.replicas"');
    await waitFor(() => expect(status()).toBe('1 error'));
    expect(pg.cluster.get('DaemonSet', 'default', 'log-agent')).toBeUndefined();
  });

  it('reopens its tabs from the files of a session the playground loads', async () => {
    const { pg, region, text } = await setup();
    pg.files = { 'ns.yaml': 'apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n', 'b.yaml': '' };
    await waitFor(() => expect(within(region).getAllByRole('tab').map((t) => t.textContent?.match(/^[\w.-]+/)?.[0])).toEqual(['ns.yaml', 'b.yaml']));
    expect(text().value).toBe('apiVersion: v1\nkind: Namespace\nmetadata: {name: x}\n');
    expect(Object.keys(pg.files)).toEqual(['ns.yaml', 'b.yaml']);
  });

  it('runs kubectl diff -f NAME for Diff', async () => {
    const { pg, region } = await setup();
    await fireEvent.click(within(region).getByRole('button', { name: 'Diff' }));
    await waitFor(() => expect(pg.terminal.lines[0]).toMatchObject({ kind: 'command', text: 'kubectl diff -f daemonset.yaml', source: 'editor' }));
  });

  it('adds, renames and closes tabs as files, refusing a name a command line cannot carry', async () => {
    const { pg, region, status } = await setup();
    await fireEvent.click(within(region).getByRole('button', { name: 'New file' }));
    expect(within(region).getByRole('tab', { name: /untitled-1\.yaml/, selected: true })).toBeTruthy();
    expect(Object.keys(pg.files)).toEqual(['daemonset.yaml', 'untitled-1.yaml']);
    expect(status()).toBe('Not applied');

    await fireEvent.click(within(region).getByRole('button', { name: 'Rename' }));
    const input = within(region).getByRole('textbox', { name: 'New name for untitled-1.yaml' });
    await fireEvent.input(input, { target: { value: 'my file.yaml' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(region).getByRole('alert').textContent).toContain('"my file.yaml" cannot be a file name here');
    await fireEvent.input(input, { target: { value: 'daemonset.yaml' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(region).getByRole('alert').textContent).toBe('A tab named "daemonset.yaml" is already open.');
    await fireEvent.input(input, { target: { value: 'ns.yaml' } });
    await fireEvent.keyDown(input, { key: 'Enter' });
    expect(within(region).getByRole('tab', { name: /ns\.yaml/, selected: true })).toBeTruthy();
    expect(Object.keys(pg.files).sort()).toEqual(['daemonset.yaml', 'ns.yaml']);

    // an empty file closes at once; one with unapplied text asks first
    await fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    expect(within(region).queryByRole('tab', { name: /ns\.yaml/ })).toBeNull();
    await fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    // the page's modal dialog (shell/Modal), named by its question and what closing loses
    const dialog = within(region).getByRole('dialog', { name: 'Close daemonset.yaml? Its changes are not applied to the cluster and will be lost.' }) as HTMLDialogElement;
    expect(within(dialog).getByRole('heading', { name: 'Close daemonset.yaml?' })).toBeTruthy();
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Keep' }));
    expect(dialog.open).toBe(false);
    expect(within(region).getByRole('tab', { name: /daemonset\.yaml/ })).toBeTruthy();
    // Escape (the browser closing the dialog) keeps the file too
    await fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    expect(dialog.open).toBe(true);
    dialog.close();
    await fireEvent(dialog, new Event('close'));
    expect(within(region).getByRole('tab', { name: /daemonset\.yaml/ })).toBeTruthy();
    await fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    await fireEvent.click(within(region).getByRole('button', { name: 'Close file' }));
    expect(within(region).queryAllByRole('tab')).toEqual([]);
    expect(pg.files).toEqual({});
    expect(status()).toBe('No file open');
  });
});
