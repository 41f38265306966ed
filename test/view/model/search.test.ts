import { describe, expect, it } from 'vitest';
import { matchNodes } from '../../../src/view/model/search.js';
import { Stream } from '../stream.js';

describe('matchNodes', () => {
  it('matches names, exact labels and label text', () => {
    const s = new Stream().run('sim node add web-1 --labels pool=blue\nsim node add web-2 --labels pool=green\nsim node add db-1 --labels pool=blue');
    const nodes = s.cluster.store.list('Node');
    expect([...matchNodes(nodes, 'web')].sort()).toEqual(['web-1', 'web-2']);
    expect([...matchNodes(nodes, 'pool=blue')].sort()).toEqual(['db-1', 'web-1']);
    expect([...matchNodes(nodes, 'GREEN')]).toEqual(['web-2']);
    expect(matchNodes(nodes, '  ').size).toBe(0);
  });
});
