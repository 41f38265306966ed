/** `sim why` and its report: a part of its own (parts/part.ts). */
import { why } from '../sim/why.js';
import type { VerbPart } from './part.js';

export const WHY_PART: VerbPart = { name: 'why', sim: { why } };
