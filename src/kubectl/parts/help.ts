/** The help pages of kubectl and sim: a part of its own (parts/part.ts), loaded when a line may ask for help. */
import { helpFor } from '../help/dispatch.js';
import type { VerbPart } from './part.js';

export const HELP_PART: VerbPart = { name: 'help', help: helpFor };
