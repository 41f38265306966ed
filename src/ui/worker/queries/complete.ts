/**
 * `complete`: Tab completion at the terminal prompt, answered in the worker where the verb and
 * flag tables and the cluster's names already are (the page bundle stays free of the engine).
 */
import { complete, type Completion } from '../../terminal/complete.js';
import type { EngineSession } from '../session.js';

export interface CompleteArgs {
  readonly text: string;
  readonly caret: number;
  /** The editor's file names, for `-f NAME`, `cat NAME` and `> NAME`. */
  readonly files?: readonly string[];
}

export function completeQuery(session: EngineSession, args: unknown): Completion {
  const { text, caret, files = [] } = args as CompleteArgs;
  if (typeof text !== 'string' || !Number.isInteger(caret) || caret < 0 || caret > text.length) {
    throw new Error('complete needs { text, caret } with the caret inside the text');
  }
  if (!Array.isArray(files) || !files.every((f) => typeof f === 'string')) throw new Error('complete: files must be a list of file names');
  const store = session.cluster.store;
  return complete(text, caret, { names: (kind) => store.list(kind).map((o) => o.metadata.name), files: () => files });
}
