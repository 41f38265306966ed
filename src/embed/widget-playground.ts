/**
 * A Playground that tells its widget what happened, as the element's DOM events: `applied` after
 * a `kubectl apply` succeeded (from the API, the editor, the terminal or the toolbox alike: they
 * all run through `run`), and `pod-changed` after each batch from the worker that added, changed
 * or removed a pod, and `check-passed` the moment a lesson check turns green (`check-passed.ts`).
 * Its work is kept in memory for the page's life only (`page-memory.ts`).
 */
import type { CommandResult } from '../kubectl/session.js';
import { splitPipeline } from '../kubectl/shell-words.js';
import type { DiffBatch } from '../ui/worker/protocol.js';
import { Playground, type RunOptions, type RunOutcome } from '../ui/playground/playground.svelte.js';
import type { EnginePort } from '../ui/worker/client.js';
import type { LessonMessage } from '../ui/worker/lesson-protocol.js';
import { checkPassedDetail, checksTurnedGreen } from './check-passed.js';
import type { WidgetEventName } from './messages.js';
import { pageMemory } from '../ui/page-memory.js';

export type Emit = (name: WidgetEventName, detail: unknown) => void;

/** The pods a batch touched, as `namespace/name` (a reset counts every pod now there). */
export function podsChanged(b: DiffBatch): string[] {
  const names = new Set<string>();
  const add = (o: { kind: string; metadata: { name?: string; namespace?: string } }) => {
    if (o.kind === 'Pod') names.add(`${o.metadata.namespace ?? 'default'}/${o.metadata.name ?? ''}`);
  };
  b.reset?.forEach(add);
  for (const e of b.entries) {
    e.diff.added.forEach(add);
    e.diff.removed.forEach(add);
    for (const [, now] of e.diff.updated) add(now);
  }
  return [...names];
}

/** The results of the lines that succeeded and ran `kubectl apply`, at their start or after a pipe (`cat <<EOF | kubectl apply -f -`). */
export function appliedResults(results: readonly CommandResult[]): CommandResult[] {
  return results.filter((r) => {
    if (r.exitCode !== 0) return false;
    const pipeline = splitPipeline(r.command);
    return !('error' in pipeline) && pipeline.stages.some((s) => s.words[0] === 'kubectl' && s.words[1] === 'apply');
  });
}

export class WidgetPlayground extends Playground {
  private readonly stopBatches: () => void;

  constructor(id: string, port: EnginePort, private readonly emit: Emit) {
    super(id, port, { storage: pageMemory() });
    this.stopBatches = this.cluster.onBatch((b) => {
      const pods = podsChanged(b);
      if (pods.length > 0) emit('pod-changed', { pods });
    });
  }

  override async run(text: string, opts: RunOptions = {}): Promise<RunOutcome> {
    const outcome = await super.run(text, opts);
    if (Array.isArray(outcome)) {
      const applied = appliedResults(outcome);
      if (applied.length > 0) this.emit('applied', { results: applied });
    }
    return outcome;
  }

  protected override onLesson(view: LessonMessage | undefined): void {
    const green = checksTurnedGreen(this.lesson, view);
    super.onLesson(view);
    // The batch the view belongs to came first: the cluster's clock is the moment it passed.
    for (const c of green) this.emit('check-passed', checkPassedDetail(view!.progress.lesson, c, this.cluster.now));
  }

  override close(): void {
    this.stopBatches();
    super.close();
  }
}
