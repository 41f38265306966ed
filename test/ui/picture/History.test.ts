// @vitest-environment jsdom
/**
 * The rollout history's rows are there, and animate, only while the panel is open: an animated
 * row measures itself at every update (a layout of the whole page), which a closed panel, showing
 * nothing of them, must not pay for on every move of a big fleet.
 */
import { fireEvent, render } from '@testing-library/svelte';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import History from '../../../src/ui/picture/History.svelte';
import type { DaemonSetView } from '../../../src/view/model/daemonset-view.js';
import type { RevisionView } from '../../../src/view/model/revisions.js';
import { stubJsdom } from '../jsdom-stubs.js';
import { tick } from '../ready-playground.js';

beforeAll(stubJsdom);
afterEach(() => vi.restoreAllMocks());

const revision = (hash: string, number: number, live: boolean): RevisionView => ({ name: `agent-${hash}`, hash, number, images: [`agent:${number}`], live, slot: number % 8 });
/** The agent DaemonSet with its revisions, highest number first (the only fields the panel reads). */
const agent = (...revisions: RevisionView[]): DaemonSetView[] => [{ uid: 'u1', namespace: 'default', name: 'agent', revisions } as unknown as DaemonSetView];

describe('History', () => {
  it('keeps no rows while closed, lists them once opened, and animates them only then', async () => {
    const view = render(History, { daemonSets: agent(revision('b', 2, true), revision('a', 1, false)), reducedMotion: false });
    const rows = () => [...view.container.querySelectorAll('tbody tr td:first-child')].map((td) => td.textContent?.trim());
    const measured = vi.spyOn(Element.prototype, 'getBoundingClientRect');
    expect(view.getByText('Rollout history')).toBeTruthy();
    expect(rows()).toEqual([]);

    // `rollout undo` renumbers revision 1 to 3 and moves it up: nothing to measure while closed.
    await view.rerender({ daemonSets: agent(revision('a', 3, true), revision('b', 2, false)) });
    expect(rows()).toEqual([]);
    expect(measured).not.toHaveBeenCalled();

    const details = view.container.querySelector('details')!;
    details.open = true;
    await fireEvent(details, new Event('toggle'));
    await tick();
    expect(rows()).toEqual(['3', '2']);

    // Open, the rows that move are measured for their animation.
    await view.rerender({ daemonSets: agent(revision('b', 4, true), revision('a', 3, false)) });
    expect(rows()).toEqual(['4', '3']);
    expect(measured).toHaveBeenCalled();
  });
});
