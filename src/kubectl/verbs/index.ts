/**
 * Every kubectl verb the playground supports, by the name typed after `kubectl`: the verbs of the
 * parts that hold them (parts/part.ts), all at once. `exec` reads the verbs registered so far
 * (verb-registry.ts); this table is for those who ask what exists (completion, the help tests).
 */
import type { Verb } from '../context.js';
import { INSPECT_PART } from '../parts/inspect.js';
import { KUBECTL_PART } from '../parts/kubectl.js';

export const KUBECTL_VERBS: Readonly<Record<string, Verb>> = { ...KUBECTL_PART.kubectl, ...INSPECT_PART.kubectl };
