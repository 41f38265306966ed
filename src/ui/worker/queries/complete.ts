/**
 * `complete`: Tab completion at the terminal prompt, answered in the worker where the verb and
 * flag tables and the cluster's names already are (the page bundle stays free of the engine).
 */
import { complete, type Completion } from '../../terminal/complete.js';
import type { EngineSession } from '../session.js';

export interface CompleteArgs {
  readonly text: string;
  readonly caret: number;
}

export function completeQuery(session: EngineSession, args: unknown): Completion {
  const { text, caret } = args as CompleteArgs;
  if (typeof text !== 'string' || !Number.isInteger(caret) || caret < 0 || caret > text.length) {
    throw new Error('complete needs { text, caret } with the caret inside the text');
  }
  const store = session.cluster.store;
  return complete(text, caret, { names: (kind) => store.list(kind).map((o) => o.metadata.name) });
}
