/** The deep copy the cluster's snapshots make of controller state. */
import { describe, expect, it } from 'vitest';
import { copyPlain } from '../../../src/sim/engine/plain-copy.js';

describe('copyPlain', () => {
  it('copies records, arrays, Maps and Sets deeply, keeping keys, order and undefined fields', () => {
    const state = { b: 1, a: [1, { x: 'y' }], m: new Map([['k', { n: 1 }]]), s: new Set(['q']), u: undefined, nul: null };
    const copy = copyPlain(state);
    expect(copy).toEqual(state);
    expect(Object.keys(copy)).toEqual(['b', 'a', 'm', 's', 'u', 'nul']);
    expect(copy.a).not.toBe(state.a);
    expect(copy.a[1]).not.toBe(state.a[1]);
    expect(copy.m.get('k')).not.toBe(state.m.get('k'));
    expect(copy.s).not.toBe(state.s);
    copy.m.get('k')!.n = 2;
    expect(state.m.get('k')!.n).toBe(1);
  });

  it('keeps aliasing: a value reached twice is copied once and shared by the copies', () => {
    const paths = { '/var/log': 'Directory' };
    const state = { machines: { a: { paths }, b: { paths } } };
    const copy = copyPlain(state);
    expect(copy.machines.a.paths).toBe(copy.machines.b.paths);
    expect(copy.machines.a.paths).not.toBe(paths);
  });

  it('refuses what is not plain data instead of changing it', () => {
    expect(() => copyPlain({ when: new Date(0) })).toThrow('cannot copy a Date instance: controller state must be plain data');
    expect(() => copyPlain({ f: () => 1 })).toThrow('cannot copy a function');
  });
});
