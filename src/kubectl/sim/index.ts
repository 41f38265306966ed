/** Every `sim` verb: the things a real cluster cannot be asked to do. */
import type { Verb } from '../context.js';
import { checkpoint, checkpoints } from './checkpoint.js';
import { advance, now, seed, settle } from './clock.js';
import { image } from './image.js';
import { node } from './node.js';
import { rewind } from './rewind.js';
import { step } from './step.js';
import { why } from './why.js';

export const SIM_VERBS: Readonly<Record<string, Verb>> = {
  node,
  image,
  advance,
  settle,
  step,
  now,
  seed,
  why,
  checkpoint,
  checkpoints,
  rewind,
};

/** The verbs that act on the session's timeline, not the cluster: never logged in it. */
export const SESSION_VERBS: ReadonlySet<string> = new Set(['checkpoint', 'checkpoints', 'rewind']);
