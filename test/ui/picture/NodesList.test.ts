// @vitest-environment jsdom
/**
 * The Nodes list is one tab stop: the selected node's item holds it (else the first), and the
 * arrows, Home and End move the focus between items, so a keyboard user passes the list with one
 * Tab however many nodes there are.
 */
import { fireEvent, render, within } from '@testing-library/svelte';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import NodesList from '../../../src/ui/picture/NodesList.svelte';
import { Playground } from '../../../src/ui/playground/playground.svelte.js';
import { inProcessEngine } from '../worker/in-process.js';
import { memoryStorage } from '../memory-storage.js';
import { stubJsdom } from '../jsdom-stubs.js';

beforeAll(stubJsdom);

const open: Playground[] = [];
afterEach(() => open.splice(0).forEach((p) => p.close()));

const tick = () => new Promise((r) => setTimeout(r, 0));

async function mounted() {
  const playground = new Playground('nodes-list', inProcessEngine(), { storage: memoryStorage() });
  open.push(playground);
  playground.start();
  await waitFor(playground.session.actor, (s) => s.matches('Ready'));
  const host = document.createElement('div');
  document.body.appendChild(host);
  render(NodesList, { target: host, props: { playground } });
  await tick();
  const list = within(host).getByRole('list', { name: 'Nodes' });
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
