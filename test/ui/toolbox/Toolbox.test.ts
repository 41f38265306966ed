// @vitest-environment jsdom
/**
 * The toolbox's node picker: closed, it holds only the node it would act on (a fleet's thousands
 * of options are not made behind a closed toolbox); open, every node, and its buttons run the
 * `sim node` command for the node chosen.
 */
import { fireEvent } from '@testing-library/svelte';
import { beforeAll, describe, expect, it } from 'vitest';
import Toolbox from '../../../src/ui/toolbox/Toolbox.svelte';
import { stubJsdom } from '../jsdom-stubs.js';
import { mountIn, readyPlaygrounds, tick } from '../ready-playground.js';

beforeAll(stubJsdom);

const ready = readyPlaygrounds();

describe('Toolbox node picker', () => {
  it('lists every node only while open, and acts on the one chosen', async () => {
    const playground = await ready('toolbox');
    await playground.run('sim node add extra-{1..4}');
    const view = mountIn(Toolbox, { playground });
    await tick();
    const picker = view.getByRole('combobox', { name: 'Node', hidden: true }) as HTMLSelectElement;
    const names = () => [...picker.options].map((o) => o.value);
    const all = playground.cluster.keys('Node');
    expect(all.length).toBe(7);
    expect(names()).toEqual([all[0]]);
    await fireEvent.click(view.getByRole('button', { name: 'Toolbox' }));
    expect(names()).toEqual([...all]);
    await fireEvent.change(picker, { target: { value: 'extra-3' } });
    await fireEvent.click(view.getByRole('button', { name: 'Fail' }));
    await tick();
    await tick();
    expect(playground.terminal.lines.map((l) => l.text).join('\n')).toMatch(/^sim node fail extra-3$/m);
    // Closed again, the picker keeps the node chosen.
    await fireEvent.click(view.getByRole('button', { name: 'Toolbox' }));
    expect(names()).toEqual(['extra-3']);
    expect(picker.value).toBe('extra-3');
  });
});
