/** What a Tab with several candidates inserts: the prefix they all share. */
import { describe, expect, it } from 'vitest';
import { commonPrefix } from '../../../src/ui/terminal/common-prefix.js';

describe('commonPrefix', () => {
  it('finds the common prefix of several candidates', () => {
    expect(commonPrefix(['node-1', 'node-2'])).toBe('node-');
    expect(commonPrefix(['a'])).toBe('a');
    expect(commonPrefix([])).toBe('');
  });
});
