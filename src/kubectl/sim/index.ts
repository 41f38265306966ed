/** Every `sim` verb: the things a real cluster cannot be asked to do. */
import type { Verb } from '../context.js';
import { advance, now, seed, settle } from './clock.js';
import { image } from './image.js';
import { node } from './node.js';
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
};
