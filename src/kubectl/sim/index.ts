/**
 * Every `sim` verb: the things a real cluster cannot be asked to do. Those of the start
 * (start.ts) and those of the parts loaded later (parts/part.ts), all at once; `exec` reads the
 * verbs registered so far (verb-registry.ts).
 */
import type { Verb } from '../context.js';
import { WHY_PART } from '../parts/why.js';
import { SIM_START_VERBS } from './start.js';

export { SESSION_VERBS } from './start.js';

export const SIM_VERBS: Readonly<Record<string, Verb>> = { ...SIM_START_VERBS, ...WHY_PART.sim };
