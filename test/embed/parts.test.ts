import { describe, expect, it } from 'vitest';
import { DEFAULTS } from '../../src/embed/attributes.js';
import { partsOf, withLesson } from '../../src/embed/parts.js';

describe('partsOf', () => {
  it('shows every column, the toolbox and the time bar by default', () => {
    expect(partsOf(DEFAULTS)).toEqual({ panels: ['picture', 'editor', 'terminal', 'lesson'], toolbox: true, timebar: true });
  });

  it('shows one column for each single view', () => {
    expect(partsOf({ ...DEFAULTS, view: 'cluster' }).panels).toEqual(['picture']);
    expect(partsOf({ ...DEFAULTS, view: 'editor' }).panels).toEqual(['editor']);
    expect(partsOf({ ...DEFAULTS, view: 'terminal' }).panels).toEqual(['terminal']);
  });

  it('leaves the picture and time controls only when readonly, saying so when view asked for more', () => {
    const parts = partsOf({ ...DEFAULTS, view: 'terminal', readonly: true, controls: 'time' });
    expect(parts.panels).toEqual(['picture']);
    expect(parts.toolbox).toBe(false);
    expect(parts.timebar).toBe(true);
    expect(parts.note).toMatch(/readonly.*view="terminal"/);
    expect(partsOf({ ...DEFAULTS, readonly: true, controls: 'full' }).toolbox).toBe(false);
  });

  it('drops the time bar for controls="none" and the toolbox for controls="time"', () => {
    expect(partsOf({ ...DEFAULTS, controls: 'none' })).toMatchObject({ toolbox: false, timebar: false });
    expect(partsOf({ ...DEFAULTS, controls: 'time' })).toMatchObject({ toolbox: false, timebar: true });
  });
});

describe('withLesson', () => {
  it('puts the lesson column first beside the columns asked for, once', () => {
    expect(withLesson(['picture'])).toEqual(['lesson', 'picture']);
    expect(withLesson(partsOf(DEFAULTS).panels)).toEqual(['picture', 'editor', 'terminal', 'lesson']);
  });
});
