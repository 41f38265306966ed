/**
 * What the editor needs from its Playground (the page's contract, `src/ui/playground/`): an id for
 * its model URIs, the files the worker's `-f NAME` reads (the playground may replace the whole
 * object when it loads a session: the editor then reopens its tabs from it), logged commands,
 * unlogged queries, and a signal when the cluster changed (the file's check may have a new
 * answer: an object now exists, so its selector is immutable).
 */
import type { CommandResult } from '../../kubectl/session.js';

export type RunResult = readonly CommandResult[] | { readonly error: string; readonly line: number };

export interface EditorHost {
  readonly id: string;
  files: Record<string, string>;
  run(text: string, opts?: { files?: Readonly<Record<string, string>>; source?: 'editor' }): Promise<RunResult>;
  query<T>(type: string, args: unknown): Promise<T>;
  /** `loaded` resolves once the worker posted its first batch (the session is loaded). */
  readonly cluster: { onBatch(fn: () => void): () => void; readonly loaded: Promise<void> };
  /** The files changed (the playground saves them a moment later), when it keeps them. */
  changed?(): void;
}

/** The worker query that checks a file: `diagnoseApply` on the live cluster, never logged. */
export const VALIDATE_QUERY = 'validate';

export interface ValidateArgs {
  readonly name: string;
  readonly text: string;
}
