/**
 * The sim verbs `exec` knows from the start (verb-registry.ts): what builds a cluster, moves its
 * clock and its timeline, all a first picture needs. The others load as parts (parts/part.ts).
 */
import type { Verb } from '../context.js';
import { checkpoint, checkpoints } from './checkpoint.js';
import { advance, now, seed, settle } from './clock.js';
import { image } from './image.js';
import { node } from './node.js';
import { rewind } from './rewind.js';
import { step } from './step.js';

export const SIM_START_VERBS: Readonly<Record<string, Verb>> = {
  node,
  image,
  advance,
  settle,
  step,
  now,
  seed,
  checkpoint,
  checkpoints,
  rewind,
};

/** The verbs that act on the session's timeline, not the cluster: never logged in it. */
export const SESSION_VERBS: ReadonlySet<string> = new Set(['checkpoint', 'checkpoints', 'rewind']);
