import { describe, expect, it } from 'vitest';
import { MAX_HEIGHT, parseHeightMessage } from '../../src/embed/height-message.js';

describe('parseHeightMessage', () => {
  it('accepts a height, rounded up to whole pixels', () => {
    expect(parseHeightMessage({ everynode: 1, type: 'height', height: 312.4 })).toEqual({ everynode: 1, type: 'height', height: 313 });
  });

  it('rejects anything else', () => {
    for (const data of [
      null,
      [],
      'height',
      { everynode: 1, type: 'height' },
      { everynode: 1, type: 'height', height: '300' },
      { everynode: 1, type: 'height', height: -1 },
      { everynode: 1, type: 'height', height: Number.NaN },
      { everynode: 1, type: 'height', height: Number.POSITIVE_INFINITY },
      { everynode: 1, type: 'height', height: MAX_HEIGHT + 1 },
      { everynode: 2, type: 'height', height: 300 },
      { everynode: 1, type: 'size', height: 300 },
      { everynode: 1, type: 'height', height: 300, style: 'display:none' },
    ]) {
      expect(parseHeightMessage(data), JSON.stringify(data)).toBeUndefined();
    }
  });
});
