/**
 * One playground: an engine worker, the page's mirror of its cluster, the terminal transcript, the
 * editor files and the selection the views share. A page may hold several (a docs widget puts
 * more than one on a page): nothing here is a module singleton, and `id` keeps their storage keys
 * and Monaco model URIs apart.
 */
import type { CommandResult } from '../../kubectl/session.js';
import { splitArgs } from '../../kubectl/script.js';
import { CommandHistory } from '../terminal/history.svelte.js';
import { Transcript } from '../terminal/transcript.svelte.js';
import { EngineClient, type EnginePort } from '../worker/client.js';
import type { CommandSource, Reply } from '../worker/protocol.js';
import { emptyLog, type SessionLog } from '../worker/session-log.js';
import { LiveCluster } from './live-cluster.svelte.js';

export interface Selection {
  readonly kind: 'Node' | 'Pod';
  readonly name: string;
  readonly namespace?: string;
}

export interface RunOptions {
  /** Editor files for `-f NAME` (the playground's own `files` when absent). */
  readonly files?: Readonly<Record<string, string>>;
  readonly source?: CommandSource;
}

export type RunOutcome = readonly CommandResult[] | { readonly error: string; readonly line: number };

export class Playground {
  readonly cluster = new LiveCluster();
  readonly terminal = new Transcript();
  readonly history = new CommandHistory();
  /** Editor files the worker's `-f NAME` hook reads; kept current by the editor. */
  files = $state<Record<string, string>>({});
  selection = $state<Selection | undefined>();
  /** What failed in the engine, shown with a "copy report" button; undefined while all is well. */
  failure = $state<string | undefined>();
  /** Commands sent and not yet answered. */
  pending = $state(0);
  private readonly engine: EngineClient;

  /**
   * @param id unique per instance on a page and stable across reloads (storage keys, model URIs).
   * @param port a fresh engine worker (`spawnEngine()`), or an in-process host in tests.
   */
  constructor(
    readonly id: string,
    port: EnginePort,
  ) {
    this.engine = new EngineClient(
      port,
      (b) => this.cluster.apply(b),
      (message) => (this.failure = message),
    );
  }

  /** Replaces the cluster with `log` replayed into a fresh one (an empty cluster by default). */
  async load(log: SessionLog = emptyLog()): Promise<void> {
    const r = await this.engine.request({ type: 'load', log });
    if (r.type === 'failed') throw new Error(r.message);
  }

  /** Runs script text in the worker as logged commands; the terminal echoes them. */
  async run(text: string, opts: RunOptions = {}): Promise<RunOutcome> {
    const source = opts.source ?? 'terminal';
    this.pending += 1;
    let r: Reply;
    try {
      r = await this.engine.request({ type: 'run', text, files: $state.snapshot(opts.files ?? this.files), source });
    } finally {
      this.pending -= 1;
    }
    if (r.type === 'results') {
      this.terminal.show(r.results, source);
      this.followWhy(r.results);
      return r.results;
    }
    const error = r.type === 'script-error' ? r.error : { error: r.type === 'failed' ? r.message : 'unexpected reply', line: 0 };
    if (r.type === 'failed') this.failure = r.message;
    this.terminal.showError(text, error, source);
    return error;
  }

  /** An unlogged, read-only question to the worker (validate, why, log, ...). */
  async query<T>(type: string, args?: unknown): Promise<T> {
    const r = await this.engine.request({ type: 'query', query: type, args });
    if (r.type === 'answer') return r.value as T;
    throw new Error(r.type === 'failed' ? r.message : `query ${type}: unexpected reply`);
  }

  /** Stops the worker (the playground is gone from the page). */
  close(): void {
    this.engine.close();
  }

  /** `sim why NODE` that succeeded selects that node, so every view shows the same one. */
  private followWhy(results: readonly CommandResult[]): void {
    for (const r of results) {
      if (r.exitCode !== 0) continue;
      const words = splitArgs(r.command);
      if (!Array.isArray(words) || words[0] !== 'sim' || words[1] !== 'why') continue;
      const node = words.slice(2).find((w) => !w.startsWith('-'));
      if (node) this.selection = { kind: 'Node', name: node };
    }
  }
}
