/**
 * A playground's work survives a reload: the session log, the editor files and the history come
 * back; a new cluster keeps the old session restorable; a full storage is reported.
 */
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { EXAMPLE_FILE } from '../../../src/ui/playground/presets.js';
import type { SessionLog } from '../../../src/ui/worker/session-log.js';
import { memoryStorage } from '../memory-storage.js';
import { readyPlaygrounds, tick } from '../ready-playground.js';

const ready = readyPlaygrounds();

describe('SessionKeeper', () => {
  it('restores the cluster, the files and the history after a reload', async () => {
    const storage = memoryStorage();
    const first = await ready('main', storage);
    await first.run('kubectl apply -f daemonset.yaml', { source: 'editor' });
    first.files['notes.yaml'] = '# mine\n';
    first.history.add('sim node add node-4');
    await first.run('sim node add node-4\nsim settle');
    await tick();
    const pods = first.cluster.list('Pod').map((p) => p.metadata.name);
    expect(pods).toHaveLength(4);
    // A first visit's starter: nothing has run that the terminal could speak of.
    expect(first.terminal.lines.filter((l) => l.kind === 'notice')).toEqual([]);
    first.close();

    const again = await ready('main', storage);
    expect(again.cluster.list('Pod').map((p) => p.metadata.name)).toEqual(pods);
    expect(again.cluster.now).toBe(first.cluster.now);
    expect(Object.keys(again.files).sort()).toEqual([EXAMPLE_FILE, 'notes.yaml']);
    expect(again.history.entries).toEqual(['sim node add node-4']);
    // The starter's two commands and the learner's three, replayed; their output is not saved.
    expect(again.terminal.lines).toEqual([{ kind: 'notice', text: '[session restored: 5 commands replayed; their output was not saved]\n' }]);
    expect((await ready('other', storage)).cluster.list('DaemonSet')).toEqual([]);
  });

  it('writes the latest editor text at once when the page is hidden', async () => {
    const storage = memoryStorage();
    const pg = await ready('main', storage);
    await tick();
    pg.files[EXAMPLE_FILE] = 'kind: Edited\n';
    pg.changed();
    pg.flush();
    pg.close();
    expect((await ready('main', storage)).files[EXAMPLE_FILE]).toBe('kind: Edited\n');
  });

  it('keeps the replaced session restorable when a new cluster starts', async () => {
    const storage = memoryStorage();
    const pg = await ready('main', storage);
    await pg.run('sim node add extra');
    expect(pg.keeper.hasPrevious()).toBe(false);
    pg.session.actor.send({ type: 'NEW_CLUSTER', preset: 'empty' });
    pg.session.actor.send({ type: 'CONFIRM' });
    await waitFor(pg.session.actor, (s) => s.matches('Ready'));
    expect(pg.cluster.list('Node')).toEqual([]);
    // The old transcript stays, and a note marks where the new cluster begins.
    expect(pg.terminal.lines.map((l) => l.kind)).toEqual(['command', 'stdout', 'notice']);
    expect(pg.terminal.lines.at(-1)!.text).toBe('[new cluster: Empty (no nodes)]\n');
    await tick();
    expect(pg.keeper.hasPrevious()).toBe(true);
    pg.session.actor.send({ type: 'NEW_CLUSTER', preset: 'previous' });
    pg.session.actor.send({ type: 'CONFIRM' });
    await waitFor(pg.session.actor, (s) => s.matches('Ready'));
    expect(pg.cluster.list('Node').map((n) => n.metadata.name)).toEqual(['extra', 'node-1', 'node-2', 'node-3']);
    expect(pg.terminal.lines.at(-1)!.text).toBe('[restored the session the last new cluster replaced: 3 commands replayed]\n');
  });

  it('says when the work could not be saved, and keeps the session going', async () => {
    const storage = memoryStorage();
    const pg = await ready('main', storage);
    storage.full = true;
    await pg.run('sim node add node-9');
    await tick();
    expect(pg.keeper.error).toBe('Your work could not be saved: the browser storage for this site is full.');
    expect(pg.cluster.list('Node')).toHaveLength(4);
    storage.full = false;
    await pg.run('sim node add node-10');
    await tick();
    expect(pg.keeper.error).toBeUndefined();
  });

  it('on a lesson page opens neither the saved session log nor the starter, only the saved editor files', async () => {
    const storage = memoryStorage();
    const first = await ready('lesson-L1', storage, { lesson: true });
    expect(first.files).toEqual({});
    expect(first.cluster.list('Node')).toEqual([]);
    first.files = { 'start/a.yaml': '# mine\n' };
    await first.run('sim node add only-in-the-log');
    await tick();
    first.close();

    const again = await ready('lesson-L1', storage, { lesson: true });
    expect(again.files).toEqual({ 'start/a.yaml': '# mine\n' });
    expect(again.cluster.list('Node')).toEqual([]);
    expect((await again.query<SessionLog>('log')).commands).toEqual([]);
  });
});
