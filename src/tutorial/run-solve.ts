/**
 * What Solve does, as a queue the page can take one action at a time (and animate between):
 * for every step in order, the step's `solution` commands, then its `run` commands, then the
 * mark a learner's button would leave (`ran` after a run, `next` for a step with neither checks
 * nor a run). Steps with checks finish by themselves once the commands make them pass.
 */
import type { ScriptCommand } from '../kubectl/script.js';
import type { Step } from './model.js';

export interface SolveAction {
  readonly step: string;
  /** A command to run, or... */
  readonly command?: ScriptCommand;
  /** ...the mark a button press leaves. */
  readonly mark?: 'ran' | 'next';
  /** The command is part of the step's run (progress is read after the whole run). */
  readonly inRun: boolean;
}

export class SolveQueue {
  private readonly actions: SolveAction[] = [];
  private at = 0;

  constructor(steps: readonly Step[]) {
    for (const s of steps) {
      for (const command of s.solution?.commands ?? []) this.actions.push({ step: s.id, command, inRun: false });
      for (const command of s.run?.commands ?? []) this.actions.push({ step: s.id, command, inRun: true });
      if (s.run) this.actions.push({ step: s.id, mark: 'ran', inRun: false });
      else if (s.checks.length === 0) this.actions.push({ step: s.id, mark: 'next', inRun: false });
    }
  }

  take(): SolveAction | undefined {
    return this.actions[this.at++];
  }
}
