/** The kubectl verbs a learner reaches for less often, with their printers: a part of its own (parts/part.ts). */
import { apiResources } from '../verbs/api-resources.js';
import { describe } from '../verbs/describe.js';
import { diff } from '../verbs/diff.js';
import { drain } from '../verbs/drain.js';
import { events } from '../verbs/events.js';
import { explain } from '../verbs/explain.js';
import { logs } from '../verbs/logs.js';
import { version } from '../verbs/version.js';
import { wait } from '../verbs/wait.js';
import type { VerbPart } from './part.js';

export const INSPECT_PART: VerbPart = {
  name: 'inspect',
  kubectl: { 'api-resources': apiResources, describe, diff, drain, events, explain, logs, version, wait },
};
