/**
 * What a verb gets: the cluster, a client that records its writes as coming from kubectl (or
 * `sim`), the stdin of the command (heredoc or `-f -`), and the parsed words after the verb.
 */
import type { Cluster } from '../sim/engine/cluster.js';
import type { ControllerClient } from '../sim/engine/client.js';
import type { FieldDocs } from './explain/field-docs.js';
import type { ExecResult } from './result.js';
import type { Timeline } from './timeline/timeline.js';

export interface VerbContext {
  readonly cluster: Cluster;
  /** Writes through this client are recorded in the trace as intents of `kubectl` / `sim`. */
  readonly client: ControllerClient;
  /** Standard input of the command, if any. */
  readonly stdin?: string;
  /** The whole command line, for trace causes and `kubernetes.io/change-cause`. */
  readonly line: string;
  /** Reads a file named by `-f NAME`; undefined when there is none. Injected by the host. */
  readonly readFile?: ((path: string) => string | undefined) | undefined;
  /** The session's timeline, when the host keeps one (`sim checkpoint`, `sim rewind`). */
  readonly timeline?: Timeline;
  /** The upstream field descriptions for `kubectl explain`. Injected by the host. */
  readonly fieldDocs?: (() => FieldDocs | undefined) | undefined;
  /**
   * Writes one of kubectl's klog lines (format/klog.ts) to standard error ahead of the command's
   * own output, as klog writes at once while kubectl is still reading its flags. Absent where no
   * one reads stderr (the editor's dry runs of an apply).
   */
  readonly klog?: (line: string) => void;
}

/** A verb: `kubectl get`, `sim node`, ... `argv` holds the words after the verb. */
export type Verb = (ctx: VerbContext, argv: readonly string[]) => ExecResult;
