// @vitest-environment jsdom
/**
 * The Nodes list is one tab stop: the selected node's item holds it (else the first), and the
 * arrows, Home and End move the focus between items, so a keyboard user passes the list with one
 * Tab however many nodes there are.
 */
import { fireEvent } from '@testing-library/svelte';
import { beforeAll, describe, expect, it } from 'vitest';
import NodesList from '../../../src/ui/picture/NodesList.svelte';
import { stubJsdom } from '../jsdom-stubs.js';
import { mountIn, readyPlaygrounds, tick } from '../ready-playground.js';

beforeAll(stubJsdom);

const ready = readyPlaygrounds();

async function mounted() {
  const playground = await ready('nodes-list');
  const view = mountIn(NodesList, { playground });
  await tick();
  const list = view.getByRole('list', { name: 'Nodes' });
  const stops = () => [...list.querySelectorAll('button')].filter((b) => b.tabIndex === 0).map((b) => b.dataset['node']);
  return { playground, list, stops };
}

describe('Nodes list keyboard', () => {
  it('keeps one tab stop, on the selected node once there is one', async () => {
    const { playground, list, stops } = await mounted();
    expect(list.querySelectorAll('button')).toHaveLength(3);
    expect(stops()).toEqual(['node-1']);
    playground.selection = { kind: 'Node', name: 'node-3' };
    await tick();
    expect(stops()).toEqual(['node-3']);
  });

  it('moves the focus with the arrows, Home and End, and selects with a click', async () => {
    const { playground, list, stops } = await mounted();
    const button = (name: string) => list.querySelector<HTMLButtonElement>(`button[data-node="${name}"]`)!;
    button('node-1').focus();
    await fireEvent.keyDown(button('node-1'), { key: 'ArrowDown' });
    await tick();
    expect(document.activeElement).toBe(button('node-2'));
    expect(stops()).toEqual(['node-2']);
    await fireEvent.keyDown(button('node-2'), { key: 'End' });
    await tick();
    expect(document.activeElement).toBe(button('node-3'));
    await fireEvent.keyDown(button('node-3'), { key: 'Home' });
    await tick();
    expect(document.activeElement).toBe(button('node-1'));
    await fireEvent.keyDown(button('node-1'), { key: 'ArrowUp' });
    await tick();
    expect(document.activeElement).toBe(button('node-1'));
    await fireEvent.click(button('node-2'));
    expect(playground.selection).toEqual({ kind: 'Node', name: 'node-2' });
  });
});
