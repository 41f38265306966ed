/**
 * The parts of the command language a host may load after the start, each a chunk of its own in
 * the page's engine worker (src/ui/worker/on-demand.ts): what a first picture of a cluster never
 * needs. The `sim` verbs that build and move a cluster are there from the start
 * (sim/index.ts, `SIM_START_VERBS`); everything else belongs to one part:
 *
 *   kubectl   the everyday kubectl verbs (apply, get, delete, rollout, run, ...) with the YAML library
 *   inspect   the verbs a learner reaches for less often (describe, diff, explain, logs, ...)
 *   help      the help pages (`--help`, `help`, `kubectl VERB -h`)
 *   why       `sim why` and its report
 *
 * `PART_OF_VERB` says, without loading anything, which part registers each verb; the "all" entry
 * (parts/all.ts) holds every part, and a test checks the two agree.
 */
import type { Verb } from '../context.js';
import type { ExecResult } from '../result.js';

export type PartName = 'kubectl' | 'inspect' | 'help' | 'why';

/** The help a line asks for (help/dispatch.ts `helpFor`), or undefined when it asks for none. */
export type HelpFor = (program: string, words: readonly string[]) => ExecResult | undefined;

/** What one part adds: verbs by program, and the help pages. */
export interface VerbPart {
  readonly name: PartName;
  readonly kubectl?: Readonly<Record<string, Verb>>;
  readonly sim?: Readonly<Record<string, Verb>>;
  readonly help?: HelpFor;
}

/** The programs whose verbs the parts hold. */
export type Program = 'kubectl' | 'sim';

const KUBECTL: PartName = 'kubectl';
const INSPECT: PartName = 'inspect';

/** The part that registers each verb not there from the start, by program and verb. */
export const PART_OF_VERB: Readonly<Record<Program, Readonly<Record<string, PartName>>>> = {
  kubectl: {
    annotate: KUBECTL,
    apply: KUBECTL,
    cordon: KUBECTL,
    create: KUBECTL,
    delete: KUBECTL,
    get: KUBECTL,
    label: KUBECTL,
    patch: KUBECTL,
    replace: KUBECTL,
    rollout: KUBECTL,
    run: KUBECTL,
    scale: KUBECTL,
    set: KUBECTL,
    taint: KUBECTL,
    uncordon: KUBECTL,
    'api-resources': INSPECT,
    describe: INSPECT,
    diff: INSPECT,
    drain: INSPECT,
    events: INSPECT,
    explain: INSPECT,
    logs: INSPECT,
    version: INSPECT,
    wait: INSPECT,
  },
  sim: { why: 'why' },
};
