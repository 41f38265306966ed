import { describe, expect, it } from 'vitest';
import { WorkshopStore, withPasses, type WorkshopRecord } from '../../../src/ui/workshop/record.js';
import { memoryStorage } from '../memory-storage.js';

const at = (wall: number, virtual = 0, solved = false) => ({ wall, virtual, solved });

describe('workshop record', () => {
  it('starts the time box once and keeps it across reloads', () => {
    const storage = memoryStorage();
    expect(new WorkshopStore(storage, 'W1@').begin(1000).startedAt).toBe(1000);
    expect(new WorkshopStore(storage, 'W1@').begin(5000).startedAt).toBe(1000);
    expect(new WorkshopStore(storage, 'W1@90').begin(5000).startedAt).toBe(5000);
    expect([...storage.items.keys()]).toEqual(['everynode:workshop:W1@:record', 'everynode:workshop:W1@90:record']);
  });

  it('stamps each check the first time it passes, and keeps that time', () => {
    const r0: WorkshopRecord = { startedAt: 0, exercises: {} };
    const r1 = withPasses(r0, 'W1', [{ id: 'a', passed: false }, { id: 'b', passed: true }], at(10, 5));
    expect(r1.exercises.W1).toEqual({ checks: ['a', 'b'], passed: { b: at(10, 5) } });
    const r2 = withPasses(r1, 'W1', [{ id: 'a', passed: true }, { id: 'b', passed: false }], at(20, 9, true));
    expect(r2.exercises.W1!.passed).toEqual({ a: at(20, 9, true), b: at(10, 5) });
    expect(withPasses(r2, 'W1', [{ id: 'a', passed: true }, { id: 'b', passed: true }], at(30))).toBe(r2);
  });

  it('writes only what changed, and says when saving failed', () => {
    const storage = memoryStorage();
    const store = new WorkshopStore(storage, 'k');
    expect(store.observe('W1', [{ id: 'a', passed: true }], at(10))).toBeUndefined();
    expect(store.read()!.exercises.W1!.passed.a!.wall).toBe(10);
    storage.full = true;
    expect(store.observe('W1', [{ id: 'a', passed: true }], at(20))).toBeUndefined();
    expect(store.observe('W1', [{ id: 'a', passed: true }, { id: 'b', passed: true }], at(20))).toBe('the browser storage for this site is full');
  });

  it('ignores a stored value of another shape', () => {
    const storage = memoryStorage();
    storage.setItem('everynode:workshop:k:record', JSON.stringify({ v: 1, data: { startedAt: 'soon' } }));
    expect(new WorkshopStore(storage, 'k').read()).toBeUndefined();
  });
});
