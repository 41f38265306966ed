/**
 * The engine facts a batch carries are a courtesy to the picture: when the query fails, the batch
 * and the request's reply still go out, without facts (the page then asks, and keeps its last).
 */
import { describe, expect, it, vi } from 'vitest';
import { EngineHost } from '../../../src/ui/worker/host.js';
import type { WorkerMessage } from '../../../src/ui/worker/protocol.js';
import { emptyLog } from '../../../src/ui/worker/session-log.js';
import { manualTicker } from './in-process.js';

vi.mock('../../../src/ui/worker/queries/picture-facts.js', () => ({
  pictureFactsQuery: () => {
    throw new Error('the facts query failed');
  },
}));

describe('EngineHost when the facts query fails', () => {
  it('posts the batch without facts, then the reply', () => {
    const posted: WorkerMessage[] = [];
    const host = new EngineHost({ ticker: manualTicker(), post: (m) => posted.push(m) });
    host.handle({ id: 1, type: 'load', log: emptyLog() });
    expect(posted.map((m) => m.type)).toEqual(['batch', 'timeline', 'results']);
    posted.length = 0;
    host.handle({ id: 2, type: 'run', text: 'sim node add node-1', files: {}, source: 'terminal' });
    expect(posted.map((m) => m.type)).toEqual(['batch', 'timeline', 'results']);
    const batch = posted[0]!.type === 'batch' ? posted[0]!.batch : undefined;
    expect(batch?.facts).toBeUndefined();
    expect(batch?.entries.flatMap((e) => e.diff.added).some((o) => o.kind === 'Node' && o.metadata.name === 'node-1')).toBe(true);
    expect(posted[2]).toMatchObject({ id: 2, type: 'results', results: [{ exitCode: 0 }] });
  });
});
