/**
 * Messages between the page and the engine worker. The cluster lives in the worker so a big
 * cluster never blocks the page; the page only sends command text and receives results.
 */
import type { CommandResult } from '../../kubectl/session.js';

export type Request =
  | { readonly id: number; readonly type: 'script'; readonly text: string }
  | { readonly id: number; readonly type: 'reset'; readonly seed: number };

export type Response =
  | { readonly id: number; readonly type: 'results'; readonly results: readonly CommandResult[] }
  | { readonly id: number; readonly type: 'error'; readonly message: string; readonly line?: number };
