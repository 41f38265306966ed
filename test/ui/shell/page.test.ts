import { describe, expect, it } from 'vitest';
import { pageKind, playgroundId, playgroundUrl } from '../../../src/ui/shell/page.js';

describe('the page a document is', () => {
  it('is the kind its data-page names, the playground when it names none it knows', () => {
    expect(pageKind('landing')).toBe('landing');
    expect(pageKind('workshop-results')).toBe('workshop-results');
    expect(pageKind(undefined)).toBe('playground');
    expect(pageKind('nonsense')).toBe('playground');
  });

  it('keeps the playground’s storage id whatever its path, so saved work is found after the move', () => {
    expect(playgroundId({ kind: 'playground', root: '../' })).toBe('main');
    expect(playgroundId({ kind: 'lesson', root: '../../', lesson: 'W1' })).toBe('lesson-W1');
    expect(playgroundUrl('../../')).toBe('../../playground/');
  });
});
