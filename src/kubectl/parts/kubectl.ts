/** The everyday kubectl verbs: a part of its own (parts/part.ts), loaded at the first of them. */
import { annotate } from '../verbs/annotate.js';
import { apply } from '../verbs/apply.js';
import { cordon, uncordon } from '../verbs/cordon.js';
import { create } from '../verbs/create.js';
import { del } from '../verbs/delete.js';
import { get } from '../verbs/get.js';
import { label } from '../verbs/label.js';
import { patch } from '../verbs/patch.js';
import { replace } from '../verbs/replace.js';
import { rollout } from '../verbs/rollout.js';
import { run } from '../verbs/run.js';
import { scale } from '../verbs/scale.js';
import { set } from '../verbs/set.js';
import { taint } from '../verbs/taint.js';
import type { VerbPart } from './part.js';

export const KUBECTL_PART: VerbPart = {
  name: 'kubectl',
  kubectl: { annotate, apply, cordon, create, delete: del, get, label, patch, replace, rollout, run, scale, set, taint, uncordon },
};
