/**
 * The "all verbs" entry: every part at once, for the hosts that have no reason to wait (the CLI,
 * the bench, the tests). `registerAllParts()` makes `exec` know every verb and the help pages.
 */
import { VERBS, type VerbRegistry } from '../verb-registry.js';
import { HELP_PART } from './help.js';
import { INSPECT_PART } from './inspect.js';
import { KUBECTL_PART } from './kubectl.js';
import type { VerbPart } from './part.js';
import { WHY_PART } from './why.js';

export const ALL_PARTS: readonly VerbPart[] = [KUBECTL_PART, INSPECT_PART, HELP_PART, WHY_PART];

/** Registers every part in `registry` (the one `exec` reads by default). */
export function registerAllParts(registry: VerbRegistry = VERBS): void {
  for (const part of ALL_PARTS) registry.register(part);
}
