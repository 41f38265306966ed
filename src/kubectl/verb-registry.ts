/**
 * The verbs `exec` can run now: the sim verbs of the start, and each part (parts/part.ts) once a
 * host has registered it. The page's engine worker registers a part when it has loaded its chunk,
 * before it runs the line that needs it; the CLI, the bench and the tests register every part at
 * once (parts/all.ts). Registering only ever adds code: a line's output never depends on when its
 * part came, only on whether it is there (if not, `exec` says so and changes nothing).
 */
import type { Verb } from './context.js';
import { PART_OF_VERB, type HelpFor, type PartName, type Program, type VerbPart } from './parts/part.js';
import { SIM_START_VERBS } from './sim/start.js';

export class VerbRegistry {
  private readonly verbs: Record<Program, Record<string, Verb>> = { kubectl: {}, sim: { ...SIM_START_VERBS } };
  private readonly parts = new Set<PartName>();
  private helpFor: HelpFor | undefined;

  register(part: VerbPart): void {
    Object.assign(this.verbs.kubectl, part.kubectl);
    Object.assign(this.verbs.sim, part.sim);
    this.helpFor ??= part.help;
    this.parts.add(part.name);
  }

  has(part: PartName): boolean {
    return this.parts.has(part);
  }

  /** The verb `name` of `program`, if its part is registered. */
  verb(program: Program, name: string): Verb | undefined {
    const table = this.verbs[program];
    return Object.hasOwn(table, name) ? table[name] : undefined;
  }

  /** The help pages, once the help part is registered. */
  get help(): HelpFor | undefined {
    return this.helpFor;
  }
}

/** Every verb name of `program`, loaded or not (for "Did you mean this?"). */
export function verbNames(program: Program): string[] {
  return [...(program === 'sim' ? Object.keys(SIM_START_VERBS) : []), ...Object.keys(PART_OF_VERB[program])];
}

/** The registry `exec` reads unless its options name another: one per JavaScript realm (one per worker). */
export const VERBS = new VerbRegistry();
