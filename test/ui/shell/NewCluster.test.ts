// @vitest-environment jsdom
/**
 * "New cluster" asks in the page's one modal dialog (shell/Modal): the dialog keeps its accessible
 * name, opens while the session machine is Confirming, and Cancel or Escape (the browser closing
 * the dialog) returns the session to Ready with the cluster untouched.
 */
import { fireEvent, render, within } from '@testing-library/svelte';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import NewCluster from '../../../src/ui/shell/NewCluster.svelte';
import { Playground } from '../../../src/ui/playground/playground.svelte.js';
import { inProcessEngine } from '../worker/in-process.js';
import { memoryStorage } from '../memory-storage.js';
import { stubJsdom } from '../jsdom-stubs.js';

beforeAll(stubJsdom);

const open: Playground[] = [];
afterEach(() => open.splice(0).forEach((p) => p.close()));

async function mounted() {
  const playground = new Playground('nc', inProcessEngine(), { storage: memoryStorage() });
  open.push(playground);
  playground.start();
  await waitFor(playground.session.actor, (s) => s.matches('Ready'));
  const host = document.createElement('div');
  document.body.appendChild(host);
  render(NewCluster, { target: host, props: { playground } });
  return { playground, view: within(host) };
}

describe('NewCluster', () => {
  it('asks in a modal dialog named by its heading, and Cancel leaves the session Ready', async () => {
    const { playground, view } = await mounted();
    const dialog = view.getByRole('dialog', { hidden: true }) as HTMLDialogElement;
    expect(dialog.open).toBe(false);
    await fireEvent.click(view.getByRole('button', { name: 'New cluster' }));
    await vi.waitFor(() => expect(dialog.open).toBe(true));
    expect(view.getByRole('dialog', { name: 'Start a new cluster?' })).toBe(dialog);
    expect(within(dialog).getByRole('group', { name: 'Start from' })).toBeTruthy();
    expect(playground.session.snapshot.matches('Confirming')).toBe(true);
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(dialog.open).toBe(false));
    expect(playground.session.snapshot.matches('Ready')).toBe(true);
  });

  it('treats the browser closing the dialog (Escape) as Cancel', async () => {
    const { playground, view } = await mounted();
    await fireEvent.click(view.getByRole('button', { name: 'New cluster' }));
    const dialog = view.getByRole('dialog', { name: 'Start a new cluster?' }) as HTMLDialogElement;
    dialog.close();
    await fireEvent(dialog, new Event('close'));
    await vi.waitFor(() => expect(playground.session.snapshot.matches('Ready')).toBe(true));
  });
});
