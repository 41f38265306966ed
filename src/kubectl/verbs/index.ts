/** Every kubectl verb the playground supports, by the name typed after `kubectl`. */
import type { Verb } from '../context.js';
import { annotate } from './annotate.js';
import { apiResources } from './api-resources.js';
import { apply } from './apply.js';
import { cordon, uncordon } from './cordon.js';
import { create } from './create.js';
import { del } from './delete.js';
import { describe } from './describe.js';
import { diff } from './diff.js';
import { drain } from './drain.js';
import { events } from './events.js';
import { explain } from './explain.js';
import { get } from './get.js';
import { label } from './label.js';
import { logs } from './logs.js';
import { patch } from './patch.js';
import { replace } from './replace.js';
import { rollout } from './rollout.js';
import { scale } from './scale.js';
import { set } from './set.js';
import { taint } from './taint.js';
import { version } from './version.js';
import { wait } from './wait.js';

export const KUBECTL_VERBS: Readonly<Record<string, Verb>> = {
  annotate,
  'api-resources': apiResources,
  apply,
  cordon,
  create,
  delete: del,
  describe,
  diff,
  drain,
  events,
  explain,
  get,
  label,
  logs,
  patch,
  replace,
  rollout,
  scale,
  set,
  taint,
  uncordon,
  version,
  wait,
};
