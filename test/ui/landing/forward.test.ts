import { describe, expect, it } from 'vitest';
import { shareForward } from '../../../src/ui/landing/forward.js';

describe('old share links to the root', () => {
  it('go on to the playground with the same hash', () => {
    expect(shareForward('#share=v1.abc_-', './')).toBe('./playground/#share=v1.abc_-');
  });

  it('leave the landing page alone otherwise', () => {
    expect(shareForward('', './')).toBeUndefined();
    expect(shareForward('#lessons', './')).toBeUndefined();
  });
});
