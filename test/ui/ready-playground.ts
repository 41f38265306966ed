/**
 * What the page's component tests share: playgrounds over an in-process engine, their storage in
 * memory, started and Ready (the session open), closed after each test; a component mounted in a
 * host element of its own (two playgrounds' components never share one); and a macrotask's wait,
 * for what the page does once its engine's answer has been handled.
 */
import { render, within } from '@testing-library/svelte';
import type { Component } from 'svelte';
import { afterEach } from 'vitest';
import { waitFor } from 'xstate';
import { Playground } from '../../src/ui/playground/playground.svelte.js';
import type { StorageLike } from '../../src/ui/persist.js';
import { memoryStorage } from './memory-storage.js';
import { inProcessEngine } from './worker/in-process.js';

/**
 * Call at the top of a test file: returns what makes a Ready playground (id `id`, in `storage`,
 * a fresh memory storage unless given; a lesson page's with `lesson`); every one it made is
 * closed after each test (closing one again, as a test of a reload does first, is harmless).
 */
export function readyPlaygrounds(): (id: string, storage?: StorageLike, options?: { lesson?: boolean }) => Promise<Playground> {
  const open: Playground[] = [];
  afterEach(() => open.splice(0).forEach((p) => p.close()));
  return async (id, storage = memoryStorage(), options = {}) => {
    const playground = new Playground(id, inProcessEngine(), { storage, lesson: options.lesson });
    open.push(playground);
    playground.start();
    await waitFor(playground.session.actor, (s) => s.matches('Ready'));
    return playground;
  };
}

/** Renders `component` with `props` in a new host element in the document; returns queries within it. */
export function mountIn<Props extends Record<string, unknown>>(component: Component<Props>, props: Props) {
  const host = document.createElement('div');
  document.body.appendChild(host);
  render(component, { target: host, props });
  return within(host);
}

/** Waits one macrotask (the engine's answers and the page's effects after them are handled). */
export const tick = (): Promise<unknown> => new Promise((r) => setTimeout(r, 0));
