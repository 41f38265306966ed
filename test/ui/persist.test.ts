/** Saved work is versioned per playground, and a failed save says why instead of throwing. */
import { describe, expect, it } from 'vitest';
import { PlaygroundStorage, STORAGE_VERSION } from '../../src/ui/persist.js';
import { memoryStorage } from './memory-storage.js';

describe('PlaygroundStorage', () => {
  it('keeps each playground under its own keys, in a versioned envelope', () => {
    const mem = memoryStorage();
    const a = new PlaygroundStorage(mem, 'a');
    const b = new PlaygroundStorage(mem, 'b');
    expect(a.write('history', ['kubectl get ds'])).toBeUndefined();
    expect(a.read('history')).toEqual(['kubectl get ds']);
    expect(b.read('history')).toBeUndefined();
    expect(JSON.parse(mem.items.get('everynode:a:history')!)).toEqual({ v: STORAGE_VERSION, data: ['kubectl get ds'] });
    a.remove('history');
    expect(a.read('history')).toBeUndefined();
  });

  it('ignores values of another version and values that are not JSON', () => {
    const mem = memoryStorage();
    const a = new PlaygroundStorage(mem, 'a');
    mem.items.set('everynode:a:session', JSON.stringify({ v: STORAGE_VERSION + 1, data: { log: 1 } }));
    mem.items.set('everynode:a:history', '{not json');
    expect(a.read('session')).toBeUndefined();
    expect(a.read('history')).toBeUndefined();
  });

  it('reports a full quota and a missing storage in words', () => {
    const mem = memoryStorage();
    mem.full = true;
    expect(new PlaygroundStorage(mem, 'a').write('session', {})).toBe('the browser storage for this site is full');
    expect(new PlaygroundStorage(undefined, 'a').write('session', {})).toMatch(/no local storage/);
    expect(new PlaygroundStorage(undefined, 'a').read('session')).toBeUndefined();
  });
});
