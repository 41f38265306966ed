// @vitest-environment jsdom
/**
 * "New cluster" asks in the page's one modal dialog (shell/Modal): the dialog keeps its accessible
 * name, opens while the session machine is Confirming, and Cancel or Escape (the browser closing
 * the dialog) returns the session to Ready with the cluster untouched.
 */
import { fireEvent, within } from '@testing-library/svelte';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import NewCluster from '../../../src/ui/shell/NewCluster.svelte';
import { stubJsdom } from '../jsdom-stubs.js';
import { mountIn, readyPlaygrounds } from '../ready-playground.js';

beforeAll(stubJsdom);

const ready = readyPlaygrounds();

async function mounted() {
  const playground = await ready('nc');
  return { playground, view: mountIn(NewCluster, { playground }) };
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
