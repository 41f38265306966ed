/**
 * Reading every check of a run at one moment: stateless kinds from the cluster, invariants from
 * their tracker, `statusEquals ... at: end-of-step:<id>` from the verdict captured when that
 * step ended. Predictions are not graded and are not here.
 */
import { CHECK_KINDS } from './checks/index.js';
import { compareStatus } from './checks/status-equals.js';
import type { CheckContext, CheckOutcome, GradedCheck } from './checks/types.js';
import { notYet } from './checks/types.js';
import type { InvariantTracker } from './run-invariants.js';

export class CheckBoard {
  /** Verdicts of `at: end-of-step` checks, captured when their step ended. */
  private readonly captured = new Map<string, CheckOutcome>();

  constructor(
    private readonly checks: readonly GradedCheck[],
    private readonly invariants: InvariantTracker,
  ) {}

  /** The step ended: compare the `at: end-of-step:<step>` checks now, once. */
  stepEnded(step: string, ctx: CheckContext): void {
    for (const c of this.checks) {
      if (c.kind === 'statusEquals' && c.atEndOf === step && !this.captured.has(c.id)) this.captured.set(c.id, compareStatus(c, ctx));
    }
  }

  outcome(check: GradedCheck, ctx: CheckContext): CheckOutcome {
    if (check.kind === 'invariant') return this.invariants.outcome(check.id);
    if (check.kind === 'statusEquals' && check.atEndOf !== undefined) {
      return this.captured.get(check.id) ?? notYet(`compared when step "${check.atEndOf}" ends`);
    }
    const kind = CHECK_KINDS.get(check.kind)!;
    return kind.evaluate!(check as never, ctx);
  }

  /** Every check's outcome, by id, in lesson.yaml order. */
  all(ctx: CheckContext): Map<string, CheckOutcome> {
    return new Map(this.checks.map((c) => [c.id, this.outcome(c, ctx)]));
  }
}
