/**
 * The worker's read-only questions, by type: `{ [type]: (session, args) => result }`. Each lives
 * in its own file under `queries/`. A query never changes the cluster and is never logged (the
 * editor's validation, `why` data, the session log for a report). `checkLessons` (the lesson
 * checker for an instructor's own folder, which brings the lesson parser and prover along) is not
 * here: the worker loads it as a chunk of its own at its first request (engine.worker.ts).
 */
import type { EngineSession } from './session.js';
import { completeQuery } from './queries/complete.js';
import { lifecycleQuery } from './queries/lifecycle.js';
import { logQuery } from './queries/log.js';
import { validateQuery } from './queries/validate.js';
import { pictureFactsQuery } from './queries/picture-facts.js';
import { whyMatrixQuery } from './queries/why-matrix.js';
import { whyQuery } from './queries/why.js';

export type Query = (session: EngineSession, args: unknown) => unknown;

export const QUERIES: Readonly<Record<string, Query>> = {
  complete: completeQuery,
  log: logQuery,
  validate: validateQuery,
  pictureFacts: pictureFactsQuery,
  why: whyQuery,
  whyMatrix: whyMatrixQuery,
  lifecycle: lifecycleQuery,
};
