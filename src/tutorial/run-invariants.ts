/**
 * Invariants, evaluated as the run proceeds. The run opens a window (whole-lesson after the
 * setup; a step's windows when it becomes the current step) and closes it (the step is done,
 * or the named rollout completed). While a window is open, every recorded state is evaluated:
 * the state when it opens and the state after every engine pass that changed something other
 * than Events (`cluster.subscribe`). Nothing is read back from the engine's bounded trace.
 *
 * Invariants:
 * - An `always` that was false once stays failed for this attempt (Reset starts a new one).
 * - A `sometimes` seen true once stays seen.
 * - Each open invariant is evaluated once per state; the states share one ExprState, so the
 *   pods a selector matches are found once per state however many invariants ask.
 */
import type { Cluster, TraceEntry } from '../sim/engine/cluster.js';
import { EPOCH_MS, formatDuration } from '../sim/engine/time.js';
import type { InvariantSpec } from './checks/invariant.js';
import { rolloutOutcome } from './checks/rollout-complete.js';
import { notYet, PASS, type CheckOutcome } from './checks/types.js';
import { evaluate, explain, ExprState } from './expr/evaluate.js';

interface Watch {
  readonly spec: InvariantSpec;
  phase: 'waiting' | 'open' | 'closed';
  violation?: string;
  seen: boolean;
  /** `until: rolloutComplete`: a state since the window opened had the rollout incomplete. */
  rolling: boolean;
}

export class InvariantTracker {
  private readonly watches: Watch[];
  private readonly unsubscribe: () => void;

  constructor(private readonly cluster: Cluster, specs: readonly InvariantSpec[]) {
    this.watches = specs.map((spec) => ({ spec, phase: 'waiting', seen: false, rolling: false }));
    this.unsubscribe = cluster.subscribe((e) => this.onEntry(e));
  }

  dispose(): void {
    this.unsubscribe();
  }

  /** Opens every window that starts here: `whole-lesson` (step undefined) or `step:<id>`. */
  open(step: string | undefined): void {
    const opening = this.watches.filter((w) => w.phase === 'waiting' && (step === undefined ? w.spec.window.kind === 'whole-lesson' : w.spec.window.kind === 'step' && w.spec.window.step === step));
    for (const w of opening) w.phase = 'open';
    if (opening.length > 0) this.record(opening);
  }

  /** Closes the windows that end with this step. */
  closeStep(step: string): void {
    for (const w of this.watches) {
      if (w.phase === 'open' && w.spec.window.kind === 'step' && w.spec.window.step === step && w.spec.window.until === 'step-end') w.phase = 'closed';
    }
  }

  outcome(id: string): CheckOutcome {
    const w = this.watches.find((x) => x.spec.id === id);
    if (!w) return notYet(`no invariant ${id}`);
    const win = w.spec.window;
    if (w.phase === 'waiting') return notYet(`it is watched from step "${win.kind === 'step' ? win.step : ''}" on`);
    if (w.violation) return notYet(w.violation);
    if (w.spec.sometimes && !w.seen) {
      return notYet(w.phase === 'closed' ? 'the moment it waits for never came while it was watched; Reset to try again' : 'the moment it waits for has not come yet');
    }
    return PASS;
  }

  private onEntry(e: TraceEntry): void {
    const open = this.watches.filter((w) => w.phase === 'open');
    if (open.length === 0 || !changesMoreThanEvents(e)) return;
    this.record(open);
  }

  private record(watches: readonly Watch[]): void {
    const state = new ExprState(this.cluster.store);
    for (const w of watches) {
      if (w.spec.always && !w.violation && evaluate(w.spec.always, state) !== true) {
        const values = explain(w.spec.always, state).join(', ');
        w.violation = `it broke at +${formatDuration(Math.floor((this.cluster.now - EPOCH_MS) / 1000) * 1000)}${values ? `, when ${values}` : ''}; Reset to try again`;
      }
      if (w.spec.sometimes && !w.seen && evaluate(w.spec.sometimes, state) === true) w.seen = true;
      const until = w.spec.window.kind === 'step' ? w.spec.window.until : 'step-end';
      if (until !== 'step-end') {
        const { name, namespace } = until.rolloutComplete;
        // The window lasts until the rollout that starts in it completes, not one already done.
        const complete = rolloutOutcome(name, this.cluster.store.get('DaemonSet', namespace, name)).passed;
        if (!complete) w.rolling = true;
        else if (w.rolling) w.phase = 'closed';
      }
    }
  }
}

function changesMoreThanEvents(e: TraceEntry): boolean {
  const d = e.diff;
  return d.added.some((o) => o.kind !== 'Event') || d.removed.some((o) => o.kind !== 'Event') || d.updated.some(([, o]) => o.kind !== 'Event');
}
