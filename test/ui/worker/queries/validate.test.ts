/**
 * The `validate` query: the editor's check of a file against the worker's live cluster, answered
 * without a batch (nothing changed) and without a line in the session log.
 */
import { describe, expect, it } from 'vitest';
import { EngineHost } from '../../../../src/ui/worker/host.js';
import type { Reply, WorkerMessage } from '../../../../src/ui/worker/protocol.js';
import { emptyLog } from '../../../../src/ui/worker/session-log.js';
import { DS_YAML } from '../../../kubectl/verbs/mutating-fixture.js';
import { manualTicker, ON_DEMAND_QUERIES } from '../in-process.js';

function host() {
  const posted: WorkerMessage[] = [];
  const h = new EngineHost({ ticker: manualTicker(), post: (m) => posted.push(m), loadedQueries: () => ON_DEMAND_QUERIES });
  h.handle({ id: 1, type: 'load', log: emptyLog() });
  posted.length = 0;
  return { h, posted };
}

describe('validate query', () => {
  it('answers with kubectl apply findings on their lines, streams nothing and logs nothing', () => {
    const { h, posted } = host();
    const text = DS_YAML.replace('spec:\n  selector', 'spec:\n  replicas: 3\n  selector');
    h.handle({ id: 2, type: 'query', query: 'validate', args: { name: 'ds.yaml', text } });
    expect(posted).toEqual([
      { id: 2, type: 'answer', value: [{ severity: 'error', message: 'unknown field "spec.replicas"', path: 'spec.replicas', line: 6, column: 3, endLine: 6, endColumn: 11 }] },
    ]);
    h.handle({ id: 3, type: 'query', query: 'log', args: undefined });
    expect((posted.at(-1) as Reply & { value: { commands: unknown[] } }).value.commands).toEqual([]);
  });

  it('refuses arguments that are not a name and a text', () => {
    const { h, posted } = host();
    h.handle({ id: 2, type: 'query', query: 'validate', args: { name: 'ds.yaml' } });
    expect(posted).toEqual([{ id: 2, type: 'failed', message: 'validate: expected { name, text } strings' }]);
  });
});
